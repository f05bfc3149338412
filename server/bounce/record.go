package bounce

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"time"

	"pbem/engine"
	"pbem/lang"
	"pbem/mailer"
	"pbem/parser"
	"pbem/server/core"
	"pbem/store"
	"pbem/templates"
)

// every is how long a game's players are not told again that one address
// bounces: for the game's life, in practice.
const every = 100 * 365 * 24 * time.Hour

// Store is what bounce writes.
type Store interface {
	RecordBounce(ctx context.Context, rec store.BounceRecord) error
}

// Core is what bounce needs of the server's core.
type Core interface {
	// Lock takes game id's lock; the function it returns releases it.
	Lock(id int64) func()
	Load(ctx context.Context, id int64) (core.Game, error)
	// StopClock is the change that stops game id's clock because its turn
	// mail messageID never reached the player (held: store.HeldBounced or
	// store.HeldAbandoned, why: the relay's words), with the sentence
	// telling the others; nil when that mail starts no clock now (see
	// clock.Clocks.StopUndelivered). The caller holds the game's lock.
	StopClock(ctx context.Context, id int64, messageID, held, why string) (*store.ClockChange, lang.Msg, error)
	// OwnsAddress reports whether address is seat's player's, theirs or
	// an alias.
	OwnsAddress(ctx context.Context, seat store.Seat, address string) (bool, error)
	Templated(g store.Game, to store.Seat, name string, topic lang.Msg, data any, foot *templates.Footer) (store.OutMail, error)
	Footer(g store.Game, st engine.State, next, seat int) *templates.Footer
	LangOf(seat store.Seat) lang.Tag
}

// Record records report r, which came as inbound mail in, the outbox
// row's bounce and the notices in one transaction. A failure tells the
// game's other players, once per game and address, that the address
// bounces and the game waits; a delay is recorded and tells no one. A
// failure of the turn mail that starts the clock of the player to move
// stops that clock (failed), and the players are told that too, in the
// same transaction — unless the report came from someone's mailbox
// rather than from a mail system (r.MailSystem): a player who forged a
// report about their own turn mail stops no clock.
func Record(ctx context.Context, st Store, c Core, in store.Inbound, r Report) error {
	reason := r.Bounce.Reason()
	in.Outcome = store.Ignored
	in.Detail = fmt.Sprintf("bounce of outbox mail %d to %s: %s", r.Sent.ID, r.Sent.Recipient, reason)
	rec := store.BounceRecord{Inbound: &in, GameID: r.Sent.GameID, OutboxID: r.Sent.ID, Failed: r.Bounce.Failed, Reason: reason}
	if !r.Bounce.Failed {
		return st.RecordBounce(ctx, rec)
	}
	held := store.HeldBounced
	if !r.MailSystem {
		held = ""
		in.Detail += "; from a mailbox, not a mail system (its Return-Path is not <>): it stops no clock"
	}
	return failed(ctx, st, c, rec, r.Sent, held)
}

// Refused records that the relay refused outbox mail m for good when the
// sender handed it over (mailer.Sender's Refused): the same event as a
// delivery report that it failed, told the same way (the game's other
// players, once per game and address, whichever came first), the mail
// abandoned with the relay's reply rather than marked bounced, in one
// transaction; a clock waiting for it stops (failed).
func Refused(ctx context.Context, st Store, c Core, m store.Outgoing, r mailer.Refusal) error {
	rec := store.BounceRecord{GameID: m.GameID, OutboxID: m.ID, Failed: true, Refused: r.Reply,
		Reason: parser.Bounce{Failed: true, Status: r.Status, Diagnostic: r.Reply}.Reason()}
	sent := store.ReportedMail{ID: m.ID, GameID: m.GameID, MessageID: m.MessageID, Recipient: m.Recipient}
	return failed(ctx, st, c, rec, sent, store.HeldAbandoned)
}

