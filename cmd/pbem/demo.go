package main

import (
	"fmt"
	"io"
	"strconv"
	"strings"

	"github.com/spf13/cobra"

	"pbem/engine"
)

// maxDemoMoves stops a demo whose game would never end (an engine bug).
const maxDemoMoves = 10000

func newDemoCmd(reg *engine.Registry) *cobra.Command {
	var seed uint64
	var players int
	cmd := &cobra.Command{
		Use:   "demo [GAME]",
		Short: "Play a whole game between computer players in the terminal",
		Long: `Play a whole game between computer players in the terminal, through
the game engine: each move is printed with its seat, its notation, its
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
			return playDemo(cmd.OutOrStdout(), g, seed, players)
		},
	}
	cmd.Flags().Uint64Var(&seed, "seed", 1, "random seed of the game: the same seed gives the same game")
	cmd.Flags().IntVar(&players, "players", 2, "number of computer players")
	return cmd
}

// playDemo plays g between bots to its end, printing every move and the
// board after it.
func playDemo(w io.Writer, g engine.Game, seed uint64, players int) error {
	st, err := g.New(nil, seed, players)
	if err != nil {
		if engine.IsRefusal(err) {
			return exitWith(exitUsage, err)
		}
		return exitWith(exitNo, fmt.Errorf("cannot start %s: %w", g.Name(), err))
	}
	view := engine.View{Seat: -1, Names: make([]string, players)}
	for i := range view.Names {
		view.Names[i] = "Bot " + strconv.Itoa(i+1)
	}
	fmt.Fprintf(w, "%s, seed %d, %d players: %s.\n\n", g.Name(), seed, players, strings.Join(view.Names, ", "))
	fmt.Fprint(w, st.Render(view))
	for !st.Over() {
		seat := st.ToMove()
		number := st.MoveCount() + 1
		if number > maxDemoMoves {
			return exitWith(exitNo, fmt.Errorf("the game did not end after %d moves", maxDemoMoves))
		}
		m, err := st.BotMove(seat)
		if err != nil {
			return exitWith(exitNo, fmt.Errorf("move %d: the computer player of %s found no move: %w", number, view.Name(seat), err))
		}
		next, out, err := st.Apply(seat, m)
		if err != nil {
			return exitWith(exitNo, fmt.Errorf("move %d: the engine refused %s's move %s: %w", number, view.Name(seat), m, err))
		}
		st = next
		fmt.Fprintf(w, "\nMove %d. %s: %s (%s)\n", number, view.Name(seat), out.Move, points(out.Score))
		for _, e := range out.Events {
			fmt.Fprintf(w, "  %s\n", e)
		}
		fmt.Fprintln(w)
		fmt.Fprint(w, st.Render(view))
	}
	fmt.Fprintln(w)
	fmt.Fprintf(w, "Final scores: %s.\n", scoreList(view, st.Scores()))
	fmt.Fprintf(w, "The game ended after %d moves: %s.\n", st.MoveCount(), ending(st))
	fmt.Fprintln(w, winnerLine(view, st.Winners()))
	return nil
}

// ending says why st ended, from the game's Ending method where it has one:
// it is not part of engine.State.
func ending(st engine.State) string {
	if e, ok := st.(interface{ Ending() string }); ok && e.Ending() != "" {
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
