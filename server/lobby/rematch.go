package lobby

import (
	"context"
	"errors"
	"fmt"

	"pbem/engine"
	"pbem/lang"
	"pbem/parser"
	"pbem/server/core"
	"pbem/store"
	"pbem/templates"
)

// A rematch plays a finished game again: "rematch" in reply to one of its
// mails offers its players a new game of the same type and options (its
// clock included), each seat moved on by one — the first player's seat
// goes to the second, the last's to the first — and a new seed. It is a
// challenge (challenge.go) made by the player who asked and naming the
// game it plays again (store.Challenge.RematchOf), the other players
// invited, its computer seats taken from the start: each player accepts
// by writing rematch or accept in reply to the finished game's mail, or
// accept to the invitation, and the game starts when all have; a decline
// ends it, so does its expiry. Against the computer alone it starts at
// once. The operator's policy may turn rematches off (Policy.Rematch),
// and the operator starts one at once with pbem game rematch (RematchNow).

// Rematch answers verb — parser.Rematch, parser.Accept or parser.Refuse —
// written in mail m by seat of game g, a game the mail's token names and
// the seat's player wrote. The caller holds g's lock; a refusal changes
// nothing.
func (lb Lobby) Rematch(ctx context.Context, in store.Inbound, m parser.Mail, g core.Game, seat int, verb string) error {
	if lb.Policy.WithDefaults().Rematch == RematchOff {
		return engine.Refuse("rematches are off on this server: to play again, write new %s with the players to %s", g.Row.Type, lb.Core.Address())
	}
	switch g.Row.Status {
	case store.StatusFinished:
	case store.StatusActive:
		return engine.Refuse("game %d goes on: a rematch is offered once it is over", g.Row.ID)
	default:
		return engine.Refuse("game %d was %s: it has no rematch, but new %s with the players, written to %s, starts another", g.Row.ID, store.StatusWord(g.Row.Status), g.Row.Type, lb.Core.Address())
	}
	c, err := lb.Store.RematchOf(ctx, g.Row.ID)
	switch {
	case errors.Is(err, store.ErrNotFound):
	case err != nil:
		return err
	case c.Status == store.ChallengePending:
		return lb.answerRematch(ctx, in, m, g, seat, c, verb)
	case c.Status == store.ChallengeStarted && verb == parser.Rematch:
		return engine.Refuse("game %d had its rematch already: game %d. Write rematch in reply to that game's mail once it is over to play again", g.Row.ID, c.GameID)
	}
	if verb != parser.Rematch {
		return engine.Refuse("no rematch of game %d waits for an answer: write rematch to offer one", g.Row.ID)
	}
	return lb.offerRematch(ctx, in, m, g, seat)
}

// answerRematch is seat's answer to c, the pending rematch of g: rematch
// and accept take the seat, decline ends the challenge.
func (lb Lobby) answerRematch(ctx context.Context, in store.Inbound, m parser.Mail, g core.Game, seat int, c store.Challenge, verb string) error {
	defer lb.Core.Lock(-c.ID)()
	c, err := lb.pendingChallenge(ctx, c.ID)
	if err != nil {
		return err
	}
	mine := -1
	for _, cs := range c.Seats {
		if ownsSeat(cs, g.Row.Seats[seat].PlayerID, m.From) {
			mine = cs.Seat
		}
	}
	if mine < 0 {
		return engine.Refuse("you have no seat in challenge %d, the rematch of game %d", c.ID, g.Row.ID)
	}
	answer := store.SeatAnswer{Challenge: c.ID, Seat: mine, Decline: verb == parser.Refuse, Inbound: &in}
	if answer.Decline {
		return lb.declined(ctx, c, answer)
	}
	if c.Seats[mine].Accepted {
		return engine.Refuse("you accepted the rematch of game %d (challenge %d) already: it starts when every seat is taken", g.Row.ID, c.ID)
	}
	return lb.seatTaken(ctx, c, answer, m)
}

