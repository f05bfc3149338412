package main

import (
	"context"
	"fmt"
	"strings"
	"text/tabwriter"
	"time"

	"github.com/spf13/cobra"

	"pbem/archive"
	"pbem/engine"
	"pbem/server"
	"pbem/server/core"
)

func newLadderCmd(reg *engine.Registry) *cobra.Command {
	cmd := &cobra.Command{
		Use:   "ladder",
		Short: "Make and look after the ladders: a standing order of players per game",
		Long: `A ladder is per game type: players join at the bottom, challenge anyone a
few rungs above them, and a win takes the defender's rung. The rules are
in docs/players.md; players act by mail (ladder, ladder join GAME, ladder
challenge NAME) unless lobby.ladders is off. ID is the ladder's number or
its game (amplitude).`,
	}
	cmd.AddCommand(newLadderNewCmd(reg), newLadderListCmd(reg), newLadderShowCmd(reg), newLadderJoinCmd(reg), newLadderLeaveCmd(reg), newLadderChallengeCmd(reg))
	return cmd
}

func newLadderNewCmd(reg *engine.Registry) *cobra.Command {
	var reach int
	var answer string
	var options []string
	cmd := &cobra.Command{
		Use:   "new GAME [--reach 3] [--answer 7d] [--option KEY=VALUE]...",
		Short: "Make the ladder of a game (one a game)",
		Long: `Make GAME's ladder: its players may challenge anyone up to --reach rungs
above them (3), the defender having --answer (7d; 72h, 5d…) to accept, its
games played at the options given (--option clock=72h). It prints the
ladder's number.`,
		Args:              cobra.ExactArgs(1),
		ValidArgsFunction: noFiles,
		RunE: func(cmd *cobra.Command, args []string) error {
			opts, err := gameOptions(options)
			if err != nil {
				return err
			}
			var wait time.Duration
			if answer != "" {
				if wait, err = core.ReadDuration(answer); err != nil {
					return exitWith(exitUsage, fmt.Errorf("--answer is a time as 7d or 72h: %w", err))
				}
			}
			return withServer(cmd, reg, func(ctx context.Context, srv *server.Server) error {
				l, err := srv.Ladders().New(ctx, args[0], reach, wait, opts)
				if err != nil {
					return err
				}
				fmt.Fprintln(cmd.OutOrStdout(), l.ID)
				return nil
			})
		},
	}
	cmd.Flags().IntVar(&reach, "reach", 0, "how many `RUNGS` up a player may challenge (default 3)")
	cmd.Flags().StringVar(&answer, "answer", "", "how long a challenged player has to accept, as `7d` or 72h (default 7d)")
	cmd.Flags().StringArrayVar(&options, "option", nil, "an option of the ladder's games, `KEY=VALUE`; repeatable")
	return cmd
}

func newLadderListCmd(reg *engine.Registry) *cobra.Command {
	var asJSON bool
	cmd := &cobra.Command{
		Use:   "list [--json]",
		Short: "List the ladders",
		Args:  cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			return withServer(cmd, reg, func(ctx context.Context, srv *server.Server) error {
				views, err := srv.Ladders().List(ctx)
				if err != nil {
					return err
				}
				list := make([]ladderJSON, 0, len(views))
				for _, v := range views {
					list = append(list, ladderView(v))
				}
				if asJSON {
					return writeJSON(cmd, list)
				}
				w := tabwriter.NewWriter(cmd.OutOrStdout(), 0, 4, 2, ' ', 0)
				fmt.Fprintln(w, "ID\tGAME\tPLAYERS\tREACH\tANSWER\tOPEN\tOPTIONS")
				for _, l := range list {
					fmt.Fprintf(w, "%d\t%s\t%d\t%d\t%s\t%d\t%s\n", l.ID, l.Game, len(l.Rungs), l.Reach, spanOf(l.Answer), len(l.Open), safeLine(strings.Join(archive.OptionPairs(l.Options), " ")))
				}
				return w.Flush()
			})
		},
	}
	cmd.Flags().BoolVar(&asJSON, "json", false, "print JSON")
	return cmd
}
