package main

import (
	"context"
	"fmt"
	"pbem/lang"
	"text/tabwriter"

	"github.com/spf13/cobra"

	"pbem/engine"
	"pbem/server"
	"pbem/store"
)

// moveJSON is one move of game history --json and game export.
type moveJSON struct {
	Number   int      `json:"number"`
	Turn     int      `json:"turn"`            // the number players know it by, #turn
	Aside    bool     `json:"aside,omitempty"` // a draw offer or answer, sharing its turn's number
	Seat     int      `json:"seat"`
	Player   string   `json:"player"`
	Text     string   `json:"text"`
	Notation string   `json:"notation"`
	Score    int      `json:"score"`
	Events   []string `json:"events"`
	Time     string   `json:"time"`
	Mail     string   `json:"message_id,omitempty"`
}

func movesJSON(g store.Game, moves []store.Move) []moveJSON {
	out := make([]moveJSON, 0, len(moves))
	for _, m := range moves {
		out = append(out, moveJSON{
			Number: m.Number, Turn: m.Turn, Aside: m.Aside, Seat: m.Seat, Player: seatID(g.Seats[m.Seat]), Text: m.Text,
			Notation: m.Notation, Score: m.Score, Events: lang.All(m.Events, lang.English),
			Time: m.CreatedAt.Format(timeLayout), Mail: m.MessageID,
		})
	}
	return out
}

func newGameHistoryCmd(reg *engine.Registry) *cobra.Command {
	var asJSON bool
	cmd := &cobra.Command{
		Use:               "history ID [--json]",
		Short:             "List every move of a game: player, notation, score and time",
		Args:              cobra.ExactArgs(1),
		ValidArgsFunction: noFiles,
		RunE: func(cmd *cobra.Command, args []string) error {
			id, err := gameID(args[0])
			if err != nil {
				return err
			}
			return withServer(cmd, reg, func(ctx context.Context, srv *server.Server) error {
				snap, err := srv.Snapshot(ctx, id, -1)
				if err != nil {
					return err
				}
				moves := movesJSON(snap.Game, snap.Moves)
				if asJSON {
					return writeJSON(cmd, moves)
				}
				w := tabwriter.NewWriter(cmd.OutOrStdout(), 0, 4, 2, ' ', 0)
				fmt.Fprintln(w, "MOVE\tTURN\tPLAYER\tNOTATION\tSCORE\tTIME")
				for _, m := range moves {
					fmt.Fprintf(w, "%d\t#%d\t%s\t%s\t%d\t%s\n", m.Number, m.Turn, m.Player, m.Notation, m.Score, m.Time)
				}
				return w.Flush()
			})
		},
	}
	cmd.Flags().BoolVar(&asJSON, "json", false, "print JSON")
	return cmd
}
