package main

import (
	"context"
	"errors"
	"fmt"
	"strings"

	"github.com/spf13/cobra"

	"pbem/engine"
	"pbem/server"
)

// newPlayerCmd groups the operator's commands on players.
func newPlayerCmd(reg *engine.Registry) *cobra.Command {
	cmd := &cobra.Command{
		Use:   "player",
		Short: "Manage players: the other addresses they send from, their vacations, mail and language",
	}
	cmd.AddCommand(&cobra.Command{
		Use:   "alias EMAIL ADDRESS",
		Short: "Let the player EMAIL also send their moves from ADDRESS",
		Long: `Let the player whose address is EMAIL also send their moves from
ADDRESS, as from a phone or a work account: mail from ADDRESS then counts
as theirs in every game they play. The player must exist (they have been
seated in a game).`,
		Args:              cobra.ExactArgs(2),
		ValidArgsFunction: noFiles,
		RunE: func(cmd *cobra.Command, args []string) error {
			return withServer(cmd, reg, func(ctx context.Context, srv *server.Server) error {
				if err := srv.AddAlias(ctx, args[0], args[1]); err != nil {
					var r *engine.Refusal
					if errors.As(err, &r) {
						return exitWith(exitNo, err)
					}
					return err
				}
				fmt.Fprintf(cmd.OutOrStdout(), "%s also sends as %s\n", args[0], args[1])
				return nil
			})
		},
	})
	cmd.AddCommand(&cobra.Command{
		Use:   "vacation EMAIL 5d|72h|until DATE|back",
		Short: "Stop, or restart, the player's clocks in every game",
		Long: `Put the player EMAIL on vacation, as they can by mail: their clocks stop in
every game, keeping the time left, until the vacation ends (5d, 72h, or
until 2026-12-24, the day's start in UTC), when they run again; back ends
it now. Their opponents are told, and each game's vacation_days limits the
days taken in any 60.`,
		Args:              cobra.RangeArgs(2, 3),
		ValidArgsFunction: noFiles,
		RunE: confirmed(reg, func(ctx context.Context, srv *server.Server, email, spec string) (string, error) {
			return srv.Clocks().Vacation(ctx, email, strings.ToLower(spec))
		}),
	})
	cmd.AddCommand(&cobra.Command{
		Use:   "mail EMAIL every|turn|digest HH:MM",
		Short: "Choose how much mail the player gets",
		Long: `Set how much mail the player EMAIL gets, as they can by mail: every (a
mail for every move, the default), turn (only when it is their turn, when
a game ends, and what the other players say), or digest HH:MM (one mail a
day at that time, UTC, listing every game where it is their turn, each
with its board and reply address; a reply to it plays a line per move,
game 12: #7 H8 right 34251). Answers, refusals, reminders and invitations
go whatever it says. The player gets a confirmation.`,
		Args:              cobra.RangeArgs(2, 3),
		ValidArgsFunction: noFiles,
		RunE: confirmed(reg, func(ctx context.Context, srv *server.Server, email, spec string) (string, error) {
			return srv.Accounts().SetMailPref(ctx, email, spec)
		}),
	})
	cmd.AddCommand(&cobra.Command{
		Use:   "lang EMAIL fr|en|default",
		Short: "Choose the language of the player's mails",
		Long: `Set the language of every mail to the player EMAIL, as they can by mail
with lang fr: fr (français) or en (English), or a language's name
(français, English); default clears their choice, so that the server's
lang applies to them again. Commands are read in both languages whatever
it says. The player gets a confirmation, in the language chosen.`,
		Args:              cobra.ExactArgs(2),
		ValidArgsFunction: noFiles,
		RunE: confirmed(reg, func(ctx context.Context, srv *server.Server, email, spec string) (string, error) {
			return srv.Accounts().SetLang(ctx, email, spec)
		}),
	})
	cmd.AddCommand(playerPicturesCmd(reg))
	cmd.AddCommand(playerAccountCmds(reg)...)
	return cmd
}

// confirmed runs a player command of the form EMAIL SPEC..., the spec's
// words joined, and prints the confirmation the player is mailed.
func confirmed(reg *engine.Registry, do func(ctx context.Context, srv *server.Server, email, spec string) (string, error)) func(*cobra.Command, []string) error {
	return func(cmd *cobra.Command, args []string) error {
		return withServer(cmd, reg, func(ctx context.Context, srv *server.Server) error {
			text, err := do(ctx, srv, args[0], strings.Join(args[1:], " "))
			if err != nil {
				return err
			}
			fmt.Fprintln(cmd.OutOrStdout(), safeText(text))
			return nil
		})
	}
}
