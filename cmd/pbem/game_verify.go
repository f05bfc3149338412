package main

import (
	"context"
	"fmt"
	"runtime"
	"sort"

	"github.com/spf13/cobra"

	"pbem/engine"
	"pbem/server"
)

func newGameVerifyCmd(reg *engine.Registry) *cobra.Command {
	var all bool
	cmd := &cobra.Command{
		Use:   "verify ID|--all",
		Short: "Replay games from seed, options and moves, and compare with the stored states",
		Long: `Replay a game (or every game with --all) from its seed, options and the
canonical notation of its moves, comparing each state with the one stored.
With --all, a game per CPU is replayed at once, and a terminal's standard
error shows the progress (games done, rate, time left).
Exit status 1 when any game does not replay exactly.`,
		Args: func(cmd *cobra.Command, args []string) error {
			if all == (len(args) == 1) || len(args) > 1 {
				return fmt.Errorf("give one game ID or --all")
			}
			return nil
		},
		ValidArgsFunction: noFiles,
		RunE: func(cmd *cobra.Command, args []string) error {
			return withServer(cmd, reg, func(ctx context.Context, srv *server.Server) error {
				if !all {
					id, err := gameID(args[0])
					if err != nil {
						return err
					}
					if err := srv.Records().Verify(ctx, id); err != nil {
						return err
					}
					fmt.Fprintf(cmd.OutOrStdout(), "game %d: ok\n", id)
					return nil
				}
				bar := newProgress(cmd.ErrOrStderr(), "verify", "games")
				ok, failed, err := srv.Records().VerifyAll(ctx, runtime.NumCPU(), bar.update)
				bar.clear()
				if err != nil {
					return err
				}
				ids := make([]int64, 0, len(failed))
				for id := range failed {
					ids = append(ids, id)
				}
				sort.Slice(ids, func(i, j int) bool { return ids[i] < ids[j] })
				for _, id := range ids {
					fmt.Fprintf(cmd.ErrOrStderr(), "%v\n", failed[id])
				}
				fmt.Fprintf(cmd.OutOrStdout(), "%s ok, %d failed\n", plural(ok, "game"), len(failed))
				if len(failed) > 0 {
					doNot := "do not replay"
					if len(failed) == 1 {
						doNot = "does not replay"
					}
					return exitWith(exitNo, fmt.Errorf("%d of %s %s", len(failed), plural(ok+len(failed), "game"), doNot))
				}
				return nil
			})
		},
	}
	cmd.Flags().BoolVar(&all, "all", false, "verify every game")
	return cmd
}
