package main

import (
	"context"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strconv"
	"strings"

	"github.com/spf13/cobra"

	"pbem/engine"
	"pbem/server"
	"pbem/store"
)

func newDemoCmd(reg *engine.Registry) *cobra.Command {
	var seed uint64
	var players int
	cmd := &cobra.Command{
		Use:   "demo [GAME]",
		Short: "Play a whole game between computer players in the terminal",
		Long: `Play a whole game between computer players in the terminal, through
the server and a store in a temporary database, as a real game is played:
each move is printed with its seat, its notation, its
score and events, then the board as a spectator sees it; at the end the
final scores, why the game ended and the winners.

GAME is one of: ` + strings.Join(reg.IDs(), ", ") + ` (default amplitude). The same
--seed and --players always give the same game.`,
		Example: "  pbem demo\n  pbem demo amplitude --seed 3 --players 3",
		Args: cobra.MatchAll(cobra.MaximumNArgs(1), func(cmd *cobra.Command, args []string) error {
			if len(args) == 1 {
				_, err := reg.Lookup(args[0])
				return err
			}
			return nil
		}),
		ValidArgsFunction: func(cmd *cobra.Command, args []string, _ string) ([]cobra.Completion, cobra.ShellCompDirective) {
			if len(args) > 0 {
				return nil, cobra.ShellCompDirectiveNoFileComp
			}
			return reg.IDs(), cobra.ShellCompDirectiveNoFileComp
		},
		RunE: func(cmd *cobra.Command, args []string) error {
			id := "amplitude"
			if len(args) == 1 {
				id = args[0]
			}
			g, err := reg.Lookup(id)
			if err != nil {
				return exitWith(exitUsage, err)
			}
			return playDemo(cmd.Context(), cmd.OutOrStdout(), reg, g, seed, players)
		},
	}
	cmd.Flags().Uint64Var(&seed, "seed", 1, "random seed of the game: the same seed gives the same game")
	cmd.Flags().IntVar(&players, "players", 2, "number of computer players")
	return cmd
}

// playDemo plays g between bots to its end through the store, in a
// temporary database, then prints every move and the board after it.
func playDemo(ctx context.Context, w io.Writer, reg *engine.Registry, g engine.Game, seed uint64, players int) error {
	dir, err := os.MkdirTemp("", "pbem-demo-")
	if err != nil {
		return exitWith(exitNo, fmt.Errorf("demo database: %w", err))
	}
	defer os.RemoveAll(dir)
	st, err := store.Open(ctx, filepath.Join(dir, "demo.db"), nil)
	if err != nil {
		return exitWith(exitNo, err)
	}
	defer st.Close()
	srv := server.New(st, reg, server.Config{})
	req := server.NewGame{Game: g.ID(), Seed: &seed}
	for i := range players {
		req.Bots = append(req.Bots, "Bot "+strconv.Itoa(i+1))
	}
	id, err := srv.Create(ctx, req)
	if err != nil {
		if engine.IsRefusal(err) {
			return exitWith(exitUsage, err)
		}
		return exitWith(exitNo, fmt.Errorf("demo game: %w", err))
	}
	snap, err := srv.Snapshot(ctx, id, 0)
	if err != nil {
		return exitWith(exitNo, err)
	}
	view := engine.View{Seat: -1, Names: req.Bots}
	fmt.Fprintf(w, "%s, seed %d, %d players: %s.\n\n", g.Name(), seed, players, strings.Join(view.Names, ", "))
	fmt.Fprint(w, snap.State.Render(view))
	for _, m := range snap.Moves {
		after, err := g.Decode(m.State)
		if err != nil {
			return exitWith(exitNo, fmt.Errorf("move %d: %w", m.Number, err))
		}
		fmt.Fprintf(w, "\nMove %d. %s: %s (%s)\n", m.Number, view.Name(m.Seat), m.Notation, points(m.Score))
		for _, e := range m.Events {
			fmt.Fprintf(w, "  %s\n", e)
		}
		fmt.Fprintln(w)
		fmt.Fprint(w, after.Render(view))
	}
	final, err := srv.Snapshot(ctx, id, -1)
	if err != nil {
		return exitWith(exitNo, err)
	}
	fin := final.State
	if !fin.Over() {
		return exitWith(exitNo, fmt.Errorf("the demo game stopped before its end, at move %d", final.At))
	}
	fmt.Fprintln(w)
	fmt.Fprintf(w, "Final scores: %s.\n", scoreList(view, fin.Scores()))
	fmt.Fprintf(w, "The game ended after %d moves: %s.\n", final.At, ending(fin))
	fmt.Fprintln(w, winnerLine(view, fin.Winners()))
	if err := srv.Verify(ctx, id); err != nil {
		return exitWith(exitNo, fmt.Errorf("the archive does not replay: %w", err))
	}
	return nil
}

// ending says why st ended, from the game's Inspector where it has one.
func ending(st engine.State) string {
	if e, ok := st.(engine.Inspector); ok && e.Ending() != "" {
		return e.Ending()
	}
	return "the game is over"
}

func scoreList(v engine.View, scores []int) string {
	parts := make([]string, len(scores))
	for seat, s := range scores {
		parts[seat] = fmt.Sprintf("%s %d", v.Name(seat), s)
	}
	return strings.Join(parts, ", ")
}

func winnerLine(v engine.View, winners []int) string {
	names := make([]string, len(winners))
	for i, seat := range winners {
		names[i] = v.Name(seat)
	}
	switch len(winners) {
	case 0:
		return "No winner: a draw."
	case 1:
		return "Winner: " + names[0] + "."
	}
	return "Winners (a shared win): " + strings.Join(names, ", ") + "."
}

func points(n int) string {
	if n == 1 || n == -1 {
		return fmt.Sprintf("%d point", n)
	}
	return fmt.Sprintf("%d points", n)
}
