package main

import (
	"context"
	"fmt"
	"strings"
	"time"

	"github.com/spf13/cobra"

	"pbem/engine"
	"pbem/server"
)

func newGameNudgeCmd(reg *engine.Registry) *cobra.Command {
	return &cobra.Command{
		Use:   "nudge ID",
		Short: "Mail the player to move a reminder now",
		Long: `Mail the player to move in game ID a reminder now: their turn, the board,
and, with a clock, when their time runs out. The clock's own reminders are
still sent.`,
		Args:              cobra.ExactArgs(1),
		ValidArgsFunction: noFiles,
		RunE: func(cmd *cobra.Command, args []string) error {
			return withGame(cmd, reg, args[0], func(ctx context.Context, srv *server.Server, id int64) error {
				to, err := srv.Clocks().Nudge(ctx, id)
				if err != nil {
					return err
				}
				fmt.Fprintf(cmd.OutOrStdout(), "reminder queued for %s\n", safeLine(to))
				return nil
			})
		},
	}
}

func newGameClockCmd(reg *engine.Registry) *cobra.Command {
	return &cobra.Command{
		Use:   "clock ID +DURATION",
		Short: "Give the player to move more time",
		Long: `Add DURATION (as +48h, +2d, or -12h to take time back) to the clock of the
player to move in game ID, running, stopped by a vacation or waiting for
the relay to accept the mail giving the turn, and print the new deadline.
A clock stopped because that mail never reached the player (it bounced,
or the relay refused it) runs again from now with its time and DURATION,
and the other players are told: you found another way to reach them.`,
		Args:              cobra.ExactArgs(2),
		ValidArgsFunction: noFiles,
		RunE: func(cmd *cobra.Command, args []string) error {
			extra, err := signedDuration(args[1])
			if err != nil {
				return exitWith(exitUsage, err)
			}
			return withGame(cmd, reg, args[0], func(ctx context.Context, srv *server.Server, id int64) error {
				c, err := srv.Clocks().AddTime(ctx, id, extra)
				if err != nil {
					return err
				}
				switch {
				case c.Waiting():
					fmt.Fprintf(cmd.OutOrStdout(), "game %d: the clock waits for the relay to accept the turn mail, with %s left\n", id, c.Left.Round(time.Minute))
					return nil
				case c.Left > 0:
					fmt.Fprintf(cmd.OutOrStdout(), "game %d: the clock is stopped by a vacation, with %s left\n", id, c.Left.Round(time.Minute))
					return nil
				}
				fmt.Fprintf(cmd.OutOrStdout(), "game %d: the time runs out %s\n", id, c.Deadline.UTC().Format(time.RFC3339))
				return nil
			})
		},
	}
}

// signedDuration reads +48h, +2d or -12h.
func signedDuration(arg string) (time.Duration, error) {
	sign := time.Duration(1)
	rest, plus := strings.CutPrefix(arg, "+")
	if !plus {
		var minus bool
		if rest, minus = strings.CutPrefix(arg, "-"); !minus {
			return 0, fmt.Errorf("%q is a time to add, as +48h or +2d, or to take back, as -12h", arg)
		}
		sign = -1
	}
	if days, ok := strings.CutSuffix(rest, "d"); ok {
		d, err := time.ParseDuration(days + "h")
		if err != nil {
			return 0, fmt.Errorf("%q is a time to add, as +48h or +2d", arg)
		}
		return sign * 24 * d, nil
	}
	d, err := time.ParseDuration(rest)
	if err != nil || d <= 0 {
		return 0, fmt.Errorf("%q is a time to add, as +48h or +2d", arg)
	}
	return sign * d, nil
}
