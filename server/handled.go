package server

import (
	"context"
	"errors"
	"time"

	"pbem/mailer"
	"pbem/parser"
	"pbem/store"
)

// Handled is the fate of one inbound mail, as HandleMail reports it to
// Config.Report once the mail is committed (or failed): what the daemon's
// log line and its metrics say of each mail. The tokens pbem writes into
// addresses and Message-IDs are redacted (mailer.Redact): a report is for
// logs, which more people read than a player's mailbox; so is what a
// refusal's reason tells of the player's rack.
type Handled struct {
	MessageID string // the mail's Message-ID without <>; "" when it has none or was unreadable
	From      string // the sender's address; "" when none could be read
	Game      int64  // the game it was about; 0 for none
	// Outcome is store.Applied, store.Refused, store.Ignored,
	// store.Rejected or store.Failed as recorded, Duplicate for a copy of
	// a mail handled before, or Deferred for a passing failure (nothing
	// recorded: the mail is tried again).
	Outcome string
	// Reason is the recorded detail, in words ("2 moves", "over the
	// 1048576-byte cap", "no valid reply token for game 12"...), the
	// player's rack hidden; the error for Deferred.
	Reason string
	Took   time.Duration // from the start of HandleMail to the commit
}

// Outcomes of a Handled beside the store's.
const (
	Duplicate = "duplicate" // a copy of a mail handled before: nothing done
	Deferred  = "deferred"  // a passing failure: nothing recorded, tried again
)

// mailReport follows one mail through HandleMail, in its context.
type mailReport struct {
	start           time.Time
	note            *store.InboundNote
	from, messageID string
}

type reportKey struct{}

// reporting starts the report of a mail, when someone listens.
func (s *Server) reporting(ctx context.Context) (context.Context, *mailReport) {
	if s.cfg.Report == nil {
		return ctx, nil
	}
	ctx, note := store.NoteInbound(ctx)
	r := &mailReport{start: time.Now(), note: note}
	return context.WithValue(ctx, reportKey{}, r), r
}

// reportMail tells the report of ctx who sent the mail being handled.
func reportMail(ctx context.Context, m parser.Mail) {
	if r, ok := ctx.Value(reportKey{}).(*mailReport); ok {
		r.from, r.messageID = m.From, m.MessageID
	}
}

// report sends the mail's Handled to Config.Report: game is the game
// handleMail named, err what it returned.
func (s *Server) report(r *mailReport, game int64, err error) {
	if r == nil {
		return
	}
	h := Handled{MessageID: r.messageID, From: r.from, Game: game, Took: time.Since(r.start)}
	in, noted, ok := r.note.Recorded()
	switch {
	case errors.Is(err, store.ErrDuplicate):
		h.Outcome, h.Reason = Duplicate, "handled already"
	case err != nil:
		h.Outcome, h.Reason = Deferred, err.Error()
	case ok:
		h.Outcome, h.Reason = in.Outcome, in.Detail
		if noted != 0 {
			h.Game = noted
		}
		if h.MessageID == "" {
			h.MessageID = in.MessageID
		}
	default: // every path records its mail; should one not, say so
		h.Outcome, h.Reason = store.Ignored, "not recorded"
	}
	h.MessageID, h.From, h.Reason = mailer.Redact(h.MessageID), mailer.Redact(h.From), withoutRack(mailer.Redact(h.Reason))
	s.cfg.Report(h)
}
