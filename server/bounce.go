package server

import (
	"pbem/lang"

	"context"
	"errors"
	"fmt"
	"strings"
	"time"

	"pbem/mailer"
	"pbem/parser"
	"pbem/store"
	"pbem/templates"
)

// bounceEvery is how long a game's players are not told again that one
// address bounces: for the game's life, in practice.
const bounceEvery = 100 * 365 * 24 * time.Hour

// reportedBounce is a delivery report about one of the server's mails
// (parser.ReadBounce, matched to the outbox by the IDs it names).
type reportedBounce struct {
	report parser.Bounce
	sent   store.ReportedMail
}

// reportedBounce reads raw, an automatic mail, as a delivery report about
// one of the server's mails; ok is false for any other mail, a report
// about a mail that is not the server's included: it goes on its way (an
// automatic mail, ignored).
func (s *Server) reportedBounce(ctx context.Context, raw []byte) (b reportedBounce, ok bool, err error) {
	report, ok := parser.ReadBounce(raw)
	if !ok {
		return b, false, nil
	}
	sent, err := s.store.FindReported(ctx, report.IDs...)
	if errors.Is(err, store.ErrNotFound) {
		return b, false, nil
	}
	if err != nil {
		return b, false, err
	}
	return reportedBounce{report: report, sent: sent}, true, nil
}

// handleBounce records a delivery report, the outbox row's bounce and the
// notices in one transaction. A failure tells the game's other players,
// once per game and address, that the address bounces and the game waits;
// a delay is recorded and tells no one.
func (s *Server) handleBounce(ctx context.Context, r route, _ *bool) (mailer.Verdict, int64, error) {
	b, sent, in := r.bounce.report, r.bounce.sent, r.in
	reason := b.Reason()
	in.Outcome = store.Ignored
	in.Detail = fmt.Sprintf("bounce of outbox mail %d to %s: %s", sent.ID, sent.Recipient, reason)
	rec := store.BounceRecord{Inbound: &in, GameID: sent.GameID, OutboxID: sent.ID, Failed: b.Failed, Reason: reason}
	if b.Failed {
		if err := s.tellBounce(ctx, &rec, sent); err != nil {
			return mailer.Rejected, 0, err
		}
	}
	return mailer.Accepted, 0, s.store.RecordBounce(ctx, rec)
}

// RefusedMail records that the relay refused outbox mail m for good when
// the sender handed it over (mailer.Sender's Refused): the same event as
// a delivery report that it failed, told the same way (the game's other
// players, once per game and address, whichever came first), the mail
// abandoned with the relay's reply rather than marked bounced, in one
// transaction.
func (s *Server) RefusedMail(ctx context.Context, m store.Outgoing, r mailer.Refusal) error {
	rec := store.BounceRecord{GameID: m.GameID, OutboxID: m.ID, Failed: true, Refused: r.Reply,
		Reason: parser.Bounce{Failed: true, Status: r.Status, Diagnostic: r.Reply}.Reason()}
	sent := store.ReportedMail{ID: m.ID, GameID: m.GameID, MessageID: m.MessageID, Recipient: m.Recipient}
	if err := s.tellBounce(ctx, &rec, sent); err != nil {
		return err
	}
	return s.store.RecordBounce(ctx, rec)
}

// tellBounce adds to rec, the failure of sent, the notices to its game's
// other players and the limit that tells them once per game and address.
func (s *Server) tellBounce(ctx context.Context, rec *store.BounceRecord, sent store.ReportedMail) error {
	if sent.GameID == 0 {
		return nil
	}
	notices, err := s.bounceNotices(ctx, sent, rec.Reason)
	if err != nil {
		return err
	}
	rec.Notices = notices
	rec.Limit = store.Limit{Key: store.BounceKey(sent.GameID, parser.BaseAddress(sent.Recipient)), Every: bounceEvery}
	return nil
}

// bounceNotices are the mails telling the other players of sent's game
// that the address it went to bounces: none when the game is over or the
// address is no player's seat there (a watcher's).
func (s *Server) bounceNotices(ctx context.Context, sent store.ReportedMail, reason string) ([]store.OutMail, error) {
	l, err := s.load(ctx, sent.GameID)
	if err != nil {
		return nil, fmt.Errorf("bounce of outbox mail %d: %w", sent.ID, err)
	}
	if l.row.Status != store.StatusActive || l.state.Over() {
		return nil, nil
	}
	bounced := -1
	for _, seat := range l.row.Seats {
		if owns, err := s.ownsAddress(ctx, seat, sent.Recipient); err != nil {
			return nil, err
		} else if owns {
			bounced = seat.Seat
			break
		}
	}
	if bounced < 0 {
		return nil, nil
	}
	name := l.row.Seats[bounced].Label()
	// The reason is the remote server's, in its words.
	text := []lang.Msg{lang.T("%s's address %s bounces: %s.", name, sent.Recipient, strings.TrimRight(reason, ". "))}
	if l.state.ToMove() == bounced {
		text = append(text, lang.T("It is %s's turn: the game waits for %s, who gets no mail from it until the address works again.", name, name))
	} else {
		text = append(text, lang.T("When it is %s's turn, the game waits for %s, who gets no mail from it until the address works again.", name, name))
	}
	text = append(text, lang.T("If you know another way to reach them, tell them."))
	var mails []store.OutMail
	for _, other := range l.row.Seats {
		if other.Bot != "" || other.Seat == bounced || other.PlayerID == l.row.Seats[bounced].PlayerID {
			continue
		}
		m, err := s.templated(l.row, other, "notice", lang.T("%s's address bounces", name), templates.Notice{
			Game: l.game.Name(), GameID: l.row.ID, Player: other.Label(), Text: strings.Join(lang.All(text, s.langOf(other)), " "),
		}, s.footer(l.row, l.state, nextTurn(l.row, nil), other.Seat))
		if err != nil {
			return nil, err
		}
		mails = append(mails, m)
	}
	return mails, nil
}
