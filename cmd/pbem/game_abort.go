package main

import (
	"context"
	"fmt"

	"github.com/spf13/cobra"

	"pbem/engine"
	"pbem/server"
)

func newGameAbortCmd(reg *engine.Registry) *cobra.Command {
	return &cobra.Command{
		Use:               "abort ID",
		Short:             "Stop an active game for good",
		Args:              cobra.ExactArgs(1),
		ValidArgsFunction: noFiles,
		RunE: func(cmd *cobra.Command, args []string) error {
			return withGame(cmd, reg, args[0], func(ctx context.Context, srv *server.Server, id int64) error {
				if err := srv.Abort(ctx, id); err != nil {
					return err
				}
				fmt.Fprintf(cmd.OutOrStdout(), "game %d aborted\n", id)
				return nil
			})
		},
	}
}
