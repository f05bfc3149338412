package main

import (
	"pbem/server/core"

	"context"
	"fmt"
	"strings"

	"github.com/spf13/cobra"

	"pbem/engine"
	"pbem/server"
)

func newGameNewCmd(reg *engine.Registry) *cobra.Command {
	var players, bots, options []string
	var seed uint64
	cmd := &cobra.Command{
		Use:   "new GAME --player EMAIL[:NAME]... [--bot NAME]... [--option KEY=VALUE]... [--seed N]",
		Short: "Create a game and print its ID",
		Long: `Create a game of GAME (` + strings.Join(reg.IDs(), ", ") + `) and print its ID alone on stdout.

Seats are the --player addresses in the order given, then the --bot
computer seats. Computer seats move as soon as it is their turn, so a game
of computers alone is finished when the command returns. Options are the
game's (see docs/GAME.md); --seed fixes the game's chance, random otherwise.`,
		Example: `  pbem game new amplitude --player ann@example.org:Ann --player bob@example.org
  pbem game new amplitude --player ann@example.org --bot Robot --option forbidden=on
  pbem game new ludicitude --bot White --bot Black --seed 7`,
		Args:              cobra.ExactArgs(1),
		ValidArgsFunction: gameArg(reg),
		RunE: func(cmd *cobra.Command, args []string) error {
			opts, err := gameOptions(options)
			if err != nil {
				return err
			}
			req := core.NewGame{Game: args[0], Bots: bots, Options: opts}
			if cmd.Flags().Changed("seed") {
				req.Seed = &seed
			}
			for _, p := range players {
				email, name, _ := strings.Cut(p, ":")
				req.Players = append(req.Players, core.Player{Email: strings.TrimSpace(email), Name: strings.TrimSpace(name)})
			}
			return withServer(cmd, reg, func(ctx context.Context, srv *server.Server) error {
				id, err := srv.Create(ctx, req)
				if err != nil {
					return err
				}
				fmt.Fprintln(cmd.OutOrStdout(), id)
				return nil
			})
		},
	}
	cmd.Flags().StringArrayVar(&players, "player", nil, "a player's seat: `EMAIL[:NAME]`, repeated in seating order")
	cmd.Flags().StringArrayVar(&bots, "bot", nil, "a computer seat labelled `NAME`, after the players, NAME:LEVEL for a level (easy, normal, strong); repeatable")
	cmd.Flags().StringArrayVar(&options, "option", nil, "a game option `KEY=VALUE`; repeatable")
	cmd.Flags().Uint64Var(&seed, "seed", 0, "the game's seed `N` (random when not given)")
	return cmd
}
