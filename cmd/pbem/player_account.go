package main

import (
	"context"
	"fmt"
	"strings"

	"github.com/spf13/cobra"

	"pbem/engine"
	"pbem/server"
)

// playerAccountCmds are the operator's account commands: what a player
// does at the lobby by mail with a confirmation, done at once.
func playerAccountCmds(reg *engine.Registry) []*cobra.Command {
	register := &cobra.Command{
		Use:   "register EMAIL [NAME]",
		Short: "Register a player, without the confirmation a sign-up by mail needs",
		Long: `Register the address EMAIL as a player's, named NAME (the words after
the address), without the confirmation a sign-up by mail needs, whatever
lobby.signup says: the player may then start games by mail. A player an
operator's game knows already keeps their games.`,
		Args:              cobra.MinimumNArgs(1),
		ValidArgsFunction: noFiles,
		RunE: func(cmd *cobra.Command, args []string) error {
			return withServer(cmd, reg, func(ctx context.Context, srv *server.Server) error {
				if _, err := srv.Lobby().RegisterPlayer(ctx, args[0], strings.Join(args[1:], " ")); err != nil {
					return refusedExit(err)
				}
				fmt.Fprintf(cmd.OutOrStdout(), "%s is registered\n", args[0])
				return nil
			})
		},
	}
	var resign bool
	signoff := &cobra.Command{
		Use:   "signoff EMAIL [--resign]",
		Short: "Sign a player off: no new games, no more mail",
		Long: `Sign the player EMAIL off, as they can by mail: they start no new game.
With --resign their running games are resigned (the other players are
told) and their address is silenced; without it their games go on, with
their mail, until they end.`,
		Args:              cobra.ExactArgs(1),
		ValidArgsFunction: noFiles,
		RunE: func(cmd *cobra.Command, args []string) error {
			return withServer(cmd, reg, func(ctx context.Context, srv *server.Server) error {
				done, err := srv.Lobby().SignOffPlayer(ctx, args[0], resign)
				if err != nil {
					return refusedExit(err)
				}
				fmt.Fprintf(cmd.OutOrStdout(), "%s is signed off: %s\n", args[0], safeLine(done))
				return nil
			})
		},
	}
	signoff.Flags().BoolVar(&resign, "resign", false, "resign the player's running games")
	rename := &cobra.Command{
		Use:               "rename EMAIL NAME",
		Short:             "Set the name the other players see",
		Long:              `Set the name of the player EMAIL (the words after the address), as they can by mail with name NEW.`,
		Args:              cobra.MinimumNArgs(2),
		ValidArgsFunction: noFiles,
		RunE: func(cmd *cobra.Command, args []string) error {
			return withServer(cmd, reg, func(ctx context.Context, srv *server.Server) error {
				if err := srv.Lobby().RenamePlayer(ctx, args[0], strings.Join(args[1:], " ")); err != nil {
					return refusedExit(err)
				}
				fmt.Fprintf(cmd.OutOrStdout(), "%s is now named %s\n", args[0], strings.Join(args[1:], " "))
				return nil
			})
		},
	}
	return []*cobra.Command{register, signoff, rename}
}

// refusedExit is err with exit status 1 when it is a refusal, a thing
// the operator asked that cannot be done; other errors as they are.
func refusedExit(err error) error {
	if engine.IsRefusal(err) {
		return exitWith(exitNo, err)
	}
	return err
}
