package server

import (
	"context"
	"fmt"
	"slices"
	"time"

	"pbem/engine"
	"pbem/lang"
	"pbem/parser"
	"pbem/server/core"
	"pbem/store"
	"pbem/templates"
)

// Seats that outlive a player: in a game of three or more whose replace
// option is bot or offer (core.Replaces), a seat whose player leaves — a
// resignation, a forfeit on time, a sign-off (which resigns) — is not
// resigned in the engine: it changes hands (store.ChangeSeat), to a
// computer that plays on at once, or on offer until another player takes
// it over (takeover.go) or core.OfferTime passes and a computer takes it
// (offers.go). A change of hands is no move: the history replays as
// ever, and the holders (store.Holders) say who played which moves.

// leaving is a seat whose player leaves it to another holder, and why
// (store.HolderResigned, HolderTimeout, HolderSignoff).
type leaving struct {
	seat int
	why  string
}

// leavesBy is the seat leaving when m, played by seat of l after what a
// holds, is a resignation the game's replace option turns into a change
// of hands; nil when it is not one. It refuses a resignation among other
// moves, and any move after it: the seat is no longer the player's.
func (s *Server) leavesBy(l loaded, seat int, m engine.Move, a acted) (*leaving, error) {
	if a.leave != nil {
		return nil, engine.Refuse("you have left game %d: nothing after resign is played", l.row.ID)
	}
	if m == nil || m.String() != engine.WordResign.Notation(false) || l.row.Status != store.StatusActive {
		return nil, nil
	}
	set, err := core.ReadSettings(l.row.Options, l.game)
	if err != nil || !core.Replaces(set, len(l.row.Seats)) {
		return nil, err
	}
	if len(a.moves) > 0 {
		return nil, engine.Refuse("in this game another player takes your seat when you resign: write resign in a mail of its own")
	}
	why := store.HolderResigned
	if l.leaveWhy != "" {
		why = l.leaveWhy
	}
	return &leaving{seat: seat, why: why}, nil
}

// replacesOnTimeout reports whether the forfeit on time of a seat of g,
// under its options, is a change of hands rather than a resignation.
func replacesOnTimeout(g core.Game, text string) bool {
	if text != engine.WordResign.Notation(true) {
		return false
	}
	set, err := core.ReadSettings(g.Row.Options, g.Kind)
	return err == nil && core.Replaces(set, len(g.Row.Seats))
}

// leaveSeat gives the seat lv leaves in game l to its next holder as the
// game's replace option says, at at (zero: now), in one transaction with
// the mail that asked (in), the answers already composed (mails) and the
// notices telling every player.
func (s *Server) leaveSeat(ctx context.Context, l loaded, lv leaving, at time.Time, in *store.Inbound, mails []store.OutMail) error {
	set, err := core.ReadSettings(l.row.Options, l.game)
	if err != nil {
		return err
	}
	if at.IsZero() {
		at = s.cfg.Now()
	}
	next := store.Seat{Seat: lv.seat, Bot: store.OnOffer, Offered: at.Add(core.OfferTime)}
	if set.Replace == core.ReplaceBot {
		next = store.Seat{Seat: lv.seat, Bot: botLabel(l.row, lv.seat), BotLevel: set.ReplaceLevel}
	}
	return s.changeHands(ctx, l, next, lv.why, in, mails)
}

// changeHands gives seat next.Seat of game l to next — a person (Email),
// a computer (Bot) or nobody (on offer until next.Offered) — telling the
// players, the one who leaves and the one who comes included.
func (s *Server) changeHands(ctx context.Context, l loaded, next store.Seat, why string, in *store.Inbound, mails []store.OutMail) error {
	seat := next.Seat
	was := l.row.Seats[seat]
	after := l
	after.row.Seats = slices.Clone(l.row.Seats)
	next.TokenGen = was.TokenGen + 1
	after.row.Seats[seat] = next
	c := store.SeatChange{
		GameID: l.row.ID, From: l.row.MoveNumber, Seat: seat, Why: why, Inbound: in,
		Email: next.Email, Bot: next.Bot, BotLevel: next.BotLevel, OfferedUntil: next.Offered,
		BotToMove: core.BotToMove(after.row, l.state),
	}
	if next.Bot == store.OnOffer {
		c.Bot = ""
	}
	if l.state.ToMove() == seat {
		// The clock that ran was the player's who left: a computer plays
		// at once, a seat on offer waits with its clock stopped, and a
		// person who takes it over has a new turn's time.
		clock := store.Clock{}
		if next.Email != "" {
			if set, err := core.ReadSettings(l.row.Options, l.game); err == nil && set.Clock > 0 {
				clock = s.turnClock(set, after.row, l.state, s.cfg.Now(), time.Time{})
			}
		}
		c.Clock = &clock
	}
	if was.Bot == "" && core.SeatOfPlayer(after.row, was.PlayerID) < 0 {
		c.Left = []string{was.Email}
	}
	notices, err := s.mail.handsNotices(ctx, l, after, was, next, why)
	if err != nil {
		return err
	}
	c.Mails = append(notices, mails...)
	return s.store.ChangeSeat(ctx, c)
}

