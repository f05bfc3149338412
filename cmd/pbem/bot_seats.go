package main

import (
	"fmt"
	"strings"
	"text/tabwriter"

	"github.com/spf13/cobra"

	"pbem/engine"
	"pbem/engine/match"
)

// seatsJSON is bot seats --json.
type seatsJSON struct {
	Game     string            `json:"game"`
	Options  map[string]string `json:"options"`
	Player   string            `json:"player"`
	Seats    int               `json:"seats"`
	Seed     uint64            `json:"seed"`
	Games    int               `json:"games"`
	MaxMoves int               `json:"max_moves"`
	Capped   int               `json:"capped"`
	BySeat   []seatJSON        `json:"by_seat"`
}

// seatJSON is one seat of bot seats --json.
type seatJSON struct {
	Wins  float64 `json:"wins"`  // a shared win split between its winners
	Share float64 `json:"share"` // wins a game
	Low   float64 `json:"ci_low"`
	High  float64 `json:"ci_high"`
}

func newBotSeatsCmd(reg *engine.Registry) *cobra.Command {
	var player string
	var seats int
	var f playFlags
	cmd := &cobra.Command{
		Use:   "seats GAME [--player PLAYER] [--seats N] [--games N] [--seed S] [--option KEY=VALUE]... [--json]",
		Short: "Play one player in every seat and print each seat's share of the wins",
		Long: `Play --games games of GAME (` + strings.Join(reg.IDs(), ", ") + `)
with --seats seats, the same --player in every one, and print each seat's
wins (a shared win split between its winners), its share of the games and
that share's 95% confidence interval (Wilson): what sitting first, second
and so on is worth. PLAYER is as bot match reads it (greedy by default);
the blocker and the seer play games of two only.`,
		Example:           `  pbem bot seats chiffres --seats 4 --games 200`,
		Args:              cobra.ExactArgs(1),
		ValidArgsFunction: gameArg(reg),
		RunE: func(cmd *cobra.Command, args []string) error {
			g, err := reg.Lookup(args[0])
			if err != nil {
				return exitWith(exitUsage, err)
			}
			m := match.SeatMatch{Game: g, Seats: seats, Games: f.games, Seed: f.seed, MaxMoves: f.maxMoves}
			if m.Player, err = match.ParsePlayer(player); err != nil {
				return exitWith(exitUsage, fmt.Errorf("--player: %w", err))
			}
			if lo, hi := g.Seats(); seats < lo || seats > hi {
				return exitWith(exitUsage, fmt.Errorf("--seats: %s is played by %d to %d", g.Name(), lo, hi))
			}
			if m.Options, err = f.gameOptions(g, seats); err != nil {
				return err
			}
			res, err := m.Run()
			switch {
			case err != nil:
				return exitWith(exitNo, err)
			case f.asJSON:
				return writeJSON(cmd, seatsResultJSON(m, res))
			}
			return writeSeats(cmd, m, res)
		},
	}
	cmd.Flags().StringVar(&player, "player", "greedy", "the `PLAYER` in every seat: easy, normal, strong, random, greedy, blocker or seer")
	cmd.Flags().IntVar(&seats, "seats", 2, "the number of seats `N`")
	f.add(cmd, 100, "won by nobody")
	return cmd
}

// writeSeats prints a seat match's results: a line a seat.
func writeSeats(cmd *cobra.Command, m match.SeatMatch, res match.SeatResult) error {
	out := cmd.OutOrStdout()
	fmt.Fprintf(out, "%s: %d games of %d seats from seed %d, %s in every seat\n", m.Game.Name(), res.Games, m.Seats, m.Seed, m.Player)
	w := tabwriter.NewWriter(out, 0, 4, 2, ' ', 0)
	fmt.Fprintln(w, "SEAT\tWINS\tSHARE\t95% INTERVAL")
	for seat := range m.Seats {
		low, high := res.Interval(seat)
		fmt.Fprintf(w, "%d\t%.1f\t%.3f\t%.3f to %.3f\n", seat+1, res.Wins[seat], res.Share(seat), low, high)
	}
	if err := w.Flush(); err != nil {
		return err
	}
	fmt.Fprintf(out, "%d reached the %d-move cap (nobody's).\n", res.Capped, m.MaxMoves)
	return nil
}

// seatsResultJSON is res as bot seats --json prints it.
func seatsResultJSON(m match.SeatMatch, res match.SeatResult) seatsJSON {
	out := seatsJSON{
		Game: m.Game.ID(), Options: m.Options, Player: m.Player.String(), Seats: m.Seats, Seed: m.Seed,
		Games: res.Games, MaxMoves: m.MaxMoves, Capped: res.Capped,
	}
	for seat := range m.Seats {
		low, high := res.Interval(seat)
		out.BySeat = append(out.BySeat, seatJSON{Wins: round(res.Wins[seat], 2), Share: round(res.Share(seat), 4), Low: round(low, 4), High: round(high, 4)})
	}
	return out
}
