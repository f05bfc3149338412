package main

import (
	"fmt"
	"math"
	"strings"
	"text/tabwriter"
	"time"

	"github.com/spf13/cobra"

	"pbem/engine"
	"pbem/engine/match"
)

// newBotCmd groups the commands about the computer players.
func newBotCmd(reg *engine.Registry) *cobra.Command {
	cmd := &cobra.Command{
		Use:   "bot",
		Short: "Measure the computer players",
		Long: `Measure the computer players of the games: bot match plays them against
each other and against simple players, bot seats one player in every seat
to show what a seat is worth, with no database and no mail.`,
	}
	cmd.AddCommand(newBotMatchCmd(reg), newBotSeatsCmd(reg))
	return cmd
}

// matchJSON is bot match --json.
type matchJSON struct {
	Game       string            `json:"game"`
	Options    map[string]string `json:"options"`
	Seed       uint64            `json:"seed"`
	Games      int               `json:"games"`
	MaxMoves   int               `json:"max_moves"`
	A          sideJSON          `json:"a"`
	B          sideJSON          `json:"b"`
	AFirst     int               `json:"a_first"`     // the games a moved first in
	MeanLength float64           `json:"mean_length"` // moves a game, both sides'
	Capped     int               `json:"capped"`      // games ended by the move cap, counted as draws
	Score      float64           `json:"score"`       // a's wins and half its draws, a game
	Low        float64           `json:"ci_low"`      // Wilson 95% interval of score
	High       float64           `json:"ci_high"`
}

// sideJSON is one side of bot match --json.
type sideJSON struct {
	Player   string  `json:"player"`
	Wins     int     `json:"wins"`
	Draws    int     `json:"draws"`
	Losses   int     `json:"losses"`
	Moves    int     `json:"moves"`        // the moves it chose
	MeanMove float64 `json:"mean_move_ms"` // the time it took to choose one
	MaxMove  float64 `json:"max_move_ms"`
}

func newBotMatchCmd(reg *engine.Registry) *cobra.Command {
	var a, b string
	var f playFlags
	cmd := &cobra.Command{
		Use:   "match GAME --a PLAYER --b PLAYER [--games N] [--seed S] [--option KEY=VALUE]... [--max-moves N] [--json]",
		Short: "Play computer players against each other and print how each fared",
		Long: `Play --games games of GAME (` + strings.Join(reg.IDs(), ", ") + `)
between the players --a and --b, two seats a game, a in the first seat in
the even games and b in the odd ones, and print for each side its wins,
draws and losses and the time it took to choose a move (mean and
longest), then a's score (wins and half the draws, a game) with its 95%
confidence interval (Wilson), how many games a moved first in, the games'
mean length, and how many reached the move cap, counted as draws.

A PLAYER is a level of the game's computer (easy, normal or strong, also
written level:easy), random, greedy, blocker or seer:
  ` + strings.ReplaceAll(match.Says, "\n", "\n  ") + `

The same --seed plays the same games (the times aside): it deals each
game and makes every choice among equal moves. Options are the game's
(see docs/GAME.md), for every game; Ludicitude's bot_nodes sets its
computer's budget. Errors go to stderr with exit status 1 (2 for a wrong
command line).`,
		Example: `  pbem bot match amplitude --a normal --b greedy --games 100
  pbem bot match ludicitude --a normal --b random --games 40 --option bot_nodes=20000 --json`,
		Args:              cobra.ExactArgs(1),
		ValidArgsFunction: gameArg(reg),
		RunE: func(cmd *cobra.Command, args []string) error {
			g, err := reg.Lookup(args[0])
			if err != nil {
				return exitWith(exitUsage, err)
			}
			if a == "" || b == "" {
				return exitWith(exitUsage, fmt.Errorf("a match needs its two players: --a and --b"))
			}
			m := match.Match{Game: g, Games: f.games, Seed: f.seed, MaxMoves: f.maxMoves}
			if m.A, err = match.ParsePlayer(a); err != nil {
				return exitWith(exitUsage, fmt.Errorf("--a: %w", err))
			}
			if m.B, err = match.ParsePlayer(b); err != nil {
				return exitWith(exitUsage, fmt.Errorf("--b: %w", err))
			}
			if m.Options, err = f.gameOptions(g, 2); err != nil {
				return err
			}
			start := time.Now()
			m.Clock = func() time.Duration { return time.Since(start) } // monotonic
			bar := newProgress(cmd.ErrOrStderr(), "match", "games")
			m.Progress = bar.update
			res, err := m.Run()
			bar.clear()
			switch {
			case err != nil:
				return exitWith(exitNo, err)
			case f.asJSON:
				return writeJSON(cmd, matchResultJSON(m, res))
			}
			return writeMatch(cmd, m, res)
		},
	}
	cmd.Flags().StringVar(&a, "a", "", "side a's `PLAYER`: easy, normal, strong, random, greedy, blocker or seer")
	cmd.Flags().StringVar(&b, "b", "", "side b's `PLAYER`")
	f.add(cmd, 10, "counted a draw")
	return cmd
}

