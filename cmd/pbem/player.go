package main

import (
	"context"
	"errors"
	"fmt"
	"strings"

	"github.com/spf13/cobra"

	"pbem/engine"
	"pbem/server"
)

// newPlayerCmd groups the operator's commands on players.
func newPlayerCmd(reg *engine.Registry) *cobra.Command {
	cmd := &cobra.Command{
		Use:   "player",
		Short: "Manage players: the other addresses they send from",
	}
	cmd.AddCommand(&cobra.Command{
		Use:   "alias EMAIL ADDRESS",
		Short: "Let the player EMAIL also send their moves from ADDRESS",
		Long: `Let the player whose address is EMAIL also send their moves from
ADDRESS, as from a phone or a work account: mail from ADDRESS then counts
as theirs in every game they play. The player must exist (they have been
seated in a game).`,
		Args:              cobra.ExactArgs(2),
		ValidArgsFunction: noFiles,
		RunE: func(cmd *cobra.Command, args []string) error {
			return withServer(cmd, reg, func(ctx context.Context, srv *server.Server) error {
				if err := srv.AddAlias(ctx, args[0], args[1]); err != nil {
					var r *engine.Refusal
					if errors.As(err, &r) {
						return exitWith(exitNo, err)
					}
					return err
				}
				fmt.Fprintf(cmd.OutOrStdout(), "%s also sends as %s\n", args[0], args[1])
				return nil
			})
		},
	})
	cmd.AddCommand(&cobra.Command{
		Use:   "vacation EMAIL 5d|72h|until DATE|back",
		Short: "Stop, or restart, the player's clocks in every game",
		Long: `Put the player EMAIL on vacation, as they can by mail: their clocks stop in
every game, keeping the time left, until the vacation ends (5d, 72h, or
until 2026-12-24, the day's start in UTC), when they run again; back ends
it now. Their opponents are told, and each game's vacation_days limits the
days taken in any 60.`,
		Args:              cobra.RangeArgs(2, 3),
		ValidArgsFunction: noFiles,
		RunE: func(cmd *cobra.Command, args []string) error {
			spec := strings.ToLower(strings.Join(args[1:], " "))
			return withServer(cmd, reg, func(ctx context.Context, srv *server.Server) error {
				text, err := srv.Vacation(ctx, args[0], spec)
				if err != nil {
					return err
				}
				fmt.Fprintln(cmd.OutOrStdout(), text)
				return nil
			})
		},
	})
	return cmd
}
