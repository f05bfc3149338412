package main

import (
	"context"
	"fmt"
	"strings"
	"time"

	"github.com/spf13/cobra"

	"pbem/archive"
	"pbem/engine"
	"pbem/server"
	"pbem/server/core"
	"pbem/store"
)

// gameJSON is game show --json: the contract of shared/design.md.
type gameJSON struct {
	ID         int64             `json:"id"`
	Game       string            `json:"game"`
	Status     string            `json:"status"`
	MoveNumber int               `json:"move_number"`
	NextMove   int               `json:"next_move,omitempty"` // the #N a player's next move writes; none once over
	ToMove     string            `json:"to_move"`
	Deadline   string            `json:"deadline,omitempty"`      // when the time of the player to move runs out (RFC 3339)
	Stopped    bool              `json:"clock_stopped,omitempty"` // a vacation, or a turn mail that never reached them, stopped that clock
	Clock      *clockJSON        `json:"clock,omitempty"`         // that clock, when the game has one and is shown as it stands
	Winners    []string          `json:"winners"`
	Players    []playerJSON      `json:"players"`
	Board      []string          `json:"board"`
	Position   string            `json:"position,omitempty"`
	Ending     string            `json:"ending,omitempty"`
	Options    map[string]string `json:"options"`
	Seed       uint64            `json:"seed"`
	Undo       *undoJSON         `json:"undo_offer,omitempty"` // an offer to take back a turn, waiting for consent
	// Holders are who held each seat that changed hands, over time (see
	// docs/archive.md); absent when no seat did.
	Holders []archive.Holder `json:"holders,omitempty"`
}

// undoJSON is a pending offer to take back a turn, in game show --json.
type undoJSON struct {
	Turn    int      `json:"turn"`     // the turn it takes back, with every move after it
	AskedBy string   `json:"asked_by"` // the seat that asked, as players name seats
	Agreed  []string `json:"agreed"`   // the seats that agreed, the asker's included
	Since   string   `json:"since"`    // RFC 3339
}

// undoOf is offer o of game g as game show --json tells it; nil for none.
func undoOf(g store.Game, o *store.UndoOffer) *undoJSON {
	if o == nil {
		return nil
	}
	out := &undoJSON{Turn: o.Turn, AskedBy: archive.SeatID(g.Seats[o.Seat]), Agreed: []string{}, Since: stamp(o.CreatedAt)}
	for _, seat := range o.Agreed {
		out.Agreed = append(out.Agreed, archive.SeatID(g.Seats[seat]))
	}
	return out
}

// clockJSON is the clock of the player to move, in game show --json.
type clockJSON struct {
	// State is running, waiting (for the relay to accept the mail giving
	// the turn: the time does not run yet) or stopped.
	State string `json:"state"`
	// Started is when the clock started running for this turn (RFC
	// 3339): when the relay accepted the turn mail, or the move was
	// stored; shifted by a vacation's stop, so that the reminders keep
	// their place. Only while it runs.
	Started  string `json:"started,omitempty"`
	Deadline string `json:"deadline,omitempty"` // while it runs
	// LeftSeconds is the time the player has, while it waits or is
	// stopped.
	LeftSeconds int64 `json:"left_seconds,omitempty"`
	// Since is when the move that gave the turn was stored, while the
	// clock waits for its mail.
	Since string `json:"since,omitempty"`
	// StoppedReason says why it does not run: delivery (waiting), or,
	// stopped, vacation, bounced (a delivery report said the turn mail
	// never reached the player) or abandoned (the relay refused it).
	StoppedReason string `json:"stopped_reason,omitempty"`
	// StoppedDetail is the relay's words, for bounced and abandoned.
	StoppedDetail string `json:"stopped_detail,omitempty"`
}

// clockOf is clock c as game show --json tells it; nil for none.
func clockOf(c store.Clock) *clockJSON {
	if !c.Running() {
		return nil
	}
	out := &clockJSON{State: "running"}
	switch {
	case c.Waiting():
		out.State, out.StoppedReason, out.Since = "waiting", c.Held, stamp(c.TurnStarted)
	case c.Held != "":
		out.State, out.StoppedReason, out.StoppedDetail = "stopped", c.Held, c.Why
	case c.Left > 0:
		out.State, out.StoppedReason = "stopped", "vacation"
	default:
		out.Started, out.Deadline = stamp(c.TurnStarted), stamp(c.Deadline)
	}
	if c.Left > 0 {
		out.LeftSeconds = int64(c.Left / time.Second)
	}
	return out
}

// clockLine is c in a line of game show's text.
func clockLine(c *clockJSON) string {
	left := (time.Duration(c.LeftSeconds) * time.Second).String()
	switch {
	case c.State == "waiting":
		return fmt.Sprintf("Clock: waiting for the relay to accept the turn mail, since %s; %s left.", c.Since, left)
	case c.StoppedDetail != "":
		return fmt.Sprintf("Clock: stopped, %s (%s); %s left.", c.StoppedReason, safeLine(c.StoppedDetail), left)
	case c.State == "stopped":
		return fmt.Sprintf("Clock: stopped, %s; %s left.", c.StoppedReason, left)
	}
	return fmt.Sprintf("Clock: started %s, runs out %s.", c.Started, c.Deadline)
}

