package main

import (
	"context"
	"fmt"
	"text/tabwriter"

	"github.com/spf13/cobra"

	"pbem/engine"
	"pbem/lang"
	"pbem/server"
	"pbem/server/tournament"
)

// withTournament runs fn with the server and the ID of the tournament
// arg names, for the commands about one tournament.
func withTournament(cmd *cobra.Command, reg *engine.Registry, arg string, fn func(ctx context.Context, srv *server.Server, id int64) error) error {
	id, err := rowID(arg, "tournament", "pbem tournament list")
	if err != nil {
		return err
	}
	return withServer(cmd, reg, func(ctx context.Context, srv *server.Server) error { return fn(ctx, srv, id) })
}

func newTournamentListCmd(reg *engine.Registry) *cobra.Command {
	return &cobra.Command{
		Use:   "list",
		Short: "List the tournaments, the newest first",
		Args:  cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			return withServer(cmd, reg, func(ctx context.Context, srv *server.Server) error {
				ts, err := srv.Tournaments().All(ctx)
				if err != nil {
					return err
				}
				w := tabwriter.NewWriter(cmd.OutOrStdout(), 0, 4, 2, ' ', 0)
				fmt.Fprintln(w, "ID\tGAME\tFORMAT\tSTATUS\tROUND\tENTRANTS")
				for _, t := range ts {
					fmt.Fprintf(w, "%d\t%s\t%s\t%s\t%d/%d\t%d\n", t.ID, t.Game, t.Format, t.Status, t.Round, tournament.RoundsOf(t), len(t.Entrants))
				}
				return w.Flush()
			})
		},
	}
}

func newTournamentShowCmd(reg *engine.Registry) *cobra.Command {
	var asJSON bool
	cmd := &cobra.Command{
		Use:   "show ID [--json]",
		Short: "Show a tournament: its standings and rounds",
		Args:  cobra.ExactArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			return withTournament(cmd, reg, args[0], func(ctx context.Context, srv *server.Server, id int64) error {
				ts := srv.Tournaments()
				t, err := ts.Get(ctx, id)
				if err != nil {
					return err
				}
				if asJSON {
					return writeJSON(cmd, tournament.RecordOf(t))
				}
				_, err = fmt.Fprintln(cmd.OutOrStdout(), ts.Describe(t, lang.English))
				return err
			})
		},
	}
	cmd.Flags().BoolVar(&asJSON, "json", false, "print it as JSON")
	return cmd
}

func newTournamentWithdrawCmd(reg *engine.Registry) *cobra.Command {
	return &cobra.Command{
		Use:   "withdraw ID ADDRESS",
		Short: "Withdraw a person from a tournament: their game going on resigned, the rest forfeited",
		Args:  cobra.ExactArgs(2),
		RunE: func(cmd *cobra.Command, args []string) error {
			return withTournament(cmd, reg, args[0], func(ctx context.Context, srv *server.Server, id int64) error {
				if _, err := srv.Tournaments().WithdrawAddress(ctx, id, args[1]); err != nil {
					return err
				}
				fmt.Fprintf(cmd.OutOrStdout(), "%s withdrawn from tournament %d\n", args[1], id)
				return nil
			})
		},
	}
}

func newTournamentExportCmd(reg *engine.Registry) *cobra.Command {
	var format string
	cmd := &cobra.Command{
		Use:   "export ID --format html|json",
		Short: "Write a tournament's page (one self-contained HTML file) or record (JSON) to stdout",
		Args:  cobra.ExactArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			return withTournament(cmd, reg, args[0], func(ctx context.Context, srv *server.Server, id int64) error {
				b, err := srv.Tournaments().Export(ctx, id, format, lang.English)
				if err != nil {
					return err
				}
				_, err = cmd.OutOrStdout().Write(b)
				return err
			})
		},
	}
	cmd.Flags().StringVar(&format, "format", "html", "`html` (the page) or json (the record)")
	return cmd
}
