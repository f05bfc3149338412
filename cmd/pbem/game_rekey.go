package main

import (
	"context"
	"fmt"

	"github.com/spf13/cobra"

	"pbem/engine"
	"pbem/server"
)

func newGameRekeyCmd(reg *engine.Registry) *cobra.Command {
	var seat string
	cmd := &cobra.Command{
		Use:   "rekey ID",
		Short: "Give a seat, or every seat, a new reply address",
		Long: `Give the seat of the player at --seat EMAIL, or every player's seat, a new
reply token, and mail each of them the board under their new reply address.
Replies to the game's earlier mails are refused from then on, and the seat's
player is told so at their registered address: for a player whose mail was
forwarded, or whose old mails someone else has read.`,
		Args:              cobra.ExactArgs(1),
		ValidArgsFunction: noFiles,
		RunE: func(cmd *cobra.Command, args []string) error {
			return withGame(cmd, reg, args[0], func(ctx context.Context, srv *server.Server, id int64) error {
				emails, err := srv.Rekeys().Rekey(ctx, id, seat)
				if err != nil {
					return err
				}
				for _, e := range emails {
					fmt.Fprintf(cmd.OutOrStdout(), "%s: new reply address mailed\n", safeLine(e))
				}
				return nil
			})
		},
	}
	cmd.Flags().StringVar(&seat, "seat", "", "the player's address (default: every player)")
	return cmd
}
