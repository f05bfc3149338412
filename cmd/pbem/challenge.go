package main

import (
	"context"
	"fmt"
	"strconv"
	"strings"
	"text/tabwriter"

	"github.com/spf13/cobra"

	"pbem/engine"
	"pbem/server"
	"pbem/store"
)

// challengeSummary is one line of challenge list --json.
type challengeSummary struct {
	ID        int64             `json:"id"`
	Game      string            `json:"game"`
	Status    string            `json:"status"`
	Options   map[string]string `json:"options"`
	Seats     []challengeSeat   `json:"seats"`
	CreatedAt string            `json:"created_at"`
	ExpiresAt string            `json:"expires_at"`
	GameID    int64             `json:"game_id,omitempty"`
	// RematchOf is the finished game a rematch offered by mail plays
	// again.
	RematchOf int64 `json:"rematch_of,omitempty"`
}

// challengeSeat is one seat of a challenge in challenge list --json:
// address "" for a seat still open or a computer's (bot, its label).
type challengeSeat struct {
	Address  string `json:"address"`
	Name     string `json:"name,omitempty"`
	Bot      string `json:"bot,omitempty"`
	Accepted bool   `json:"accepted"`
	Declined bool   `json:"declined"`
}

func newChallengeCmd(reg *engine.Registry) *cobra.Command {
	cmd := &cobra.Command{
		Use:   "challenge",
		Short: "List and cancel the games players started by mail that wait for their seats",
	}
	cmd.AddCommand(newChallengeListCmd(reg), newChallengeCancelCmd(reg))
	return cmd
}

func newChallengeListCmd(reg *engine.Registry) *cobra.Command {
	var asJSON bool
	var status string
	cmd := &cobra.Command{
		Use:   "list [--status pending|started|declined|expired|cancelled] [--json]",
		Short: "List the challenges, the newest first",
		Long: `List the challenges players started by mail (new GAME with ..., new GAME
open N), the newest first: each with its game, status, seats (an address,
"open" for a seat nobody took yet, and whether it accepted) and expiry.`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			return withServer(cmd, reg, func(ctx context.Context, srv *server.Server) error {
				cs, err := srv.Lobby().Challenges(ctx, status)
				if err != nil {
					return err
				}
				list := make([]challengeSummary, 0, len(cs))
				for _, c := range cs {
					list = append(list, summarizeChallenge(c))
				}
				if asJSON {
					return writeJSON(cmd, list)
				}
				w := tabwriter.NewWriter(cmd.OutOrStdout(), 0, 4, 2, ' ', 0)
				fmt.Fprintln(w, "ID\tGAME\tSTATUS\tSEATS\tEXPIRES\tGAME ID\tREMATCH OF")
				for _, c := range list {
					var seats []string
					for _, s := range c.Seats {
						switch {
						case s.Bot != "":
							seats = append(seats, s.Bot+" (computer)")
						case s.Address == "":
							seats = append(seats, "open")
						case s.Accepted:
							seats = append(seats, s.Address)
						default:
							seats = append(seats, s.Address+" (waiting)")
						}
					}
					game := ""
					if c.GameID != 0 {
						game = strconv.FormatInt(c.GameID, 10)
					}
					rematch := ""
					if c.RematchOf != 0 {
						rematch = strconv.FormatInt(c.RematchOf, 10)
					}
					fmt.Fprintf(w, "%d\t%s\t%s\t%s\t%s\t%s\t%s\n", c.ID, c.Game, c.Status, safeLine(strings.Join(seats, ", ")), c.ExpiresAt, game, rematch)
				}
				return w.Flush()
			})
		},
	}
	cmd.Flags().BoolVar(&asJSON, "json", false, "print JSON")
	cmd.Flags().StringVar(&status, "status", "", "only the challenges of this `STATUS`")
	return cmd
}

func summarizeChallenge(c store.Challenge) challengeSummary {
	s := challengeSummary{ID: c.ID, Game: c.Game, Status: c.Status, Options: c.Options, GameID: c.GameID, RematchOf: c.RematchOf,
		CreatedAt: c.CreatedAt.Format(timeLayout), ExpiresAt: c.ExpiresAt.Format(timeLayout)}
	for _, seat := range c.Seats {
		s.Seats = append(s.Seats, challengeSeat{Address: seat.Address, Name: seat.Name, Bot: seat.Bot, Accepted: seat.Accepted, Declined: seat.Declined})
	}
	return s
}

func newChallengeCancelCmd(reg *engine.Registry) *cobra.Command {
	return &cobra.Command{
		Use:   "cancel ID",
		Short: "End a pending challenge; its players are told by mail",
		Args:  cobra.ExactArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			id, err := strconv.ParseInt(args[0], 10, 64)
			if err != nil || id < 1 {
				return exitWith(exitUsage, fmt.Errorf("challenge cancel takes a challenge's number, as pbem challenge cancel 3 (pbem challenge list shows them), not %q", args[0]))
			}
			return withServer(cmd, reg, func(ctx context.Context, srv *server.Server) error {
				if err := srv.Lobby().CancelChallenge(ctx, id); err != nil {
					return err
				}
				fmt.Fprintf(cmd.OutOrStdout(), "challenge %d cancelled; its players are told\n", id)
				return nil
			})
		},
	}
}
