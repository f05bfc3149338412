package main

import (
	"fmt"

	"github.com/spf13/cobra"

	"pbem/engine"
	"pbem/engine/match"
)

// playFlags are the options bot match and bot seats share: how many
// games, from which seed, with which game options and move cap, printed
// how.
type playFlags struct {
	games, maxMoves int
	seed            uint64
	options         []string
	asJSON          bool
}

// add declares the flags on cmd, --games defaulting to games; capped
// says what a game the move cap ends counts as.
func (f *playFlags) add(cmd *cobra.Command, games int, capped string) {
	cmd.Flags().IntVar(&f.games, "games", games, "the number of games `N`")
	cmd.Flags().Uint64Var(&f.seed, "seed", 1, "the seed `S` that deals the games and makes every choice")
	cmd.Flags().StringArrayVar(&f.options, "option", nil, "a game option `KEY=VALUE`; repeatable")
	cmd.Flags().IntVar(&f.maxMoves, "max-moves", match.DefaultMaxMoves, "the moves `N` after which a game is "+capped)
	cmd.Flags().BoolVar(&f.asJSON, "json", false, "print JSON")
}

// gameOptions are the game options read and checked: g accepts them for
// a game of seats (a wrong command line otherwise, as are --games and
// --max-moves under 1).
func (f *playFlags) gameOptions(g engine.Game, seats int) (engine.Options, error) {
	opts, err := gameOptions(f.options)
	if err != nil {
		return nil, err
	}
	if f.games < 1 || f.maxMoves < 1 {
		return nil, exitWith(exitUsage, fmt.Errorf("--games and --max-moves take a number from 1"))
	}
	if _, err := g.New(opts, f.seed, seats); err != nil {
		return nil, exitWith(exitUsage, err) // the options refused
	}
	return opts, nil
}
