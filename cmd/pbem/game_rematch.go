package main

import (
	"context"
	"fmt"

	"github.com/spf13/cobra"

	"pbem/engine"
	"pbem/server"
)

func newGameRematchCmd(reg *engine.Registry) *cobra.Command {
	return &cobra.Command{
		Use:   "rematch ID",
		Short: "Start the rematch of a finished game at once",
		Long: `Start the rematch of finished game ID now, without asking its players: the
same game, options and players, each seat moved on by one (the first
player's seat goes to the second, the last's to the first), and a new
seed. It prints the new game's ID alone, and queues its invitations.
Players offer a rematch by mail with rematch, which starts once all accept
(lobby.rematch turns that off); while such an offer waits, this refuses,
naming it: cancel it with pbem challenge cancel first.`,
		Args:              cobra.ExactArgs(1),
		ValidArgsFunction: noFiles,
		RunE: func(cmd *cobra.Command, args []string) error {
			return withGame(cmd, reg, args[0], func(ctx context.Context, srv *server.Server, id int64) error {
				next, err := srv.Lobby().RematchNow(ctx, id)
				if err != nil {
					return err
				}
				fmt.Fprintln(cmd.OutOrStdout(), next)
				return nil
			})
		},
	}
}
