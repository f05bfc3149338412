package lobby

import (
	"pbem/server/core"

	"context"
	"errors"
	"fmt"
	"maps"
	"time"

	"pbem/engine"
	"pbem/lang"
	"pbem/mailer"
	"pbem/parser"
	"pbem/store"
)

// challengeNamed is the challenge a mail answers and its token: from a
// challenge reply address among its recipients, else its References,
// else the number after the verb (token "").
func challengeNamed(m parser.Mail, c parser.LobbyCommand) (id int64, token string, err error) {
	for _, addr := range append(append([]string{}, m.To...), m.Cc...) {
		if id, token, ok := mailer.ParseChallengeAddress(addr); ok {
			return id, token, nil
		}
	}
	for _, ref := range append([]string{m.InReplyTo}, m.References...) {
		if id, token, ok := mailer.ParseChallengeID(ref); ok {
			return id, token, nil
		}
	}
	id, err = idArg(c.Verb, c.Args)
	if err != nil {
		if c.Verb == parser.Accept {
			return 0, "", engine.Refuse("accept which challenge? Reply to its invitation, or write accept 12 with its number: games lists yours")
		}
		return 0, "", engine.Refuse("decline which challenge? Reply to its invitation, or write decline 12 with its number: games lists yours")
	}
	return id, "", nil
}

// answerChallenge does accept or decline: the seat is the one the reply
// address names, else the sender's own; the sender must own the seat's
// address either way.
func (lb Lobby) answerChallenge(ctx context.Context, in store.Inbound, m parser.Mail, cmd parser.LobbyCommand, pid int64) error {
	id, token, err := challengeNamed(m, cmd)
	if err != nil {
		return err
	}
	defer lb.Core.Lock(-id)()
	c, err := lb.Store.Challenge(ctx, id)
	if errors.Is(err, store.ErrNotFound) {
		return engine.Refuse("you have no challenge %d waiting for your answer: games lists yours", id)
	}
	if err != nil {
		return err
	}
	seat := -1
	if token != "" {
		key, err := lb.Core.Key(ctx, core.ChallengeKeyName)
		if err != nil {
			return err
		}
		if i, ok := mailer.ChallengeSeatOf(key, id, len(c.Seats), token); ok && ownsSeat(c.Seats[i], pid, m.From) {
			seat = i
		}
	} else {
		for _, cs := range c.Seats {
			if ownsSeat(cs, pid, m.From) {
				seat = cs.Seat
			}
		}
	}
	if seat < 0 {
		return engine.Refuse("you have no challenge %d waiting for your answer: games lists yours", id)
	}
	if c.Status != store.ChallengePending {
		return engine.Refuse("challenge %d waits for no one any more: it %s", id, challengeEnd(c))
	}
	answer := store.SeatAnswer{Challenge: id, Seat: seat, Decline: cmd.Verb == parser.Refuse, Inbound: &in}
	if answer.Decline {
		return lb.declined(ctx, c, answer)
	}
	if c.Seats[seat].Accepted {
		return engine.Refuse("you accepted challenge %d already: it starts when every seat is taken", id)
	}
	return lb.seatTaken(ctx, c, answer, m)
}

// ownsSeat reports whether the sender, player pid (0 when unknown) at
// address from, is the seat's.
func ownsSeat(seat store.ChallengeSeat, pid int64, from string) bool {
	if seat.Open() {
		return false
	}
	return parser.SameAddress(seat.Address, from) || (pid != 0 && seat.PlayerID == pid)
}

