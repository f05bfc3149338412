package mailer

import (
	"time"

	"pbem/store"
)

// Delivery is one attempt at sending an outbox mail, as a Sender reports
// it to its Report function: what the daemon's metrics count. Each is also
// logged, one line a mail.
type Delivery struct {
	ID        int64  // the outbox row
	MessageID string // tokens redacted (see Redact)
	Recipient string
	Game      int64 // 0 for a mail about no game
	Attempt   int   // 1 for the first
	Err       error // nil when the server accepted the mail
	Abandoned bool  // refused for good: no more attempts
}

// delivered logs and reports one attempt at m; err is nil for a mail the
// server accepted, retry when the mail is tried again (zero for none).
func (s *Sender) delivered(m store.Outgoing, err error, abandoned bool, retry time.Time) {
	d := Delivery{ID: m.ID, MessageID: Redact(m.MessageID), Recipient: m.Recipient, Game: m.GameID,
		Attempt: m.Attempts + 1, Err: err, Abandoned: abandoned}
	attrs := []any{"message_id", d.MessageID, "recipient", d.Recipient, "game", d.Game, "attempt", d.Attempt}
	switch {
	case err == nil:
		s.logger().Info("mail sent", attrs...)
	case abandoned:
		s.logger().Error("mail refused for good; no more attempts", append(attrs, "err", Redact(err.Error()))...)
	default:
		s.logger().Warn("mail not sent; tried again later", append(attrs, "err", Redact(err.Error()), "retry_at", retry)...)
	}
	if s.Report != nil {
		s.Report(d)
	}
}
