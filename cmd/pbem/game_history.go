package main

import (
	"context"
	"fmt"
	"text/tabwriter"

	"github.com/spf13/cobra"

	"pbem/archive"
	"pbem/engine"
	"pbem/server"
)

// moveJSON is one move of game history --json: the shape of a move in
// game export's record (see docs/archive.md).
type moveJSON = archive.Move

func newGameHistoryCmd(reg *engine.Registry) *cobra.Command {
	var asJSON bool
	cmd := &cobra.Command{
		Use:               "history ID [--json]",
		Short:             "List every move of a game: player, notation, score and time",
		Args:              cobra.ExactArgs(1),
		ValidArgsFunction: noFiles,
		RunE: func(cmd *cobra.Command, args []string) error {
			return withGame(cmd, reg, args[0], func(ctx context.Context, srv *server.Server, id int64) error {
				snap, err := srv.Snapshot(ctx, id, -1)
				if err != nil {
					return err
				}
				moves := archive.Moves(snap.Game, snap.Moves)
				if asJSON {
					return writeJSON(cmd, moves)
				}
				w := tabwriter.NewWriter(cmd.OutOrStdout(), 0, 4, 2, ' ', 0)
				fmt.Fprintln(w, "MOVE\tTURN\tPLAYER\tNOTATION\tSCORE\tTIME")
				for _, m := range moves {
					fmt.Fprintf(w, "%d\t#%d\t%s\t%s\t%d\t%s\n", m.Number, m.Turn, safeLine(m.Player), safeLine(m.Notation), m.Score, m.Time)
				}
				if err := w.Flush(); err != nil {
					return err
				}
				return writeHolders(cmd.OutOrStdout(), archive.Holders(snap.Game.Holders))
			})
		},
	}
	cmd.Flags().BoolVar(&asJSON, "json", false, "print JSON")
	return cmd
}
