package main

import (
	"context"
	"fmt"
	"strconv"

	"github.com/spf13/cobra"

	"pbem/engine"
	"pbem/server"
)

func newGameReplaceCmd(reg *engine.Registry) *cobra.Command {
	var bot, player string
	cmd := &cobra.Command{
		Use:   "replace ID SEAT --bot LEVEL|--player ADDRESS",
		Short: "Give a seat of a running game to a computer or another player",
		Long: `Give seat SEAT (from 1) of running game ID, at once, to the computer at
LEVEL (easy, normal or strong) or to the player at ADDRESS (created if
new), whatever the game's replace option and however many play. The one
who held the seat leaves it with one last mail, the others are told, the
newcomer gets the game's first mail with the board and their rack, and a
computer to move plays. The history keeps who held the seat from which
move; game verify replays as ever. Players leave seats to others with the
game option replace=bot|offer, and take over seats on offer by mail
(takeover ID, under lobby.takeover).`,
		Args:              cobra.ExactArgs(2),
		ValidArgsFunction: noFiles,
		RunE: func(cmd *cobra.Command, args []string) error {
			seat, err := strconv.Atoi(args[1])
			if err != nil || seat < 1 {
				return exitWith(exitUsage, engine.Refuse("SEAT is a seat's number from 1, not %q", args[1]))
			}
			if (bot == "") == (player == "") {
				return exitWith(exitUsage, engine.Refuse("give --bot LEVEL or --player ADDRESS, one of them"))
			}
			level, err := engine.ParseLevel(bot)
			if err != nil {
				return exitWith(exitUsage, err)
			}
			return withGame(cmd, reg, args[0], func(ctx context.Context, srv *server.Server, id int64) error {
				if err := srv.Replace(ctx, id, seat-1, bot != "", level, player); err != nil {
					return err
				}
				who := player
				if bot != "" {
					who = "the computer (" + string(level) + ")"
				}
				fmt.Fprintf(cmd.OutOrStdout(), "game %d: seat %d goes to %s\n", id, seat, who)
				return nil
			})
		},
	}
	cmd.Flags().StringVar(&bot, "bot", "", "a computer takes the seat, at `LEVEL`: easy, normal or strong")
	cmd.Flags().StringVar(&player, "player", "", "the player at `ADDRESS` takes the seat")
	return cmd
}