// rotated are g's seats moved on by one, as its rematch seats them: the
// seat at i in g is at i+1 in the rematch, the last's at 0.
func rotated(g store.Game) []store.Seat {
	n := len(g.Seats)
	out := make([]store.Seat, n)
	for i, seat := range g.Seats {
		seat.Seat = (i + 1) % n
		out[seat.Seat] = seat
	}
	return out
}

// offerRematch makes the rematch of g that seat asks for: started at once
// when every other seat is the computer's, else a challenge waiting for
// the other players.
func (lb Lobby) offerRematch(ctx context.Context, in store.Inbound, m parser.Mail, g core.Game, seat int) error {
	pid := g.Row.Seats[seat].PlayerID
	if err := lb.MayStart(ctx, pid); err != nil {
		return err
	}
	seats := rotated(g.Row)
	seed, _, err := core.PlayableSeed(g.Kind, core.EngineOptions(g.Row.Options), len(seats), core.RandomSeed)
	if err != nil {
		return err
	}
	people := 0
	for _, s := range seats {
		if s.Bot == "" {
			people++
		}
	}
	in.Outcome, in.Detail = store.Applied, fmt.Sprintf("rematch of game %d", g.Row.ID)
	if people == 1 {
		req := core.NewGame{Game: g.Row.Type, Options: core.ForRematch(g.Row.Options), Seed: &seed, CreatedBy: pid, Seated: askedSeats(seats), Inbound: &in}
		_, err := lb.Core.Create(ctx, req)
		return err
	}
	return lb.rematchChallenge(ctx, in, m, g, seats, (seat+1)%len(seats), seed)
}

// askedSeats are seats as a new game asks for them.
func askedSeats(seats []store.Seat) []core.AskedSeat {
	out := make([]core.AskedSeat, len(seats))
	for i, s := range seats {
		if s.Bot != "" {
			out[i] = core.AskedSeat{Bot: true, Name: core.BotName(s.Bot, s.BotLevel)}
		} else {
			out[i] = core.AskedSeat{Email: s.Email, Name: s.Name}
		}
	}
	return out
}

// rematchChallenge stores the rematch of g as a challenge whose seats are
// seats, the asker's at mine accepted, with the invitations to the other
// players and the asker's confirmation, in one transaction with the mail
// that asked.
func (lb Lobby) rematchChallenge(ctx context.Context, in store.Inbound, m parser.Mail, g core.Game, seats []store.Seat, mine int, seed uint64) error {
	me := seats[mine]
	expires := lb.Core.Now().Add(lb.Policy.WithDefaults().ChallengeExpiry)
	c := store.Challenge{Game: g.Row.Type, Options: core.ForRematch(g.Row.Options), Seed: seed, CreatedBy: me.PlayerID, ExpiresAt: expires, RematchOf: g.Row.ID}
	langs := make([]lang.Tag, len(seats))
	for i, s := range seats {
		cs := store.ChallengeSeat{Seat: i, Accepted: i == mine || s.Bot != ""}
		if s.Bot != "" {
			cs.Bot = core.BotName(s.Bot, s.BotLevel)
		} else {
			cs.PlayerID, cs.Address, cs.Name = s.PlayerID, s.Email, s.Name
			langs[i] = lb.Core.LangOf(s)
		}
		c.Seats = append(c.Seats, cs)
	}
	key, err := lb.Core.Key(ctx, core.ChallengeKeyName)
	if err != nil {
		return err
	}
	asker, err := lb.Store.Player(ctx, me.PlayerID)
	if err != nil {
		return err
	}
	reply, replyID, err := lb.Core.LobbyReply(ctx, me.Email, asker.TokenGen)
	if err != nil {
		return err
	}
	_, err = lb.Store.CreateChallenge(ctx, store.NewChallenge{
		Game: c.Game, Options: c.Options, Seed: seed, CreatedBy: me.PlayerID, ExpiresAt: expires, RematchOf: g.Row.ID, Seats: c.Seats, Inbound: &in,
		Mails: func(id int64) ([]store.OutMail, error) {
			c.ID = id
			return lb.rematchMails(key, c, mine, langs, g, m, reply, replyID)
		},
	})
	return err
}

