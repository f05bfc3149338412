package main

import (
	"context"
	"fmt"
	"math"
	"strings"
	"text/tabwriter"

	"github.com/spf13/cobra"

	"pbem/engine"
	"pbem/server/ratings"
	"pbem/store"
)

// ratingJSON is one line of ratings --json.
type ratingJSON struct {
	Game   string  `json:"game"`
	Player string  `json:"player"` // the player's email
	Name   string  `json:"name"`
	Rating float64 `json:"rating"` // rounded to 0.01
	Games  int     `json:"games"`
	Wins   int     `json:"wins"`
	Draws  int     `json:"draws"`
	Losses int     `json:"losses"`
}

func newRatingsCmd(reg *engine.Registry) *cobra.Command {
	var asJSON bool
	cmd := &cobra.Command{
		Use:   "ratings [GAME] [--json]",
		Short: "Show the players' Elo ratings, per game type",
		Long: `Show the players' Elo ratings of GAME (` + strings.Join(reg.IDs(), ", ") + `), or of every game type:
rank, player, rating, games, wins, draws and losses, best first.

A game between people changes the ratings when it finishes: every pair of
its players counts as a game between the two (a shared place is a draw),
worth K = 32 in a two-player game and 32/(n-1) a pair in an n-player one.
Everyone starts at 1500. Games with a computer seat, and aborted games, are
not rated.`,
		Example: `  pbem ratings
  pbem ratings amplitude --json`,
		Args:              cobra.MaximumNArgs(1),
		ValidArgsFunction: gameArg(reg),
		RunE: func(cmd *cobra.Command, args []string) error {
			games := reg.IDs()
			game := ""
			if len(args) == 1 {
				if _, err := reg.Lookup(args[0]); err != nil {
					return exitWith(exitUsage, err)
				}
				game, games = args[0], args[:1]
			}
			return withStore(cmd, func(ctx context.Context, st *store.Store) error {
				rs, err := ratings.List(ctx, st, reg, game)
				if err != nil {
					return err
				}
				if asJSON {
					list := make([]ratingJSON, 0, len(rs))
					for _, r := range rs {
						list = append(list, ratingJSON{
							Game: r.Game, Player: r.Email, Name: r.Name, Rating: math.Round(r.Rating*100) / 100,
							Games: r.Games, Wins: r.Wins, Draws: r.Draws, Losses: r.Losses,
						})
					}
					return writeJSON(cmd, list)
				}
				return writeRatings(cmd, reg, games, rs)
			})
		},
	}
	cmd.Flags().BoolVar(&asJSON, "json", false, "print JSON")
	return cmd
}

// writeRatings prints a table of rs for each of games, under the game's
// name.
func writeRatings(cmd *cobra.Command, reg *engine.Registry, games []string, rs []store.Rating) error {
	out := cmd.OutOrStdout()
	for i, id := range games {
		if i > 0 {
			fmt.Fprintln(out)
		}
		kind, err := reg.Lookup(id)
		if err != nil {
			return err
		}
		fmt.Fprintln(out, kind.Name())
		var of []store.Rating
		for _, r := range rs {
			if r.Game == id {
				of = append(of, r)
			}
		}
		if len(of) == 0 {
			fmt.Fprintln(out, "  no rated game yet")
			continue
		}
		w := tabwriter.NewWriter(out, 0, 4, 2, ' ', 0)
		fmt.Fprintln(w, "RANK\tPLAYER\tRATING\tGAMES\tWINS\tDRAWS\tLOSSES")
		for j, r := range of {
			player := r.Email
			if r.Name != "" {
				player = fmt.Sprintf("%s <%s>", r.Name, r.Email)
			}
			fmt.Fprintf(w, "%d\t%s\t%.0f\t%d\t%d\t%d\t%d\n", ratings.Rank(of, j), safeLine(player), math.Round(r.Rating), r.Games, r.Wins, r.Draws, r.Losses)
		}
		if err := w.Flush(); err != nil {
			return err
		}
	}
	return nil
}
