package bounce

import (
	"context"
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
	Load(ctx context.Context, id int64) (core.Game, error)
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
// bounces and the game waits; a delay is recorded and tells no one.
func Record(ctx context.Context, st Store, c Core, in store.Inbound, r Report) error {
	reason := r.Bounce.Reason()
	in.Outcome = store.Ignored
	in.Detail = fmt.Sprintf("bounce of outbox mail %d to %s: %s", r.Sent.ID, r.Sent.Recipient, reason)
	rec := store.BounceRecord{Inbound: &in, GameID: r.Sent.GameID, OutboxID: r.Sent.ID, Failed: r.Bounce.Failed, Reason: reason}
	if r.Bounce.Failed {
		if err := tell(ctx, c, &rec, r.Sent); err != nil {
			return err
		}
	}
	return st.RecordBounce(ctx, rec)
}

// Refused records that the relay refused outbox mail m for good when the
// sender handed it over (mailer.Sender's Refused): the same event as a
// delivery report that it failed, told the same way (the game's other
// players, once per game and address, whichever came first), the mail
// abandoned with the relay's reply rather than marked bounced, in one
// transaction.
func Refused(ctx context.Context, st Store, c Core, m store.Outgoing, r mailer.Refusal) error {
	rec := store.BounceRecord{GameID: m.GameID, OutboxID: m.ID, Failed: true, Refused: r.Reply,
		Reason: parser.Bounce{Failed: true, Status: r.Status, Diagnostic: r.Reply}.Reason()}
	sent := store.ReportedMail{ID: m.ID, GameID: m.GameID, MessageID: m.MessageID, Recipient: m.Recipient}
	if err := tell(ctx, c, &rec, sent); err != nil {
		return err
	}
	return st.RecordBounce(ctx, rec)
}

// tell adds to rec, the failure of sent, the notices to its game's other
// players and the limit that tells them once per game and address.
func tell(ctx context.Context, c Core, rec *store.BounceRecord, sent store.ReportedMail) error {
	if sent.GameID == 0 {
		return nil
	}
	notices, err := notices(ctx, c, sent, rec.Reason)
	if err != nil {
		return err
	}
	rec.Notices = notices
	rec.Limit = store.Limit{Key: store.BounceKey(sent.GameID, parser.BaseAddress(sent.Recipient)), Every: every}
	return nil
}

// notices are the mails telling the other players of sent's game that
// the address it went to bounces: none when the game is over or the
// address is no player's seat there (a watcher's).
func notices(ctx context.Context, c Core, sent store.ReportedMail, reason string) ([]store.OutMail, error) {
	l, err := c.Load(ctx, sent.GameID)
	if err != nil {
		return nil, fmt.Errorf("bounce of outbox mail %d: %w", sent.ID, err)
	}
	if l.Row.Status != store.StatusActive || l.State.Over() {
		return nil, nil
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
	if bounced < 0 {
		return nil, nil
	}
	name := l.Row.Seats[bounced].Label()
	// The reason is the remote server's, in its words.
	text := []lang.Msg{lang.T("%s's address %s bounces: %s.", name, sent.Recipient, strings.TrimRight(reason, ". "))}
	if l.State.ToMove() == bounced {
		text = append(text, lang.T("It is %s's turn: the game waits for %s, who gets no mail from it until the address works again.", name, name))
	} else {
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
