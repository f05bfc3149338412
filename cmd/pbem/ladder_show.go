package main

import (
	"context"
	"fmt"
	"text/tabwriter"

	"github.com/spf13/cobra"

	"pbem/engine"
	"pbem/server"
	"pbem/server/ladder"
)

// ladderJSON is a ladder in ladder show --json and ladder list --json.
type ladderJSON struct {
	ID      int64             `json:"id"`
	Game    string            `json:"game"`
	Options map[string]string `json:"options"`
	Reach   int               `json:"reach"`
	Answer  string            `json:"answer"` // a Go duration, 168h0m0s
	Rungs   []rungJSON        `json:"rungs"`
	Open    []ladderChallenge `json:"open"`
}

// rungJSON is a player on a ladder, rung 1 the top.
type rungJSON struct {
	Rung   int    `json:"rung"`
	Email  string `json:"email"`
	Name   string `json:"name,omitempty"`
	Wins   int    `json:"wins"`
	Draws  int    `json:"draws"`
	Losses int    `json:"losses"`
}

// ladderChallenge is an open challenge of a ladder: waiting for the
// defender's answer until expires_at (status pending), or its game going.
type ladderChallenge struct {
	Challenge  int64  `json:"challenge"`
	Challenger string `json:"challenger"`
	Defender   string `json:"defender"`
	Status     string `json:"status"`
	ExpiresAt  string `json:"expires_at"`
	GameID     int64  `json:"game_id,omitempty"`
}

func ladderView(v ladder.View) ladderJSON {
	out := ladderJSON{ID: v.Ladder.ID, Game: v.Ladder.Game, Options: v.Ladder.Options, Reach: v.Ladder.Reach, Answer: v.Ladder.Answer.String(),
		Rungs: []rungJSON{}, Open: []ladderChallenge{}}
	emails := map[int64]string{}
	for _, r := range v.Rungs {
		emails[r.PlayerID] = r.Email
		out.Rungs = append(out.Rungs, rungJSON{Rung: r.Rung, Email: r.Email, Name: r.Name, Wins: r.Wins, Draws: r.Draws, Losses: r.Losses})
	}
	for _, c := range v.Open {
		out.Open = append(out.Open, ladderChallenge{Challenge: c.Challenge, Challenger: emails[c.Challenger], Defender: emails[c.Defender],
			Status: c.Status, ExpiresAt: c.ExpiresAt.Format(timeLayout), GameID: c.GameID})
	}
	return out
}

func newLadderShowCmd(reg *engine.Registry) *cobra.Command {
	var asJSON bool
	cmd := &cobra.Command{
		Use:   "show ID [--json]",
		Short: "Show a ladder: its rungs, records and open challenges",
		Args:  cobra.ExactArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			return withServer(cmd, reg, func(ctx context.Context, srv *server.Server) error {
				l, err := srv.Ladders().Find(ctx, args[0])
				if err != nil {
					return err
				}
				v, err := srv.Ladders().Show(ctx, l)
				if err != nil {
					return err
				}
				j := ladderView(v)
				if asJSON {
					return writeJSON(cmd, j)
				}
				w := tabwriter.NewWriter(cmd.OutOrStdout(), 0, 4, 2, ' ', 0)
				fmt.Fprintf(w, "ladder %d: %s, reach %d, answer %s\n\nRUNG\tPLAYER\tWON\tDRAWN\tLOST\n", j.ID, j.Game, j.Reach, spanOf(j.Answer))
				for _, r := range j.Rungs {
					fmt.Fprintf(w, "%d\t%s\t%d\t%d\t%d\n", r.Rung, safeLine(r.Email), r.Wins, r.Draws, r.Losses)
				}
				if err := w.Flush(); err != nil {
					return err
				}
				for _, c := range j.Open {
					state := "waits for the defender's answer until " + c.ExpiresAt
					if c.GameID != 0 {
						state = fmt.Sprintf("game %d going", c.GameID)
					}
					fmt.Fprintf(cmd.OutOrStdout(), "challenge %d: %s challenges %s, %s\n", c.Challenge, safeLine(c.Challenger), safeLine(c.Defender), state)
				}
				return nil
			})
		},
	}
	cmd.Flags().BoolVar(&asJSON, "json", false, "print JSON")
	return cmd
}