// writeMatch prints a match's results: a line a side, then a's score.
func writeMatch(cmd *cobra.Command, m match.Match, res match.Result) error {
	out := cmd.OutOrStdout()
	fmt.Fprintf(out, "%s: %d games from seed %d, a in the first seat in the even games\n", m.Game.Name(), res.Games, m.Seed)
	w := tabwriter.NewWriter(out, 0, 4, 2, ' ', 0)
	fmt.Fprintln(w, "SIDE\tPLAYER\tWINS\tDRAWS\tLOSSES\tMS/MOVE\tMAX MS")
	for _, s := range []struct {
		name string
		side match.Side
	}{{"a", res.A}, {"b", res.B}} {
		fmt.Fprintf(w, "%s\t%s\t%d\t%d\t%d\t%.2f\t%.2f\n", s.name, s.side.Player, s.side.Wins, s.side.Draws, s.side.Losses, ms(s.side.MeanMove()), ms(s.side.MaxMove))
	}
	if err := w.Flush(); err != nil {
		return err
	}
	low, high := res.Interval()
	fmt.Fprintf(out, "a scores %.3f a game, 95%% confidence interval %.3f to %.3f.\n", res.Score(), low, high)
	fmt.Fprintf(out, "a moved first in %d games; a game lasted %.1f moves on average; %d reached the %d-move cap (draws).\n",
		res.AFirst, res.MeanLength(), res.Capped, m.MaxMoves)
	fmt.Fprintln(out, "\n"+match.Says)
	return nil
}

// ms is d in milliseconds.
func ms(d time.Duration) float64 { return float64(d) / float64(time.Millisecond) }

// matchResultJSON is res as bot match --json prints it.
func matchResultJSON(m match.Match, res match.Result) matchJSON {
	side := func(s match.Side) sideJSON {
		return sideJSON{
			Player: s.Player.String(), Wins: s.Wins, Draws: s.Draws, Losses: s.Losses, Moves: s.Moves,
			MeanMove: round(ms(s.MeanMove()), 3), MaxMove: round(ms(s.MaxMove), 3),
		}
	}
	low, high := res.Interval()
	return matchJSON{
		Game: m.Game.ID(), Options: m.Options, Seed: m.Seed, Games: res.Games, MaxMoves: m.MaxMoves,
		A: side(res.A), B: side(res.B), AFirst: res.AFirst, MeanLength: round(res.MeanLength(), 2), Capped: res.Capped,
		Score: round(res.Score(), 4), Low: round(low, 4), High: round(high, 4),
	}
}

// round is x to places decimals.
func round(x float64, places int) float64 {
	p := math.Pow(10, float64(places))
	return math.Round(x*p) / p
}
