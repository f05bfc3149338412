package main

import (
	"context"
	"errors"
	"fmt"

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
	return cmd
}