// rematchMails are the asker's confirmation of c, the rematch of g (under
// the lobby's reply address and Message-ID for them, answering m), and the
// invitations to its other players, each in its seat's language (langs):
// all read before the transaction that calls it.
func (lb Lobby) rematchMails(key []byte, c store.Challenge, mine int, langs []lang.Tag, g core.Game, m parser.Mail, reply, replyID string) ([]store.OutMail, error) {
	names := seatNames(c)
	game := g.Kind.Name()
	text := lang.T("You offer a rematch of game %d: challenge %d, %s, seats: %s (each player one seat on); options: %s. The others are invited by mail; the game starts when every one of them accepts, and the challenge expires %s otherwise. Write decline %d to call it off.",
		g.Row.ID, c.ID, game, seatsText(c), optionsText(c.Options), core.WhenMsg(c.ExpiresAt), c.ID)
	t := langs[mine]
	confirm, err := lb.Core.ComposeLobby(t, c.Seats[mine].Address, reply, replyID, "notice", lang.T("pbem: rematch of game %d (challenge %d)", g.Row.ID, c.ID),
		templates.Notice{Player: names[mine].In(t), Text: text.In(t)}, m)
	if err != nil {
		return nil, err
	}
	out := []store.OutMail{confirm}
	for _, seat := range c.Seats {
		if seat.Seat == mine || seat.Bot != "" {
			continue
		}
		text := lang.T("%s offers a rematch of game %d (challenge %d): %s, seats: %s (each player one seat on); options: %s. Reply to this mail with accept to take your seat, or decline to refuse; rematch and decline in reply to the last mail of game %d do the same. The game starts when every player has accepted, and the challenge expires %s otherwise.",
			names[mine], g.Row.ID, c.ID, game, seatsText(c), optionsText(c.Options), g.Row.ID, core.WhenMsg(c.ExpiresAt))
		inv, err := lb.invitation(key, c.ID, seat, langs[seat.Seat], lang.T("pbem: %s offers a rematch of game %d (challenge %d)", names[mine], g.Row.ID, c.ID), text)
		if err != nil {
			return nil, err
		}
		out = append(out, inv)
	}
	return out, nil
}

// RematchNow starts the rematch of finished game id at once, at the
// operator's word: the same type, options and players, each seat moved on
// by one, a new seed; its players get its first mails. A rematch waiting
// for its players must be answered or cancelled first.
func (lb Lobby) RematchNow(ctx context.Context, id int64) (int64, error) {
	g, err := lb.Core.Load(ctx, id)
	if err != nil {
		return 0, err
	}
	if g.Row.Status != store.StatusFinished {
		return 0, engine.Refuse("game %d is %s: a rematch plays a finished game again", id, store.StatusWord(g.Row.Status))
	}
	switch c, err := lb.Store.RematchOf(ctx, id); {
	case errors.Is(err, store.ErrNotFound):
	case err != nil:
		return 0, err
	case c.Status == store.ChallengePending:
		return 0, engine.Refuse("challenge %d, the rematch of game %d, waits for its players: let them answer, or cancel it first (pbem challenge cancel %d)", c.ID, id, c.ID)
	}
	seats := rotated(g.Row)
	seed, _, err := core.PlayableSeed(g.Kind, core.EngineOptions(g.Row.Options), len(seats), core.RandomSeed)
	if err != nil {
		return 0, err
	}
	return lb.Core.Create(ctx, core.NewGame{Game: g.Row.Type, Options: core.ForRematch(g.Row.Options), Seed: &seed, Seated: askedSeats(seats)})
}
