package mailer

import (
	"errors"
	"fmt"
	"time"

	"github.com/emersion/go-smtp"

	"pbem/store"
)

// DefaultGiveUp is how long a deferred mail is tried: five days, as MTAs
// have done since RFC 1123 (RFC 5321 4.5.4.1 asks at least four or five).
// A recipient's mailbox full for a week, or a domain greylisting for ever,
// would otherwise hold that player's clock waiting for a mail that never
// leaves, and nobody told.
const DefaultGiveUp = 5 * 24 * time.Hour

// giveUp is the refusal that abandons m, whose attempt failed with why,
// when the relay has deferred it for s.GiveUp since it was queued: a 4xx
// reply about this mail, to RCPT or to its data. ok is false while it is
// still worth trying, and for every failure not about the mail at hand
// (the connection lost, a 421 closing the session, a reply to MAIL FROM),
// which waiting on the operator's side cures.
func (s *Sender) giveUp(m store.Outgoing, why error) (Refusal, bool) {
	if s.GiveUp <= 0 || m.Queued.IsZero() || s.now().Sub(m.Queued) < s.GiveUp {
		return Refusal{}, false
	}
	var se *smtp.SMTPError
	var mf mailFromError
	if !errors.As(why, &se) || se.Code < 400 || se.Code > 499 || se.Code == 421 || errors.As(why, &mf) {
		return Refusal{}, false
	}
	r := Refusal{Code: se.Code}
	status, last := replyOf(se)
	r.Status = status
	r.Reply = fmt.Sprintf("deferred for %s, given up; the relay's last answer: %s", Days(s.GiveUp), last)
	return r, true
}

// Days is d for a log line, a reply or the operator's eye: whole days as
// days ("5 days", "1 day"), anything else as a Go duration ("36h0m0s").
func Days(d time.Duration) string {
	if d%(24*time.Hour) != 0 {
		return d.String()
	}
	if n := d / (24 * time.Hour); n != 1 {
		return fmt.Sprintf("%d days", n)
	}
	return "1 day"
}
