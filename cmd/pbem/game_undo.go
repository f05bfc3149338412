package main

import (
	"context"
	"fmt"

	"github.com/spf13/cobra"

	"pbem/engine"
	"pbem/server"
)

func newGameUndoCmd(reg *engine.Registry) *cobra.Command {
	return &cobra.Command{
		Use:   "undo ID",
		Short: "Take back the last turn of a game at once",
		Long: `Take back the last turn a person played in game ID, with every move after
it (the computer's answers, draw offers), without asking its players: the
game stands as it was before that turn, racks and bag included, and the
player whose turn it was plays it again, their clock started afresh. A
timeout is taken back too (a player whose mail never arrived, say); a
resignation and a finished game are not. The players are told by the
usual turn mails, and the history keeps both the turn and its undo, which
game verify replays. Players do the same by mail with undo, every other
player agreeing (lobby.undo).`,
		Args:              cobra.ExactArgs(1),
		ValidArgsFunction: noFiles,
		RunE: func(cmd *cobra.Command, args []string) error {
			return withGame(cmd, reg, args[0], func(ctx context.Context, srv *server.Server, id int64) error {
				turn, err := srv.UndoNow(ctx, id)
				if err != nil {
					return err
				}
				fmt.Fprintf(cmd.OutOrStdout(), "game %d: turn %d taken back\n", id, turn)
				return nil
			})
		},
	}
}
