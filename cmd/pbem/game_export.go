package main

import (
	"context"
	"fmt"
	"io"
	"sort"
	"strings"

	"github.com/spf13/cobra"

	"pbem/engine"
	"pbem/server"
)

// exportJSON is the whole record of a game: with the game's engine, its
// seed, options, seats and the moves' notation rebuild it anywhere.
type exportJSON struct {
	Format  string            `json:"format"`
	ID      int64             `json:"id"`
	Game    string            `json:"game"`
	Options map[string]string `json:"options"`
	Seed    uint64            `json:"seed"`
	Status  string            `json:"status"`
	Created string            `json:"created_at"`
	Players []exportSeat      `json:"players"`
	Moves   []moveJSON        `json:"moves"`
	Result  exportResult      `json:"result"`
}

type exportSeat struct {
	Seat  int    `json:"seat"`
	Email string `json:"email,omitempty"`
	Name  string `json:"name"`
	Bot   bool   `json:"bot,omitempty"`
}

type exportResult struct {
	Scores  []int    `json:"scores"`
	Winners []string `json:"winners"`
	Ending  string   `json:"ending,omitempty"`
}

func newGameExportCmd(reg *engine.Registry) *cobra.Command {
	var format string
	cmd := &cobra.Command{
		Use:   "export ID [--format json|text]",
		Short: "Print a game's whole record: players, options, seed, every move, the result",
		Long: `Print a game's whole record: its players, options and seed, every move
with the text as sent, its canonical notation, score, events and time,
and the result. The JSON form is enough to rebuild the game anywhere:
start it from (game, options, seed, number of seats) and replay the
notation of each move.`,
		Args:              cobra.ExactArgs(1),
		ValidArgsFunction: noFiles,
		RunE: func(cmd *cobra.Command, args []string) error {
			id, err := gameID(args[0])
			if err != nil {
				return err
			}
			if format != "json" && format != "text" {
				return exitWith(exitUsage, engine.Refuse("--format is json or text, not %q", format))
			}
			return withServer(cmd, reg, func(ctx context.Context, srv *server.Server) error {
				snap, err := srv.Snapshot(ctx, id, -1)
				if err != nil {
					return err
				}
				rec := exportRecord(snap)
				if format == "json" {
					return writeJSON(cmd, rec)
				}
				writeExportText(cmd.OutOrStdout(), rec, snap)
				return nil
			})
		},
	}
	cmd.Flags().StringVar(&format, "format", "json", "`json` or text")
	return cmd
}

func exportRecord(snap server.Snapshot) exportJSON {
	g := snap.Game
	rec := exportJSON{
		Format: "pbem-export-1", ID: g.ID, Game: g.Type, Options: g.Options, Seed: g.Seed,
		Status: g.Status, Created: g.CreatedAt.Format(timeLayout), Moves: movesJSON(g, snap.Moves),
		Result: exportResult{Scores: snap.State.Scores(), Winners: []string{}},
	}
	for i, seat := range g.Seats {
		rec.Players = append(rec.Players, exportSeat{Seat: i, Email: seat.Email, Name: seat.Label(), Bot: seat.Bot != ""})
	}
	if snap.State.Over() {
		for _, w := range snap.State.Winners() {
			rec.Result.Winners = append(rec.Result.Winners, seatID(g.Seats[w]))
		}
	}
	rec.Result.Ending = engine.Ending(snap.State, engine.View{Names: server.Names(g)})
	return rec
}

func writeExportText(w io.Writer, rec exportJSON, snap server.Snapshot) {
	fmt.Fprintf(w, "Game %d: %s, seed %d, %s.\n", rec.ID, snap.Kind.Name(), rec.Seed, rec.Status)
	if len(rec.Options) > 0 {
		keys := make([]string, 0, len(rec.Options))
		for k := range rec.Options {
			keys = append(keys, k)
		}
		sort.Strings(keys)
		var opts []string
		for _, k := range keys {
			opts = append(opts, k+"="+rec.Options[k])
		}
		fmt.Fprintf(w, "Options: %s.\n", strings.Join(opts, " "))
	}
	fmt.Fprintf(w, "Created %s.\nPlayers:\n", rec.Created)
	for _, p := range rec.Players {
		who := p.Email
		if p.Bot {
			who = "computer"
		}
		fmt.Fprintf(w, "  %d. %s (%s)\n", p.Seat+1, p.Name, who)
	}
	fmt.Fprintln(w, "Moves:")
	for _, m := range rec.Moves {
		fmt.Fprintf(w, "  %d. %s: %s (%d) at %s", m.Number, m.Player, m.Notation, m.Score, m.Time)
		if m.Text != m.Notation {
			fmt.Fprintf(w, ", sent as %q", m.Text)
		}
		fmt.Fprintln(w)
		for _, e := range m.Events {
			fmt.Fprintf(w, "     %s\n", e)
		}
	}
	fmt.Fprintf(w, "Result: scores %v", rec.Result.Scores)
	if len(rec.Result.Winners) > 0 {
		fmt.Fprintf(w, ", won by %s", strings.Join(rec.Result.Winners, " and "))
	}
	if rec.Result.Ending != "" {
		fmt.Fprintf(w, "; %s", rec.Result.Ending)
	}
	fmt.Fprintln(w, ".")
	fmt.Fprintln(w)
	fmt.Fprint(w, snap.State.Render(engine.View{Seat: -1, Names: server.Names(snap.Game)}))
}
