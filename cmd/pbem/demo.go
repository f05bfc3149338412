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
	var allMails bool
	cmd := &cobra.Command{
		Use:   "demo [GAME]",
		Short: "Play a whole game by mail between computer players, with nothing to set up",
		Long: fmt.Sprintf(`Play a whole game by mail between computer players, inside this process:
an IMAP server and an SMTP server start on loopback, the daemon serves
them, and the computer players read the server's mails and answer each with
a real reply appended to the inbox, as a person writes one: the move on its
first line, a signature, the mail quoted below. The game is then told turn
by turn: the invitation, then each player's reply as they wrote it and the
server's answer, the first turn whole, the next ones cut short (the quote
to its first line, the answer to its line about the move), the last answer
whole, as it tells the end: some 400 lines, a long game telling its middle
a move a line. --all-mails prints instead every mail the server sends, to
every player, whole, as it is sent. Then a summary: how many moves and
mails, why the game ended, the final scores and the winner.

GAME is one of: %s (default amplitude).
The same --seed and --players always give the same game, and another seed
another game: it deals the tokens, and Ludicitude's computer players choose
by it among their best moves. The default seed is %d, and %d for
ludicitude: a game with captures and promotions that ends with a winner.
Ludicitude's computer players search %s positions a move (the game's
bot_nodes option), so that its game lasts seconds.`, strings.Join(reg.IDs(), ", "), demo.DefaultSeed("amplitude"), demo.DefaultSeed("ludicitude"), demo.GameOptions("ludicitude")["bot_nodes"]),
		Example: "  pbem demo\n  pbem demo ludicitude\n  pbem demo chiffres --players 3 --seed 7 --all-mails",
		Args: cobra.MatchAll(cobra.MaximumNArgs(1), func(cmd *cobra.Command, args []string) error {
			if len(args) == 1 {
				_, err := reg.Lookup(args[0])
				return err
			}
			return nil
		}),
		ValidArgsFunction: gameArg(reg),
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
			if !cmd.Flags().Changed("seed") {
				seed = demo.DefaultSeed(id)
			}
			out := cmd.OutOrStdout()
			fmt.Fprint(out, demo.Heading(g.Name(), seed, players, allMails))
			res, err := demo.Run(cmd.Context(), demo.Options{Game: id, Seed: seed, Players: players, Games: reg, Out: out, AllMails: allMails})
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
	cmd.Flags().Uint64Var(&seed, "seed", 0, "random seed of the game: the same seed gives the same game (default "+strconv.FormatUint(demo.DefaultSeed("amplitude"), 10)+", "+strconv.FormatUint(demo.DefaultSeed("ludicitude"), 10)+" for ludicitude)")
	cmd.Flags().IntVar(&players, "players", 2, "number of computer players")
	cmd.Flags().BoolVar(&allMails, "all-mails", false, "print every mail the server sends, whole, to every player")
	return cmd
}
