package mailer

import (
	"context"
	"time"
)

// Run drains the outbox until ctx is done, then returns nil. Between rounds
// it sleeps until the next mail is due, a Wake, or Poll at most; after a
// round the store could not record, it waits at least a second, doubling
// while that lasts, rather than spin on the same mails.
func (s *Sender) Run(ctx context.Context) error {
	if err := s.check(); err != nil {
		return err
	}
	retry := time.Duration(0)
	for {
		r := s.drain(ctx)
		if ctx.Err() != nil {
			return nil
		}
		if r.storeErr != nil {
			s.logger().Error("outbox round failed", "err", r.storeErr)
		} else if r.sent > 0 {
			s.logger().Debug("outbox drained", "sent", r.sent, "failed", len(r.failures))
		}
		wait, err := s.untilDue(ctx)
		if err != nil && ctx.Err() == nil {
			s.logger().Error("outbox: next due mail", "err", err)
		}
		if r.storeErr != nil || err != nil {
			retry = min(max(2*retry, time.Second), s.poll())
			wait = max(wait, retry)
		} else {
			retry = 0
		}
		if wait <= 0 {
			continue
		}
		t := time.NewTimer(wait)
		select {
		case <-ctx.Done():
			t.Stop()
			return nil
		case <-t.C:
		case <-s.Wake:
			t.Stop()
		}
	}
}

// untilDue is how long until the next mail is due, within [0, Poll].
func (s *Sender) untilDue(ctx context.Context) (time.Duration, error) {
	at, ok, err := s.Store.NextDue(ctx)
	if err != nil || !ok {
		return s.poll(), err
	}
	return min(max(at.Sub(s.now()), 0), s.poll()), nil
}
