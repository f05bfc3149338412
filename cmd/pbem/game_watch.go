package main

import (
	"context"
	"fmt"

	"github.com/spf13/cobra"

	"pbem/engine"
	"pbem/server"
)

func newGameWatchCmd(reg *engine.Registry) *cobra.Command {
	return &cobra.Command{
		Use:   "watch ID EMAIL",
		Short: "Let EMAIL watch game ID: every move's board, without any rack",
		Long: `Let the address EMAIL watch game ID, whatever the game's watchers option:
it is mailed the board now, then after every move the board as a spectator
sees it, without any player's rack. A watcher stops with unwatch by mail, or
pbem game unwatch.`,
		Args:              cobra.ExactArgs(2),
		ValidArgsFunction: noFiles,
		RunE: func(cmd *cobra.Command, args []string) error {
			return withGame(cmd, reg, args[0], func(ctx context.Context, srv *server.Server, id int64) error {
				added, err := srv.Watchers().Watch(ctx, id, args[1])
				if err != nil {
					return err
				}
				if !added {
					fmt.Fprintf(cmd.OutOrStdout(), "%s watches game %d already\n", args[1], id)
					return nil
				}
				fmt.Fprintf(cmd.OutOrStdout(), "%s watches game %d\n", args[1], id)
				return nil
			})
		},
	}
}

func newGameUnwatchCmd(reg *engine.Registry) *cobra.Command {
	return &cobra.Command{
		Use:               "unwatch ID EMAIL",
		Short:             "Stop EMAIL watching game ID",
		Args:              cobra.ExactArgs(2),
		ValidArgsFunction: noFiles,
		RunE: func(cmd *cobra.Command, args []string) error {
			return withGame(cmd, reg, args[0], func(ctx context.Context, srv *server.Server, id int64) error {
				games, err := srv.Watchers().Unwatch(ctx, id, args[1])
				if err != nil {
					return err
				}
				if len(games) == 0 {
					return exitWith(exitNo, fmt.Errorf("%s does not watch game %d", args[1], id))
				}
				fmt.Fprintf(cmd.OutOrStdout(), "%s no longer watches game %d\n", args[1], id)
				return nil
			})
		},
	}
}
