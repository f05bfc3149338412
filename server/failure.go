package server

import (
	"context"
	"errors"
	"fmt"
	"runtime/debug"
	"time"

	"pbem/mailer"
	"pbem/parser"
	"pbem/store"
)

// A mail whose handling fails is never tried for ever. What trying again
// cannot cure — a constraint the data breaks, a bug, a panic, a mail the
// code cannot handle — is permanent: the mail is recorded as failed with
// the error, changing nothing else, and goes to the rejected folder, where
// the operator finds it (pbem status lists it, the log says it); pbem
// ingest exits 0 for it. Only a passing failure (store.Temporary: the
// database busy or locked, the disk full, an I/O or network error) leaves
// the mail to be tried again, by the receiver after a backoff of its own
// or by the MTA; after GiveUpTries such tries over at least GiveUpAfter,
// the mail is set aside as failed too. A damaged database
// (store.ErrCorrupt) is tried again for ever and never counted: nothing is
// written to it, and the mail waits for the restore.

// When a mail failing for passing reasons is given up: after this many
// tries, the first at least this long ago.
const (
	GiveUpTries = 10
	GiveUpAfter = time.Hour
)

// errPanic marks a panic met while handling a mail: a bug, permanent.
var errPanic = errors.New("panic")

// handleSafely is handleMail with a panic turned into a permanent error:
// one bad mail never stops the daemon nor the MTA's pipe.
func (s *Server) handleSafely(ctx context.Context, raw []byte, bots *bool) (v mailer.Verdict, game int64, err error) {
	defer func() {
		if p := recover(); p != nil {
			s.mail.logger().Error("mail handler panicked", "panic", p, "stack", string(debug.Stack()))
			v, err = mailer.Rejected, fmt.Errorf("%w: %v", errPanic, p)
		}
	}()
	return s.handleMail(ctx, raw, bots)
}

// failed decides the fate of a mail whose handling (about game, 0 for
// none) failed with cause: a passing failure is counted and returned, to
// be tried again, until the mail is given up; a permanent one, or one
// given up, is recorded as failed and the mail rejected, with no error.
func (s *Server) failed(ctx context.Context, raw []byte, game int64, cause error) (mailer.Verdict, error) {
	in := s.failedInbound(raw)
	if errors.Is(cause, store.ErrCorrupt) {
		// Damage is no try: nothing is written to a damaged database, and
		// no mail is given up for it; the restore comes first.
		return mailer.Rejected, cause
	}
	if store.Temporary(cause) {
		if ctx.Err() != nil {
			return mailer.Rejected, cause // cut short by a shutdown: not a try
		}
		tries, err := s.store.CountTry(ctx, in.Key, cause.Error())
		if err != nil || tries.Count < GiveUpTries || s.cfg.Now().Sub(tries.First) < GiveUpAfter {
			return mailer.Rejected, cause
		}
		cause = fmt.Errorf("given up after %d tries since %s: %w", tries.Count, tries.First.UTC().Format(time.RFC3339), cause)
	}
	in.Outcome, in.Detail = store.Failed, "failed: "+cause.Error()
	err := s.store.RecordInbound(ctx, store.Record{Inbound: &in, GameID: game})
	if err != nil && game != 0 && !errors.Is(err, store.ErrDuplicate) {
		// The game the mail named may be what is wrong: the record stands
		// without it.
		err = s.store.RecordInbound(ctx, store.Record{Inbound: &in})
	}
	if errors.Is(err, store.ErrDuplicate) {
		return mailer.Accepted, nil // it took effect after all, in another process
	}
	if err != nil {
		return mailer.Rejected, fmt.Errorf("%w; recording the mail as failed: %w", cause, err)
	}
	s.mail.logger().Error("mail failed for good: recorded as failed and set aside; nothing else was done",
		"message_id", mailer.Redact(in.MessageID), "from", in.From, "game", game, "err", cause)
	return mailer.Rejected, nil
}

// copyVerdict is where a copy of a mail handled before belongs: with the
// rejected when the first failed, else with the processed.
func (s *Server) copyVerdict(ctx context.Context, raw []byte) mailer.Verdict {
	if out, _, err := s.store.InboundOutcome(ctx, s.failedInbound(raw).Key); err == nil && out == store.Failed {
		return mailer.Rejected
	}
	return mailer.Accepted
}

// failedInbound is the record of a failed mail, keyed as handleMail keys
// it, so that a copy that comes again is known as the same mail.
func (s *Server) failedInbound(raw []byte) store.Inbound {
	if s.intake.oversized(raw) {
		return store.Inbound{Key: "sha256:" + hashOf(raw), Raw: headerOf(raw)}
	}
	m, err := parser.ReadMail(raw)
	if err != nil {
		return store.Inbound{Key: "sha256:" + hashOf(raw), Raw: raw}
	}
	return store.Inbound{Key: mailKey(m, raw), MessageID: m.MessageID, From: m.From, Raw: raw}
}
