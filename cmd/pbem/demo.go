package main

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/spf13/cobra"

	"pbem/demo"
	"pbem/engine"
)

func newDemoCmd(reg *engine.Registry) *cobra.Command {
	var seed uint64
	var players int
	cmd := &cobra.Command{
		Use:   "demo [GAME]",
		Short: "Play a whole game by mail between computer players, with nothing to set up",
		Long: `Play a whole game by mail between computer players, inside this process:
an IMAP server and an SMTP server start on loopback, the daemon serves
them, and the computer players read the server's mails and answer each with
a real reply (quoted history and all) appended to the inbox. Every mail the
server sends is printed (From, To, Subject, then its text), then the result.

GAME is one of: ` + strings.Join(reg.IDs(), ", ") + ` (default amplitude). The same
--seed and --players always give the same game.`,
		Example: "  pbem demo\n  pbem demo chiffres --players 3 --seed 7",
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
			if lo, hi := g.Seats(); players < lo || players > hi {
				return exitWith(exitUsage, engine.Refuse("%s is played by %d to %d players, not %d", g.Name(), lo, hi, players))
			}
			out := cmd.OutOrStdout()
			fmt.Fprintf(out, "%s by mail, seed %d, %d players. Every mail the server sends:\n\n", g.Name(), seed, players)
			res, err := demo.Run(cmd.Context(), demo.Options{Game: id, Seed: seed, Players: players, Games: reg, Out: out})
			if err != nil {
				return exitWith(exitNo, err)
			}
			names := make([]string, players)
			for i := range names {
				names[i] = "Bot " + strconv.Itoa(i+1)
			}
			fmt.Fprint(out, "\n"+res.Summary(names))
			return nil
		},
	}
	cmd.Flags().Uint64Var(&seed, "seed", 1, "random seed of the game: the same seed gives the same game")
	cmd.Flags().IntVar(&players, "players", 2, "number of computer players")
	return cmd
}
