package mailer

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"time"

	"github.com/emersion/go-imap/v2"

	"pbem/store"
)

// Verdict is where a handled mail goes: its mailbox tells an operator at a
// glance which mails moved a game and which were turned away.
type Verdict int

// Verdicts a Handler returns.
const (
	Accepted Verdict = iota // moved to the processed mailbox
	Rejected                // moved to the rejected mailbox
)

func (v Verdict) String() string {
	if v == Rejected {
		return "rejected"
	}
	return "accepted"
}

// Handler handles one inbound mail. It returns Accepted or Rejected once
// whatever the mail causes is committed; only then is the mail moved out of
// the inbox. An error means a passing failure (database busy...): the mail
// stays where it is and is tried again after a backoff of its own, while
// the mails of other lanes go on; a mail that can never be handled must be
// Rejected, not errored (pbem's server records such a mail as failed, and
// gives up on one that fails for passing reasons too long). A panic counts
// as Rejected (and is logged with its stack): one bad mail never stops the
// others.
//
// A Handler must dedupe by Message-ID: a mail may be handed again after a
// crash between its commit and its move, and must then be accepted as the
// duplicate it is.
type Handler func(ctx context.Context, raw []byte) (Verdict, error)

// OversizeHeader is the header the Receiver puts first in a mail larger than
// MaxSize, whose body it did not fetch: its value is the mail's full size in
// bytes. A Handler seeing it should reject the mail as too large. A sender
// forging it only gets their own mail refused.
const OversizeHeader = "X-Pbem-Oversize"

// Receiver reads a mailbox over IMAP and hands each new mail to Handle,
// exactly once as far as the Handler's dedupe is concerned: progress is kept
// as (UIDVALIDITY, last UID) in the store, and a handled mail is moved to
// the processed or rejected mailbox only after Handle has committed it.
//
// Mails are fetched, handled and moved in batches of up to 100 (and 32 MiB),
// the last UID recorded after each batch's move: a crash between a commit
// and the move hands that batch's mails again, which the Handler accepts as
// duplicates; nothing is lost. A Handler error leaves its mail in the
// mailbox, to be tried again after a backoff (1 s doubling to 5 min), and
// with it the mails after it in its lane (see Lane); the other lanes'
// mails are handled and moved meanwhile. The recorded last UID stays below
// the first mail left behind, so that every pass sees it again.
//
// The progress is keyed by "USER@ADDR/MAILBOX", so that pointing pbem at
// another account or server starts from that mailbox's beginning instead of
// skipping its first mails.
type Receiver struct {
	Endpoint Endpoint      // checked with Endpoint.Check before any connection
	Mailbox  string        // the mailbox read; "" means INBOX
	Poll     time.Duration // how often to look without IDLE, and a safety net with it; 0 means 60s
	Store    *store.Store  // keeps the progress
	Handle   Handler

	// MaxSize caps the bytes fetched per mail; 0 means 10 MiB. A larger mail
	// is not downloaded: Handle gets its header alone, with OversizeHeader
	// put first, so the server can record and refuse it like any other bad
	// mail instead of the receiver dropping it silently.
	MaxSize int64

	Logger *slog.Logger // nil means slog.Default(); the password is never logged

	// Status, when set, follows the connection's state (connecting,
	// connected, idle, polling, down) for the daemon's heartbeat and
	// metrics.
	Status *ReceiverStatus

	// Workers handle the mails of a fetched batch at once when Lane is set:
	// mails with the same lane (a game) one after the other, in UID order;
	// different lanes side by side. 0 or 1, or a nil Lane, handles every
	// mail in turn. Lane also says which mails wait behind one whose
	// Handler failed: those of its lane alone (every mail, when Lane is
	// nil).
	Workers int
	Lane    func(raw []byte) string

	// The mailboxes handled mails are moved to; "" means "pbem/processed" and
	// "pbem/rejected". Each is named as Namespace.Folder says: "/"-form
	// under the server's personal namespace, or as written when already in
	// the server's form. They are created when missing.
	Processed, RejectedBox string

	// For tests: the reconnection backoff (1s doubling to 1 min when zero),
	// the backoff of a mail whose Handler failed (1 s doubling to 5 min),
	// and a way to poll on a server that offers IDLE.
	backoffMin, backoffMax         time.Duration
	mailBackoffMin, mailBackoffMax time.Duration
	noIdle                         bool

	deferred *deferrals // the mails waiting out a Handler failure, for one Run or Once
}

// Defaults of a Receiver's zero fields.
const (
	DefaultPoll      = 60 * time.Second
	DefaultMaxSize   = 10 << 20
	DefaultProcessed = "pbem/processed"
	DefaultRejected  = "pbem/rejected"
)

