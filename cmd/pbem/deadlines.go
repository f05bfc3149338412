package main

import (
	"context"
	"fmt"
	"time"

	"github.com/spf13/cobra"

	"pbem/engine"
	"pbem/server"
)

func newDeadlinesCmd(reg *engine.Registry) *cobra.Command {
	var at string
	cmd := &cobra.Command{
		Use:   "deadlines [--now TIME]",
		Short: "Send the reminders and digests and play the timeouts due now, once",
		Long: `Do once what pbem serve does every minute for the games' clocks: mail
the reminders due (at half the player's time, and on their last day), play
the timeouts of the players whose time ran out (as their game's timeout
option says), restart the clocks of players back from vacation, and start
the clocks whose turn mail the relay accepted (server.clock_start). Each
is done as of the instant it fell due, not when this runs: a timeout is
played, and the next player's clock starts, when the time ran out; a
clock stopped by a vacation runs again from the vacation's end; a clock
waiting for its turn mail runs from the relay's acceptance; so once a
day from cron plays the same timeouts at the same instants as every
minute. Then mail the digests due to the players who chose mail digest HH:MM, end
the challenges that were not accepted in time (lobby.challenge_expiry; a ladder's
challenge is then forfeited), give the seats on offer past their time to a computer,
apply the ladder results a crash left unapplied, and move the tournaments on: start
those whose sign-up date passed, record a result and pair a round that a crash left
undone.

For set-ups where mail comes through pbem ingest and cron runs this, and
for tests: --now TIME (RFC 3339, as 2026-12-24T09:00:00Z) does what is due
at TIME rather than now. Each reminder and timeout is recorded with its
mails in one transaction, so running it twice, or beside pbem serve, never
sends one twice. It prints how many games it acted on, and how many
digests it sent, challenges it expired and tournaments it moved on when
there were any.`,
		Args:              cobra.NoArgs,
		ValidArgsFunction: noFiles,
		RunE: func(cmd *cobra.Command, args []string) error {
			now := time.Now
			if at != "" {
				t, err := time.Parse(time.RFC3339, at)
				if err != nil {
					return exitWith(exitUsage, fmt.Errorf("--now is a time as 2026-12-24T09:00:00Z (RFC 3339), not %q", at))
				}
				now = func() time.Time { return t }
			}
			return withServerAt(cmd, reg, now, func(ctx context.Context, srv *server.Server) error {
				done, err := srv.Deadlines(ctx, now())
				fmt.Fprintf(cmd.OutOrStdout(), "%s acted on\n", plural(done.Games, "game"))
				if done.Digests > 0 {
					fmt.Fprintf(cmd.OutOrStdout(), "%s sent\n", plural(done.Digests, "digest"))
				}
				if done.Challenges > 0 {
					fmt.Fprintf(cmd.OutOrStdout(), "%s expired\n", plural(done.Challenges, "challenge"))
				}
				if done.Ladders > 0 {
					fmt.Fprintf(cmd.OutOrStdout(), "%s settled\n", plural(done.Ladders, "ladder change"))
				}
				if done.Tournaments > 0 {
					fmt.Fprintf(cmd.OutOrStdout(), "%s moved on\n", plural(done.Tournaments, "tournament"))
				}
				return err
			})
		},
	}
	cmd.Flags().StringVar(&at, "now", "", "do what is due at `TIME` (RFC 3339) rather than now")
	return cmd
}
