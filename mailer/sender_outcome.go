package mailer

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/emersion/go-smtp"

	"pbem/store"
)

// sent records that the server accepted mails.
func (s *Sender) sent(ctx context.Context, r *roundResult, mails []store.Outgoing) {
	if len(mails) == 0 {
		return
	}
	rctx, cancel := outcomeContext(ctx)
	defer cancel()
	ids := make([]int64, len(mails))
	for i, m := range mails {
		ids[i] = m.ID
	}
	if err := s.Store.MarkSent(rctx, ids...); err != nil {
		// The mails went out but will go again: at least once.
		r.storeErr = errors.Join(r.storeErr, err)
		s.logger().Error("sent mails not marked sent; they will be sent again", "count", len(mails), "err", err)
		return
	}
	r.sent += len(mails)
	for _, m := range mails {
		s.delivered(m, nil, false, time.Time{})
	}
}

// fail records a failed attempt at m: abandoned at once when the relay
// refused it for good (see Refusal), or deferred it for longer than
// GiveUp (giveUp), else tried again after its backoff.
func (s *Sender) fail(ctx context.Context, r *roundResult, m store.Outgoing, why error) {
	if ref, ok := refusal(why); ok {
		s.refuse(ctx, r, m, why, ref)
		return
	}
	if ref, ok := s.giveUp(m, why); ok {
		s.refuse(ctx, r, m, why, ref)
		return
	}
	next := s.now().Add(s.backoff(m.Attempts + 1))
	rctx, cancel := outcomeContext(ctx)
	defer cancel()
	if err := s.Store.MarkFailed(rctx, m.ID, next, why.Error()); err != nil {
		r.storeErr = errors.Join(r.storeErr, err)
		s.logger().Error("failed mail not marked failed", "id", m.ID, "message_id", Redact(m.MessageID), "err", err)
	}
	r.failures = append(r.failures, fmt.Errorf("send %s: %w", m.MessageID, why))
	s.delivered(m, why, false, next)
}

// failAll records one failure shared by mails that were not tried: the
// connection is gone, or never came. Each counts an attempt and backs off,
// so that an outage does not hammer the server, and it is logged once.
func (s *Sender) failAll(ctx context.Context, r *roundResult, mails []store.Outgoing, why error) {
	if len(mails) == 0 {
		return
	}
	rctx, cancel := outcomeContext(ctx)
	defer cancel()
	for _, m := range mails {
		next := s.now().Add(s.backoff(m.Attempts + 1))
		if err := s.Store.MarkFailed(rctx, m.ID, next, why.Error()); err != nil {
			r.storeErr = errors.Join(r.storeErr, err)
		}
		s.delivered(m, why, false, next)
	}
	r.failures = append(r.failures, why)
}

// outcomeContext outlives ctx's cancellation: what the server did must be
// written down even during shutdown.
func outcomeContext(ctx context.Context) (context.Context, context.CancelFunc) {
	return context.WithTimeout(context.WithoutCancel(ctx), smtpRecordTimeout)
}

// smtpClosing tells a reply that ends the session: 421, the server going away.
func smtpClosing(err error) bool {
	var se *smtp.SMTPError
	return errors.As(err, &se) && se.Code == 421
}
