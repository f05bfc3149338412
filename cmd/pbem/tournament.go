package main

import (
	"context"
	"fmt"
	"strings"

	"github.com/spf13/cobra"

	"pbem/engine"
	"pbem/server"
	"pbem/server/tournament"
)

func newTournamentCmd(reg *engine.Registry) *cobra.Command {
	cmd := &cobra.Command{
		Use:   "tournament",
		Short: "Make, follow and export tournaments: round-robin, Swiss, knockout",
	}
	cmd.AddCommand(newTournamentNewCmd(reg), newTournamentListCmd(reg), newTournamentShowCmd(reg),
		newTournamentWithdrawCmd(reg), newTournamentCancelCmd(reg), newTournamentExportCmd(reg))
	return cmd
}

func newTournamentNewCmd(reg *engine.Registry) *cobra.Command {
	var players, bots, options []string
	var rounds, seats, open int
	var until string
	cmd := &cobra.Command{
		Use:   "new GAME FORMAT [--rounds N] [--seats N] [--option KEY=VALUE]... [--player ADDR[:NAME]]... [--bot LEVEL]... [--open N] [--until DATE]",
		Short: "Make a tournament and print its ID",
		Long: `Make a tournament of GAME (` + strings.Join(reg.IDs(), ", ") + `) in FORMAT: round-robin,
swiss (with --rounds) or knockout. The --player addresses and the --bot
computer seats (a level each: easy, normal, strong) enter at once; --open N
lets registered players join by mail (tournament join ID) until N have
entered, --until closes the sign-up on a date (YYYY-MM-DD, the end of that
day UTC, or RFC 3339) whoever joined. Without either it starts at once:
its first round's games are created and their invitations queued.
Options are each game's (clock=72h, …).`,
		Example: `  pbem tournament new chiffres swiss --rounds 3 --player ann@example.org:Ann --player bob@example.org --bot easy --bot normal
  pbem tournament new amplitude knockout --open 8 --until 2026-12-24 --option clock=5d`,
		Args:              cobra.ExactArgs(2),
		ValidArgsFunction: gameArg(reg),
		RunE: func(cmd *cobra.Command, args []string) error {
			opts, err := gameOptions(options)
			if err != nil {
				return err
			}
			req := tournament.Request{Game: args[0], Format: args[1], Rounds: rounds, Seats: seats, Options: opts, Open: open}
			if until != "" {
				var ok bool
				if req.Until, ok = tournament.ReadUntil(until); !ok {
					return exitWith(exitUsage, fmt.Errorf("--until %q is neither a date (YYYY-MM-DD) nor an instant (RFC 3339)", until))
				}
			}
			for _, p := range players {
				email, name, _ := strings.Cut(p, ":")
				req.People = append(req.People, tournament.Person{Email: strings.TrimSpace(email), Name: strings.TrimSpace(name)})
			}
			req.Bots = bots
			return withServer(cmd, reg, func(ctx context.Context, srv *server.Server) error {
				id, err := srv.Tournaments().New(ctx, req)
				if err != nil {
					return err
				}
				fmt.Fprintln(cmd.OutOrStdout(), id)
				return nil
			})
		},
	}
	cmd.Flags().IntVar(&rounds, "rounds", 0, "a Swiss tournament's `N` rounds")
	cmd.Flags().IntVar(&seats, "seats", 0, "the `N` seats of each game (two by default)")
	cmd.Flags().StringArrayVar(&options, "option", nil, "a game option `KEY=VALUE` of every game; repeatable")
	cmd.Flags().StringArrayVar(&players, "player", nil, "a person entered: `ADDR[:NAME]`; repeatable")
	cmd.Flags().StringArrayVar(&bots, "bot", nil, "a computer seat entered, playing at `LEVEL` (easy, normal, strong); repeatable")
	cmd.Flags().IntVar(&open, "open", 0, "the `N` entrants in all, registered players joining by mail until then")
	cmd.Flags().StringVar(&until, "until", "", "the sign-up closes at `DATE` (YYYY-MM-DD: the end of that day UTC; or RFC 3339)")
	return cmd
}
