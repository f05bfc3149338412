package main

import (
	"context"
	"fmt"

	"github.com/spf13/cobra"

	"pbem/engine"
	"pbem/server"
)

func newTournamentCancelCmd(reg *engine.Registry) *cobra.Command {
	return &cobra.Command{
		Use:   "cancel ID",
		Short: "Cancel a tournament signing up or running: its games going on aborted, every person in it told by mail",
		Long: `Cancel a tournament that signs up or runs: it ends as cancelled, each
person in it (joined or invited) is told once by mail, in their language,
and its games going on are aborted. Run again on a cancelled tournament,
it aborts the games an interrupted cancel left going on, telling no one
again.`,
		Args: cobra.ExactArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			return withTournament(cmd, reg, args[0], func(ctx context.Context, srv *server.Server, id int64) error {
				if _, err := srv.Tournaments().Cancel(ctx, id); err != nil {
					return err
				}
				fmt.Fprintf(cmd.OutOrStdout(), "tournament %d cancelled\n", id)
				return nil
			})
		},
	}
}
