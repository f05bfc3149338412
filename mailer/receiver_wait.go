package mailer

import (
	"context"
	"errors"
	"fmt"
	"time"
)

// errConnClosed is a connection the server (or the network) closed.
var errConnClosed = errors.New("imap: connection closed")

// wait returns when new mail may have arrived: at once when the server
// announces it during IDLE, else after timeout, which is also the safety
// net for an announcement lost along the way.
func (s *session) wait(ctx context.Context, timeout time.Duration) error {
	if !s.canIdle {
		s.r.Status.Set(IMAPPolling, nil)
		return s.sleep(ctx, timeout)
	}
	// Servers built on go-imap v2 report in IDLE only the changes made
	// after it began; a NOOP first has them report any made since the last
	// command, which the pass may have missed.
	if err := s.c.Noop().Wait(); err != nil {
		return fmt.Errorf("imap: NOOP: %w", err)
	}
	idle, err := s.c.Idle()
	if err != nil {
		return fmt.Errorf("imap: start IDLE: %w", err)
	}
	s.r.Status.Set(IMAPIdle, nil)
	t := time.NewTimer(timeout)
	defer t.Stop()
	select {
	case <-s.newMail:
	case <-t.C:
	case <-ctx.Done():
		return ctx.Err()
	case <-s.c.Closed():
		return errConnClosed
	}
	// Commands block while IDLE runs: end it before the next pass.
	if err := idle.Close(); err != nil {
		return fmt.Errorf("imap: stop IDLE: %w", err)
	}
	if err := idle.Wait(); err != nil {
		return fmt.Errorf("imap: IDLE: %w", err)
	}
	return nil
}

// sleep waits d on an open connection, noticing when it closes.
func (s *session) sleep(ctx context.Context, d time.Duration) error {
	t := time.NewTimer(d)
	defer t.Stop()
	select {
	case <-t.C:
		return nil
	case <-ctx.Done():
		return ctx.Err()
	case <-s.c.Closed():
		return errConnClosed
	}
}