// resolved checks r and returns a copy with the defaults filled in, so that
// Run and Once never change the caller's value.
func (r *Receiver) resolved() (*Receiver, error) {
	if err := r.Endpoint.Check(); err != nil {
		return nil, fmt.Errorf("imap: %w", err)
	}
	if r.Store == nil || r.Handle == nil {
		return nil, errors.New("imap: a receiver needs a Store and a Handle function")
	}
	c := *r
	if c.Mailbox == "" {
		c.Mailbox = "INBOX"
	}
	if c.Poll <= 0 {
		c.Poll = DefaultPoll
	}
	if c.MaxSize <= 0 {
		c.MaxSize = DefaultMaxSize
	}
	if c.Processed == "" {
		c.Processed = DefaultProcessed
	}
	if c.RejectedBox == "" {
		c.RejectedBox = DefaultRejected
	}
	if c.backoffMin <= 0 {
		c.backoffMin = time.Second
	}
	if c.backoffMax <= 0 {
		c.backoffMax = time.Minute
	}
	if c.mailBackoffMin <= 0 {
		c.mailBackoffMin = time.Second
	}
	if c.mailBackoffMax <= 0 {
		c.mailBackoffMax = 5 * time.Minute
	}
	c.deferred = newDeferrals(c.mailBackoffMin, c.mailBackoffMax)
	if c.Logger == nil {
		c.Logger = slog.Default()
	}
	c.Logger = c.Logger.With("imap", c.Endpoint.Addr, "user", c.Endpoint.User, "mailbox", c.Mailbox)
	return &c, nil
}

// Run connects, handles every mail past the last UID, then waits (IDLE when
// the server offers it, else polling every Poll) and repeats, until ctx is
// done; it returns nil then. A lost connection is re-established with
// exponential backoff (1s doubling to 1 min), so an outage of the mail
// server never stops the daemon. Run returns an error only for a receiver
// that cannot work: a bad Endpoint, credentials refused on the very first
// login (a configuration mistake rather than an outage), or a folder the
// server refuses to create or select (a *FolderError, whichever attempt).
func (r *Receiver) Run(ctx context.Context) error {
	c, err := r.resolved()
	if err != nil {
		return err
	}
	failures, logins := 0, 0
	for attempt := 0; ; attempt++ {
		c.Status.Set(IMAPConnecting, nil)
		up := false
		err := c.serve(ctx, func(s *session) {
			failures, up = 0, true
			logins++
			c.Status.loggedIn()
			c.Logger.Info("imap connected", "reconnection", logins > 1, "idle", s.canIdle)
		})
		if ctx.Err() != nil {
			return nil
		}
		c.Status.Set(IMAPDown, err)
		if attempt == 0 && isAuthFailure(err) {
			return err
		}
		var fe *FolderError
		if errors.As(err, &fe) { // a setting to change: retrying cannot help
			return err
		}
		delay := c.backoff(failures)
		failures++
		if up {
			c.Logger.Warn("imap disconnected; reconnecting", "err", err, "in", delay)
		} else {
			c.Logger.Warn("imap connection failed; trying again", "err", err, "in", delay)
		}
		if !sleep(ctx, delay) {
			return nil
		}
	}
}

// Once connects, handles every mail pending now, and returns how many it
// handled: for one-shot runs and tests. A Handler error leaves its mail,
// and the mails after it in its lane, in the mailbox; the others are
// handled and moved, and Once returns the first such error.
func (r *Receiver) Once(ctx context.Context) (handled int, err error) {
	c, err := r.resolved()
	if err != nil {
		return 0, err
	}
	s, err := c.connect(ctx)
	if err != nil {
		return 0, err
	}
	defer s.close()
	handled, err = s.pass(ctx)
	if err != nil {
		return handled, err
	}
	s.logout()
	return handled, c.deferred.firstError()
}

// serve runs one connection until it fails or ctx is done: passes over the
// mailbox, each followed by a wait for new mail — cut short when a mail a
// Handler failed on is due to be tried again.
func (r *Receiver) serve(ctx context.Context, connected func(*session)) error {
	s, err := r.connect(ctx)
	if err != nil {
		return err
	}
	defer s.close()
	connected(s)
	for {
		if _, err := s.pass(ctx); err != nil {
			return err
		}
		wait := r.Poll
		if at, ok := r.deferred.next(); ok {
			wait = min(wait, time.Until(at))
		}
		if wait > 0 {
			if err := s.wait(ctx, wait); err != nil {
				return err
			}
		}
		r.Status.Set(IMAPConnected, nil)
	}
}

// backoff is the wait after n consecutive failures.
func (r *Receiver) backoff(n int) time.Duration {
	d := r.backoffMin
	for i := 0; i < n && d < r.backoffMax; i++ {
		d *= 2
	}
	return min(d, r.backoffMax)
}

// sleep waits d, or less if ctx is done first; it reports whether d passed.
func sleep(ctx context.Context, d time.Duration) bool {
	t := time.NewTimer(d)
	defer t.Stop()
	select {
	case <-t.C:
		return true
	case <-ctx.Done():
		return false
	}
}

// handlerError is a Handler's passing failure on the mail with this UID.
type handlerError struct {
	uid imap.UID
	err error
}

func (e *handlerError) Error() string {
	return fmt.Sprintf("handle mail UID %d: %v", e.uid, e.err)
}

func (e *handlerError) Unwrap() error { return e.err }

// isAuthFailure reports whether the server refused the credentials.
func isAuthFailure(err error) bool {
	var ie *imap.Error
	return errors.As(err, &ie) && ie.Code == imap.ResponseCodeAuthenticationFailed
}