// declined ends challenge c, a seat having declined (or its creator
// called it off), everyone seated told.
func (lb Lobby) declined(ctx context.Context, c store.Challenge, a store.SeatAnswer) error {
	if c.Ladder != 0 {
		return lb.Core.LadderEnded(ctx, c.ID, store.ChallengeDeclined, a.Seat, a.Inbound) // a forfeit, or a withdrawal
	}
	who := seatNames(c)[a.Seat]
	kind, err := lb.Games.Lookup(c.Game)
	if err != nil {
		return err
	}
	mails, err := lb.toEveryone(ctx, c, -1, lang.T("pbem: challenge %d declined", c.ID), func(seat int) lang.Msg {
		if seat == a.Seat {
			return lang.T("You declined challenge %d (%s, seats: %s): the game will not start. To start another, write new %s with ADDRESS to %s.",
				c.ID, kind.Name(), seatsText(c), c.Game, lb.Core.Address())
		}
		return lang.T("%s declined challenge %d (%s, seats: %s): the game will not start. To start another, write new %s with ADDRESS to %s.",
			who, c.ID, kind.Name(), seatsText(c), c.Game, lb.Core.Address())
	})
	if err != nil {
		return err
	}
	a.Mails = mails
	a.Inbound.Outcome, a.Inbound.Detail = store.Applied, fmt.Sprintf("challenge %d declined", c.ID)
	return lb.Store.AnswerSeat(ctx, a)
}

// seatTaken accepts a's seat of c (or takes it, for a join): the game
// starts when it was the last; else the sender is told who it waits for.
func (lb Lobby) seatTaken(ctx context.Context, c store.Challenge, a store.SeatAnswer, m parser.Mail) error {
	seat := &c.Seats[a.Seat]
	seat.Accepted = true
	if a.Address != "" {
		seat.Address, seat.PlayerID = a.Address, a.PlayerID
		if a.PlayerID != 0 {
			if p, err := lb.Store.Player(ctx, a.PlayerID); err == nil {
				seat.Name = p.Name
			}
		}
	}
	var waiting []lang.Msg
	for i, cs := range c.Seats {
		if !cs.Accepted {
			waiting = append(waiting, seatNames(c)[i])
		}
	}
	a.Inbound.Outcome = store.Applied
	if len(waiting) == 0 {
		a.Inbound.Detail = fmt.Sprintf("challenge %d starts", c.ID)
		req := core.NewGame{Game: c.Game, Options: c.Options, Seed: &c.Seed, CreatedBy: c.CreatedBy, Start: &store.ChallengeStart{Answer: a}, Inbound: a.Inbound,
			Seated: challengeSeated(c)}
		if err := lb.ladderGame(ctx, c, &req); err != nil {
			return err
		}
		a.Inbound = nil
		req.Start.Answer.Inbound = nil
		_, err := lb.Core.Create(ctx, req)
		if errors.Is(err, store.ErrConflict) {
			return engine.Refuse("challenge %d changed meanwhile: write games to see where it stands", c.ID)
		}
		return err
	}
	a.Inbound.Detail = fmt.Sprintf("challenge %d seat %d taken", c.ID, a.Seat+1)
	kind, err := lb.Games.Lookup(c.Game)
	if err != nil {
		return err
	}
	text := lang.Plural(len(waiting), "You have a seat in challenge %d (%s, seats: %s). The game starts when %s is in; you will get its first mail then. Write decline %d to withdraw.",
		"You have a seat in challenge %d (%s, seats: %s). The game starts when %s are in; you will get its first mail then. Write decline %d to withdraw.",
		c.ID, kind.Name(), seatsText(c), core.ListOf(waiting), c.ID)
	out, err := lb.Notice(ctx, m.From, lang.T("challenge %d", c.ID), text, m)
	if err != nil {
		return err
	}
	a.Mails = []store.OutMail{out}
	err = lb.Store.AnswerSeat(ctx, a)
	if errors.Is(err, store.ErrConflict) {
		return engine.Refuse("challenge %d changed meanwhile: write games to see where it stands", c.ID)
	}
	return err
}

// ladderGame marks req, the game challenge c starts, as a ladder's when
// c is a ladder challenge: its options carry core.OptLadder, which its
// mails' status block reads.
func (lb Lobby) ladderGame(ctx context.Context, c store.Challenge, req *core.NewGame) error {
	if c.Ladder == 0 {
		return nil
	}
	opts := maps.Clone(req.Options)
	if opts == nil {
		opts = engine.Options{}
	}
	opts[core.OptLadder] = core.LadderOption(c.Ladder, c.ID)
	req.Options, req.LadderChallenge = opts, c.ID
	return nil
}

