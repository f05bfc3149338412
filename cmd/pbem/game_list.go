package main

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"
	"text/tabwriter"

	"github.com/spf13/cobra"

	"pbem/engine"
	"pbem/server"
)

// gameSummary is one line of game list --json.
type gameSummary struct {
	ID         int64    `json:"id"`
	Game       string   `json:"game"`
	Status     string   `json:"status"`
	MoveNumber int      `json:"move_number"`
	Players    []string `json:"players"`
	Updated    string   `json:"updated_at"`
}

func newGameListCmd(reg *engine.Registry) *cobra.Command {
	var asJSON bool
	cmd := &cobra.Command{
		Use:   "list [--json]",
		Short: "List every game",
		Args:  cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			return withServer(cmd, reg, func(ctx context.Context, srv *server.Server) error {
				games, err := srv.Games(ctx)
				if err != nil {
					return err
				}
				list := make([]gameSummary, 0, len(games))
				for _, g := range games {
					list = append(list, gameSummary{
						ID: g.ID, Game: g.Type, Status: g.Status, MoveNumber: g.MoveNumber,
						Players: server.Names(g), Updated: g.UpdatedAt.Format(timeLayout),
					})
				}
				if asJSON {
					return writeJSON(cmd, list)
				}
				w := tabwriter.NewWriter(cmd.OutOrStdout(), 0, 4, 2, ' ', 0)
				fmt.Fprintln(w, "ID\tGAME\tSTATUS\tMOVES\tPLAYERS\tUPDATED")
				for _, g := range list {
					fmt.Fprintf(w, "%d\t%s\t%s\t%d\t%s\t%s\n", g.ID, g.Game, g.Status, g.MoveNumber, strings.Join(g.Players, ", "), g.Updated)
				}
				return w.Flush()
			})
		},
	}
	cmd.Flags().BoolVar(&asJSON, "json", false, "print JSON")
	return cmd
}

// timeLayout is how times are shown to operators.
const timeLayout = "2006-01-02 15:04:05Z07:00"

func writeJSON(cmd *cobra.Command, v any) error {
	enc := json.NewEncoder(cmd.OutOrStdout())
	enc.SetIndent("", "  ")
	enc.SetEscapeHTML(false)
	return enc.Encode(v)
}