// failed records rec, the failure of mail sent, under its game's lock:
// when held is not "" and sent is the turn mail of the clock of the
// player to move, that clock stops, held so (Core.StopClock), in the same
// transaction, written only if the game is still as read (looked at again
// when it moved meanwhile).
func failed(ctx context.Context, st Store, c Core, rec store.BounceRecord, sent store.ReportedMail, held string) error {
	if sent.GameID != 0 {
		defer c.Lock(sent.GameID)()
	}
	for attempt := 1; ; attempt++ {
		r := rec
		var said lang.Msg
		if held != "" && sent.GameID != 0 {
			var err error
			if r.Clock, said, err = c.StopClock(ctx, sent.GameID, sent.MessageID, held, rec.Reason); err != nil {
				return err
			}
		}
		if err := tell(ctx, c, &r, sent, said); err != nil {
			return err
		}
		err := st.RecordBounce(ctx, r)
		if errors.Is(err, store.ErrConflict) && attempt < core.MaxAttempts {
			continue
		}
		return err
	}
}

// tell adds to rec, the failure of sent, the notices to its game's other
// players and the limit that tells them once per game and address; said,
// when not empty, tells of the clock rec stops.
func tell(ctx context.Context, c Core, rec *store.BounceRecord, sent store.ReportedMail, said lang.Msg) error {
	if sent.GameID == 0 {
		return nil
	}
	notices, err := notices(ctx, c, sent, rec.Reason, rec.Clock, said)
	if err != nil {
		return err
	}
	rec.Notices = notices
	rec.Limit = store.Limit{Key: store.BounceKey(sent.GameID, parser.BaseAddress(sent.Recipient)), Every: every}
	return nil
}

// notices are the mails telling the other players of sent's game that
// the address it went to bounces, and of the clock stopped, stop, with
// said: none when the game is over or the address is no player's seat
// there (a watcher's).
func notices(ctx context.Context, c Core, sent store.ReportedMail, reason string, stop *store.ClockChange, said lang.Msg) ([]store.OutMail, error) {
	l, err := c.Load(ctx, sent.GameID)
	if err != nil {
		return nil, fmt.Errorf("bounce of outbox mail %d: %w", sent.ID, err)
	}
	if l.Row.Status != store.StatusActive || l.State.Over() {
		return nil, nil
	}
	if stop != nil {
		l.Row.Clock = stop.Clock // the status blocks show it stopped
	}
	bounced := -1
	for _, seat := range l.Row.Seats {
		if owns, err := c.OwnsAddress(ctx, seat, sent.Recipient); err != nil {
			return nil, err
		} else if owns {
			bounced = seat.Seat
			break
		}
	}
	if stop != nil {
		bounced = l.State.ToMove() // the mail was theirs, whatever their address is now
	}
	if bounced < 0 {
		return nil, nil
	}
	name := l.Row.Seats[bounced].Label()
	// The reason is the remote server's, in its words.
	text := []lang.Msg{lang.T("%s's address %s bounces: %s.", name, sent.Recipient, strings.TrimRight(reason, ". "))}
	switch {
	case stop != nil:
		text = append(text, said)
	case l.State.ToMove() == bounced:
		text = append(text, lang.T("It is %s's turn: the game waits for %s, who gets no mail from it until the address works again.", name, name))
	default:
		text = append(text, lang.T("When it is %s's turn, the game waits for %s, who gets no mail from it until the address works again.", name, name))
	}
	text = append(text, lang.T("If you know another way to reach them, tell them."))
	var mails []store.OutMail
	for _, other := range l.Row.Seats {
		if other.Bot != "" || other.Seat == bounced || other.PlayerID == l.Row.Seats[bounced].PlayerID {
			continue
		}
		m, err := c.Templated(l.Row, other, "notice", lang.T("%s's address bounces", name), templates.Notice{
			Game: l.Kind.Name(), GameID: l.Row.ID, Player: other.Label(), Text: strings.Join(lang.All(text, c.LangOf(other)), " "),
		}, c.Footer(l.Row, l.State, core.NextTurn(l.Row, nil), other.Seat))
		if err != nil {
			return nil, err
		}
		mails = append(mails, m)
	}
	return mails, nil
}