// challengeSeated are the seats of c, every one taken, as its game seats
// them: players and computer seats (a rematch's) in seating order.
func challengeSeated(c store.Challenge) []core.AskedSeat {
	out := make([]core.AskedSeat, 0, len(c.Seats))
	for _, cs := range c.Seats {
		if cs.Bot != "" {
			out = append(out, core.AskedSeat{Bot: true, Name: cs.Bot})
			continue
		}
		out = append(out, core.AskedSeat{Email: cs.Address, Name: cs.Name})
	}
	return out
}

// join takes an open seat of a challenge for registered player pid.
func (lb Lobby) join(ctx context.Context, in store.Inbound, m parser.Mail, pid int64, args []string) error {
	id, err := idArg(parser.Join, args)
	if err != nil {
		return err
	}
	defer lb.Core.Lock(-id)()
	c, err := lb.pendingChallenge(ctx, id)
	if err != nil {
		return err
	}
	me, err := lb.Store.Player(ctx, pid)
	if err != nil {
		return err
	}
	open := -1
	for _, cs := range c.Seats {
		if ownsSeat(cs, pid, m.From) {
			return engine.Refuse("you have a seat in challenge %d already: it starts when every seat is taken", id)
		}
		if cs.Open() && open < 0 {
			open = cs.Seat
		}
	}
	if open < 0 {
		return engine.Refuse("challenge %d has no open seat: games open lists those that have", id)
	}
	return lb.seatTaken(ctx, c, store.SeatAnswer{Challenge: id, Seat: open, PlayerID: pid, Address: me.Email, Inbound: &in}, m)
}

// ExpireChallenge ends challenge id if it is still pending at now, past
// its expiry, everyone seated told; it reports whether it did.
func (lb Lobby) ExpireChallenge(ctx context.Context, id int64, now time.Time) (bool, error) {
	defer lb.Core.Lock(-id)()
	c, err := lb.Store.Challenge(ctx, id)
	if err != nil {
		return false, err
	}
	if c.Status != store.ChallengePending || c.ExpiresAt.After(now) {
		return false, nil // done meanwhile
	}
	return true, lb.endChallenge(ctx, c, store.ChallengeExpired,
		lang.T("not every seat was taken and accepted in time, so the game will not start"))
}

// endChallenge ends c as status, telling everyone seated why.
func (lb Lobby) endChallenge(ctx context.Context, c store.Challenge, status string, why lang.Msg) error {
	if c.Ladder != 0 {
		return lb.Core.LadderEnded(ctx, c.ID, status, -1, nil) // a forfeit, or a withdrawal
	}
	kind, err := lb.Games.Lookup(c.Game)
	if err != nil {
		return err
	}
	text := lang.T("Challenge %d (%s, seats: %s) is over: %s. To start another, write new %s with ADDRESS, or new %s open 1, to %s.",
		c.ID, kind.Name(), seatsText(c), why, c.Game, c.Game, lb.Core.Address())
	mails, err := lb.toEveryone(ctx, c, -1, lang.T("pbem: challenge %d %s", c.ID, challengeStatus(status)), func(int) lang.Msg { return text })
	if err != nil {
		return err
	}
	err = lb.Store.EndChallenge(ctx, c.ID, status, mails)
	if errors.Is(err, store.ErrConflict) {
		return nil // ended meanwhile
	}
	return err
}

// CancelChallenge ends pending challenge id at the operator's word, its
// players told.
func (lb Lobby) CancelChallenge(ctx context.Context, id int64) error {
	defer lb.Core.Lock(-id)()
	c, err := lb.pendingChallenge(ctx, id)
	if err != nil {
		return err
	}
	return lb.endChallenge(ctx, c, store.ChallengeCancelled, lang.T("the server's operator cancelled it"))
}

// Challenges lists the challenges with the given status (all when ""),
// the newest first, for the operator.
func (lb Lobby) Challenges(ctx context.Context, status string) ([]store.Challenge, error) {
	ids, err := lb.Store.Challenges(ctx, status)
	if err != nil {
		return nil, err
	}
	out := make([]store.Challenge, 0, len(ids))
	for _, id := range ids {
		c, err := lb.Store.Challenge(ctx, id)
		if err != nil {
			return nil, err
		}
		out = append(out, c)
	}
	return out, nil
}
