package main

import (
	"context"
	"fmt"

	"github.com/spf13/cobra"

	"pbem/engine"
	"pbem/server"
)

func newLadderJoinCmd(reg *engine.Registry) *cobra.Command {
	return &cobra.Command{
		Use:   "join ID ADDRESS",
		Short: "Put a player at the bottom of a ladder; they are told by mail",
		Args:  cobra.ExactArgs(2),
		RunE: func(cmd *cobra.Command, args []string) error {
			return withServer(cmd, reg, func(ctx context.Context, srv *server.Server) error {
				rung, err := srv.Ladders().JoinNow(ctx, args[0], args[1])
				if err == nil {
					fmt.Fprintf(cmd.OutOrStdout(), "%s is on rung %d\n", safeLine(args[1]), rung)
				}
				return err
			})
		},
	}
}

func newLadderLeaveCmd(reg *engine.Registry) *cobra.Command {
	return &cobra.Command{
		Use:   "leave ID ADDRESS",
		Short: "Take a player off a ladder, everyone below moving up; their open challenges are withdrawn",
		Args:  cobra.ExactArgs(2),
		RunE: func(cmd *cobra.Command, args []string) error {
			return withServer(cmd, reg, func(ctx context.Context, srv *server.Server) error {
				err := srv.Ladders().LeaveNow(ctx, args[0], args[1])
				if err == nil {
					fmt.Fprintf(cmd.OutOrStdout(), "%s left the ladder\n", safeLine(args[1]))
				}
				return err
			})
		},
	}
}

func newLadderChallengeCmd(reg *engine.Registry) *cobra.Command {
	return &cobra.Command{
		Use:   "challenge ID CHALLENGER DEFENDER",
		Short: "Make a ladder challenge, the rules as by mail; the defender is invited by mail",
		Long: `Make CHALLENGER's challenge of DEFENDER (addresses or names) on ladder ID,
the rules as by mail (within reach, one open challenge each). The defender
is invited to accept by mail within the ladder's answer time. It prints the
challenge's number (pbem challenge list shows it).`,
		Args: cobra.ExactArgs(3),
		RunE: func(cmd *cobra.Command, args []string) error {
			return withServer(cmd, reg, func(ctx context.Context, srv *server.Server) error {
				id, err := srv.Ladders().ChallengeNow(ctx, args[0], args[1], args[2])
				if err == nil {
					fmt.Fprintln(cmd.OutOrStdout(), id)
				}
				return err
			})
		},
	}
}