// botLabel is the label of a computer taking seat of g: "Computer", with
// the seat's number when another seat has that label already.
func botLabel(g store.Game, seat int) string {
	for _, other := range g.Seats {
		if other.Seat != seat && other.Bot == "Computer" {
			return fmt.Sprintf("Computer %d", seat+1)
		}
	}
	return "Computer"
}

// handsNotices are the mails telling the players of game l, after the
// change (after), that seat next.Seat passed from was to next: every
// player still seated, the one who left, and the one who came with the
// game's first mail (the board, their rack, the last move played).
func (c *composer) handsNotices(ctx context.Context, l, after loaded, was, next store.Seat, why string) ([]store.OutMail, error) {
	g, st := after.row, l.state
	number := core.NextTurn(g, nil)
	var out []store.OutMail
	for _, seat := range append(slices.Clone(g.Seats), was) {
		if seat.Bot != "" || seat.Seat == next.Seat && seat.Email == next.Email && next.Email != "" || resigned(st, seat.Seat) && seat != was {
			continue
		}
		tag := c.langOf(seat)
		foot := c.footer(g, st, number, seat.Seat)
		if seat == was {
			foot = nil // the seat is no longer theirs
		}
		text := handsSaid(g, was, next, why, seat == was, c.cfg.Address).In(tag)
		m, err := c.templated(g, seat, "notice", lang.T("seat %d changes hands", next.Seat+1),
			templates.Notice{Game: c.gameName(g), GameID: g.ID, Player: seat.Label(), Text: text}, foot)
		if err != nil {
			return nil, err
		}
		out = append(out, m)
	}
	if next.Email != "" {
		history, err := c.store.MovesAfter(ctx, g.ID, max(g.MoveNumber-1, 0)) // the game has begun: its last move
		if err != nil {
			return nil, err
		}
		welcome, err := c.invitations(g, after.game, st, history, nil)
		if err != nil {
			return nil, err
		}
		for _, m := range welcome {
			if parser.SameAddress(m.Recipient, next.Email) {
				out = append(out, m)
			}
		}
	}
	return out, nil
}

// handsSaid says, to a player of g (the one who left when self), that
// seat next.Seat passed from was to next, and why. A seat on offer's
// leaver was told when it went on offer: its taker alone is news then.
func handsSaid(g store.Game, was, next store.Seat, why string, self bool, address string) lang.Msg {
	then := handsThen(g, next, address)
	var left lang.Msg
	switch {
	case why == store.HolderUnclaimed:
		left = lang.T("Nobody took over seat %d in time.", next.Seat+1)
	case was.Bot == store.OnOffer:
		return then
	case why == store.HolderResigned:
		left = lang.T("%s resigned.", was.Label())
	case why == store.HolderTimeout:
		left = lang.T("%s ran out of time.", was.Label())
	case why == store.HolderSignoff:
		left = lang.T("%s signed off.", was.Label())
	default:
		left = lang.T("The operator took seat %d from %s.", next.Seat+1, was.Label())
	}
	if self {
		return lang.T("%s %s The seat is no longer yours: no more mail of game %d comes to you.", left, then, g.ID)
	}
	return lang.T("%s %s", left, then)
}

// handsThen says who plays seat next.Seat of g now.
func handsThen(g store.Game, next store.Seat, address string) lang.Msg {
	n := next.Seat + 1
	switch {
	case next.Email != "":
		return lang.T("%s takes over seat %d and plays on.", next.Label(), n)
	case next.Bot == store.OnOffer:
		return lang.T("Seat %d is on offer: any player of this server not in the game may take it over by writing takeover %d to %s; the others play on, and if nobody takes it by %s, a computer does.",
			n, g.ID, address, core.WhenMsg(next.Offered))
	}
	return lang.T("A computer (%s) takes seat %d and plays on.", next.Bot, n)
}