type playerJSON struct {
	Seat  int    `json:"seat"`
	Email string `json:"email"`
	Name  string `json:"name"`
	Bot   bool   `json:"bot,omitempty"`
	Score int    `json:"score"`
	Rack  string `json:"rack"`
}

func newGameShowCmd(reg *engine.Registry) *cobra.Command {
	var asJSON bool
	var at int
	cmd := &cobra.Command{
		Use:   "show ID [--at N] [--json]",
		Short: "Show a game: its board, scores and whose turn it is",
		Long: `Show a game as it stands, or with --at N as it stood after move N
(--at 0: before the first move). The text form is the board as a
spectator sees it; --json also carries every player's rack.`,
		Args:              cobra.ExactArgs(1),
		ValidArgsFunction: noFiles,
		RunE: func(cmd *cobra.Command, args []string) error {
			if !cmd.Flags().Changed("at") {
				at = -1
			} else if at < 0 {
				return exitWith(exitUsage, engine.Refuse("--at takes a move number, 0 or more"))
			}
			return withGame(cmd, reg, args[0], func(ctx context.Context, srv *server.Server, id int64) error {
				snap, err := srv.Snapshot(ctx, id, at)
				if err != nil {
					return err
				}
				if asJSON {
					return writeJSON(cmd, showJSON(snap))
				}
				g := snap.Game
				fmt.Fprintf(cmd.OutOrStdout(), "Game %d: %s, %s, after move %d of %d.\n", g.ID, snap.Kind.Name(), statusAt(snap), snap.At, len(snap.Moves))
				shown := showJSON(snap)
				if c := shown.Clock; c != nil {
					fmt.Fprintln(cmd.OutOrStdout(), clockLine(c))
				}
				if u := shown.Undo; u != nil {
					fmt.Fprintf(cmd.OutOrStdout(), "Undo: %s asks to take back turn %d, since %s; agreed: %s.\n", safeLine(u.AskedBy), u.Turn, u.Since, safeLine(strings.Join(u.Agreed, ", ")))
				}
				fmt.Fprintln(cmd.OutOrStdout())
				fmt.Fprint(cmd.OutOrStdout(), safeText(snap.State.Render(engine.View{Seat: -1, Names: core.Names(g)})))
				return nil
			})
		},
	}
	cmd.Flags().BoolVar(&asJSON, "json", false, "print JSON")
	cmd.Flags().IntVar(&at, "at", 0, "show the game after move `N`")
	return cmd
}

// statusAt is the game's status at the snapshot's move: the stored one for
// the latest, else active or finished by the state.
func statusAt(snap core.Snapshot) string {
	if snap.At == len(snap.Moves) {
		return snap.Game.Status
	}
	if snap.State.Over() {
		return store.StatusFinished
	}
	return store.StatusActive
}

func showJSON(snap core.Snapshot) gameJSON {
	g, st := snap.Game, snap.State
	out := gameJSON{
		ID: g.ID, Game: g.Type, Status: statusAt(snap), MoveNumber: snap.At,
		Winners: []string{}, Options: g.Options, Seed: g.Seed,
		Undo: undoOf(g, snap.Undo),
	}
	if len(g.Holders) > 0 {
		out.Holders = archive.Holders(g.Holders)
	}
	if seat := st.ToMove(); seat >= 0 && out.Status == store.StatusActive {
		out.ToMove = archive.SeatID(g.Seats[seat])
		if snap.At == len(snap.Moves) {
			out.Deadline = stamp(g.Clock.Deadline)
			out.Stopped = g.Clock.Left > 0 && !g.Clock.Waiting()
			out.Clock = clockOf(g.Clock)
		}
		out.NextMove = 1
		if snap.At > 0 {
			last := snap.Moves[snap.At-1]
			out.NextMove = last.Turn
			if !last.Aside {
				out.NextMove++
			}
		}
	}
	if st.Over() {
		for _, w := range st.Winners() {
			out.Winners = append(out.Winners, archive.SeatID(g.Seats[w]))
		}
	}
	scores := st.Scores()
	insp, _ := st.(engine.Inspector)
	for i, seat := range g.Seats {
		p := playerJSON{Seat: i, Email: seat.Email, Name: seat.Label(), Bot: seat.Bot != "", Score: scores[i]}
		if insp != nil {
			p.Rack = insp.Hand(i)
		}
		out.Players = append(out.Players, p)
	}
	if insp != nil {
		out.Board, out.Ending = insp.BoardRows(), engine.Ending(st, engine.View{Names: core.Names(g)})
	}
	if pos, ok := st.(interface{ Position() string }); ok {
		out.Position = pos.Position()
	}
	return out
}
