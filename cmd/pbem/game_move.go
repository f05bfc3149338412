package main

import (
	"context"
	"fmt"

	"github.com/spf13/cobra"

	"pbem/engine"
	"pbem/server"
)

func newGameMoveCmd(reg *engine.Registry) *cobra.Command {
	var as string
	cmd := &cobra.Command{
		Use:   "move ID --as EMAIL 'TEXT'",
		Short: "Apply TEXT as the player EMAIL would write it in a mail",
		Long: `Apply TEXT to game ID as the player EMAIL's mail body would be: one
command a line, an optional "#N" move-number guard first. Computer seats
then play until a player is to move. Every move applied is printed; when
anything is refused, the reason goes to stderr, the exit status is 1 and
the game is unchanged.`,
		Example:           `  pbem game move 3 --as ann@example.org 'H8 right 3+4-5=2'`,
		Args:              cobra.ExactArgs(2),
		ValidArgsFunction: noFiles,
		RunE: func(cmd *cobra.Command, args []string) error {
			if as == "" {
				return exitWith(exitUsage, engine.Refuse("say who plays with --as EMAIL"))
			}
			return withGame(cmd, reg, args[0], func(ctx context.Context, srv *server.Server, id int64) error {
				played, err := srv.Play(ctx, id, as, args[1], "")
				for _, m := range played.Moves {
					fmt.Fprintf(cmd.OutOrStdout(), "%s (%d)\n", m.Notation, m.Score)
					for _, e := range m.Events {
						fmt.Fprintf(cmd.OutOrStdout(), "  %s\n", safeLine(e.String()))
					}
				}
				return err
			})
		},
	}
	cmd.Flags().StringVar(&as, "as", "", "the player's `EMAIL` (or one of their aliases)")
	return cmd
}
