package main

import (
	"context"

	"github.com/spf13/cobra"

	"pbem/engine"
	"pbem/server"
)

// playerPicturesCmd is pbem player pictures EMAIL on|off.
func playerPicturesCmd(reg *engine.Registry) *cobra.Command {
	return &cobra.Command{
		Use:   "pictures EMAIL on|off",
		Short: "Choose whether the player's mails show the board as a picture",
		Long: `Set whether the mails to the player EMAIL show the board as a picture in
their HTML part, as they can by mail (pictures off, pictures on): on, the
default, shows the picture with the text board's notes under it; off shows
the text board alone. The text part always has the text board, and a game
whose pictures option is off sends no pictures whatever this says. The
player gets a confirmation.`,
		Args:              cobra.ExactArgs(2),
		ValidArgsFunction: noFiles,
		RunE: confirmed(reg, func(ctx context.Context, srv *server.Server, email, spec string) (string, error) {
			return srv.Accounts().SetPicturesPref(ctx, email, spec)
		}),
	}
}
