package mailer

import (
	"context"
	"errors"
	"fmt"
	"time"
	"unicode/utf8"

	"github.com/emersion/go-smtp"

	"pbem/store"
)

// Refusal is the relay refusing one mail for good: a 5xx reply to RCPT
// (the address does not exist, its domain takes no mail) or to DATA (the
// mail or its recipient refused once sent). Waiting changes nothing, so
// the mail gets no second attempt. A 5xx to MAIL is about the server's
// own envelope sender, the same for every mail: that one is retried like
// a passing failure, for the operator to mend; and so is a refusal whose
// enhanced status says the relay's own policy refused (5.7.x: "relay access
// denied", authentication needed), which a misconfigured relay answers to
// every recipient: taken for bounces, it would tell every game that its
// players' addresses do not receive mail.
type Refusal struct {
	Code int // the reply's code: 550
	// Status is the reply's enhanced status code (RFC 3463), "5.1.1"; ""
	// when the relay gave none.
	Status string
	// Reply is the reply as the relay wrote it, "550 5.1.1 No such user":
	// the outbox row's last_error.
	Reply string
}

// refusal is the Refusal err is, when it is one: a 5xx reply, not to MAIL,
// and not the relay's policy (5.7.x).
func refusal(err error) (Refusal, bool) {
	var se *smtp.SMTPError
	var mf mailFromError
	if !errors.As(err, &se) || se.Code < 500 || se.Code > 599 || errors.As(err, &mf) || se.EnhancedCode[0] == 5 && se.EnhancedCode[1] == 7 {
		return Refusal{}, false
	}
	r := Refusal{Code: se.Code}
	r.Status, r.Reply = replyOf(se)
	return r, true
}

// replyOf is the enhanced status of a relay's reply ("5.1.1", "" when it
// gave none) and the reply as the relay wrote it: "550 5.1.1 No such user".
func replyOf(se *smtp.SMTPError) (status, reply string) {
	reply = fmt.Sprint(se.Code)
	if c := se.EnhancedCode; c[0] > 0 {
		status = fmt.Sprintf("%d.%d.%d", c[0], c[1], c[2])
		reply += " " + status
	}
	if se.Message != "" {
		reply += " " + se.Message
	}
	return status, reply
}

// refuse records that the relay refused m for good: the mail is abandoned
// at once, by Refused when it is set (with what the refusal causes), else
// here.
func (s *Sender) refuse(ctx context.Context, r *roundResult, m store.Outgoing, why error, ref Refusal) {
	rctx, cancel := outcomeContext(ctx)
	defer cancel()
	recorded := false
	if s.Refused != nil {
		if err := s.Refused(rctx, m, ref); err != nil {
			s.logger().Error("refused mail not recorded as a bounce; abandoned, nobody told", "id", m.ID, "message_id", Redact(m.MessageID), "err", err)
		} else {
			recorded = true
		}
	}
	if !recorded {
		if err := s.Store.MarkAbandoned(rctx, m.ID, ref.Reply); err != nil {
			r.storeErr = errors.Join(r.storeErr, err)
			s.logger().Error("refused mail not marked abandoned", "id", m.ID, "message_id", Redact(m.MessageID), "err", err)
		}
	}
	r.failures = append(r.failures, fmt.Errorf("send %s: %w", m.MessageID, why))
	s.delivered(m, why, true, time.Time{})
}

// mailFromError is a reply to MAIL FROM: about the server's envelope
// sender, never a refusal of the mail at hand.
type mailFromError struct{ err error }

func (e mailFromError) Error() string { return "MAIL FROM: " + e.err.Error() }
func (e mailFromError) Unwrap() error { return e.err }

// ascii tells an address that needs no SMTPUTF8.
func ascii(s string) bool {
	for i := range len(s) {
		if s[i] >= utf8.RuneSelf {
			return false
		}
	}
	return true
}
