package main

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"slices"
	"strings"
	"text/tabwriter"

	"github.com/spf13/cobra"

	"pbem/engine"
	"pbem/store"
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

// gameListLimit is how many games game list shows without --limit.
const gameListLimit = 50

func newGameListCmd(reg *engine.Registry) *cobra.Command {
	var asJSON bool
	var f store.GameFilter
	cmd := &cobra.Command{
		Use:   "list [--limit N] [--status STATUS] [--game GAME] [--json]",
		Short: "List the games, newest first",
		Long: `List the games, newest first: the 50 most recent unless --limit says
otherwise (0 for all), those in one status with --status
(` + strings.Join(store.Statuses, ", ") + `), of one type with --game (` + strings.Join(reg.IDs(), ", ") + `).`,
		Example: `  pbem game list --status active
  pbem game list --game amplitude --limit 0 --json`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			if f.Status != "" && !slices.Contains(store.Statuses, f.Status) {
				return exitWith(exitUsage, fmt.Errorf("--status is %s, not %q", statusChoice(), f.Status))
			}
			if f.Type != "" {
				if _, err := reg.Lookup(f.Type); err != nil {
					return exitWith(exitUsage, fmt.Errorf("--game: %w", err))
				}
			}
			if f.Limit < 0 {
				return exitWith(exitUsage, fmt.Errorf("--limit is a number of games, 0 for all, not %d", f.Limit))
			}
			return withStore(cmd, func(ctx context.Context, st *store.Store) error {
				games, err := st.ListGames(ctx, f)
				if err != nil {
					return err
				}
				list := make([]gameSummary, 0, len(games))
				for _, g := range games {
					list = append(list, gameSummary{
						ID: g.ID, Game: g.Type, Status: g.Status, MoveNumber: g.MoveNumber,
						Players: nonNilNames(g.Players), Updated: g.UpdatedAt.Format(timeLayout),
					})
				}
				if asJSON {
					return writeJSON(cmd, list)
				}
				w := tabwriter.NewWriter(cmd.OutOrStdout(), 0, 4, 2, ' ', 0)
				fmt.Fprintln(w, "ID\tGAME\tSTATUS\tMOVES\tPLAYERS\tUPDATED")
				for _, g := range list {
					fmt.Fprintf(w, "%d\t%s\t%s\t%d\t%s\t%s\n", g.ID, g.Game, g.Status, g.MoveNumber, safeLine(strings.Join(g.Players, ", ")), g.Updated)
				}
				return w.Flush()
			})
		},
	}
	cmd.Flags().BoolVar(&asJSON, "json", false, "print JSON")
	cmd.Flags().IntVar(&f.Limit, "limit", gameListLimit, "show at most N games, the newest; 0 for all")
	cmd.Flags().StringVar(&f.Status, "status", "", "only the games in this status: "+statusChoice())
	cmd.Flags().StringVar(&f.Type, "game", "", "only the games of this type")
	return cmd
}

// nonNilNames is names, [] rather than null in JSON for a game without
// seats.
func nonNilNames(names []string) []string {
	if names == nil {
		return []string{}
	}
	return names
}

// timeLayout is how times are shown to operators.
const timeLayout = "2006-01-02 15:04:05Z07:00"

func writeJSON(cmd *cobra.Command, v any) error { return encodeJSON(cmd.OutOrStdout(), v) }

// encodeJSON writes v to w as every JSON output of pbem is written:
// indented, with <, > and & as they are, and no rune that acts on a
// terminal left raw (jsonSafe).
func encodeJSON(w io.Writer, v any) error {
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetIndent("", "  ")
	enc.SetEscapeHTML(false)
	if err := enc.Encode(v); err != nil {
		return err
	}
	_, err := w.Write(jsonSafe(buf.Bytes()))
	return err
}

// statusChoice is the statuses --status takes, as a sentence lists them:
// "active, finished or aborted".
func statusChoice() string {
	last := len(store.Statuses) - 1
	return strings.Join(store.Statuses[:last], ", ") + " or " + store.Statuses[last]
}
