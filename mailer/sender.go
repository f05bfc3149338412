package mailer

import (
	"context"
	"crypto/tls"
	"errors"
	"fmt"
	"log/slog"
	"strings"
	"time"

	"github.com/emersion/go-smtp"

	"pbem/store"
)

// Sender drains the outbox over SMTP. The mails were written in the same
// transaction as the moves that caused them, so the sender only has to get
// each one accepted by the SMTP server at least once: a mail is marked sent
// only after the server accepted its DATA, and a failure is recorded and
// retried later with a growing delay, but for a refusal for good (see
// Refusal), which abandons the mail at once.
type Sender struct {
	Endpoint Endpoint // the SMTP server; Check()ed before every round
	From     string   // envelope sender (MAIL FROM): the server's address
	Store    *store.Store
	Now      func() time.Time // nil = time.Now
	// Backoff is how long to wait before attempt number attempts (from 1,
	// after that many failures); nil = DefaultBackoff.
	Backoff func(attempts int) time.Duration
	Wake    <-chan struct{} // optional: a nudge when new mail is queued
	Logger  *slog.Logger    // nil = slog.Default(); passwords are never logged, tokens redacted
	Batch   int             // mails read from the outbox at a time, default 50
	// Poll is the longest Run sleeps, so that mail queued by another
	// process (pbem game move) goes out without a Wake; default 30s.
	Poll time.Duration
	// TLSConfig is for a server whose certificate the system does not
	// trust; nil = the system's roots. Its ServerName defaults to
	// Endpoint's host.
	TLSConfig *tls.Config
	// Report, when set, is told of every attempt at a mail, once its
	// outcome is recorded (see Delivery).
	Report func(Delivery)
	// Finish, when set, makes a mail whole just before it is sent: it
	// draws the pictures the mail was queued without (see InlinePart.Data),
	// which keeps drawing out of the transactions that queue mails. An
	// error is the attempt's failure: the mail is tried again later.
	Finish func(ctx context.Context, raw []byte) ([]byte, error)
	// Refused, when set, records a mail the relay refused for good in
	// place of Store.MarkAbandoned, in one transaction with what the
	// refusal causes: the daemon's records it as the failed delivery
	// report it is and tells the game's other players
	// (server.Server.RefusedMail). It must leave the mail abandoned with
	// r.Reply; when it fails, the sender abandons the mail itself, nobody
	// told.
	Refused func(ctx context.Context, m store.Outgoing, r Refusal) error
}

// Defaults of a Sender's optional fields.
const (
	senderBatch     = 50
	senderPoll      = 30 * time.Second
	backoffFirst    = 30 * time.Second
	backoffMax      = time.Hour
	smtpDialTimeout = 30 * time.Second
	// smtpRecordTimeout bounds writing a round's outcome to the store, which is
	// done even when the round's context is cancelled: a mail the server
	// accepted should not be sent again because shutdown came just then.
	smtpRecordTimeout = 10 * time.Second
)

// DefaultBackoff waits 30s before the first retry and doubles at each
// failure, up to an hour. It has no jitter: the outbox is drained by one
// sender, so there is no herd to spread, and tests can predict it.
func DefaultBackoff(attempts int) time.Duration { return Doubling(backoffFirst)(attempts) }

// Doubling is a backoff that waits first before the first retry, then
// twice as long each time, up to an hour.
func Doubling(first time.Duration) func(attempts int) time.Duration {
	return func(attempts int) time.Duration {
		d := first
		for i := 1; i < attempts && d < backoffMax; i++ {
			d *= 2
		}
		return min(d, backoffMax)
	}
}

// DrainOnce sends every mail due now, over one connection, and returns how
// many the server accepted. Each mail accepted is marked sent; each failure
// is marked failed, to be tried again at Now()+Backoff(attempts+1) with the
// error's text, or abandoned when refused for good (Refusal). A refusal of
// one mail does not stop the others; losing the connection (or a 421)
// marks the mails of the batch not yet sent failed and ends the round. The error joins the round's failures, recorded or
// not, and ctx's error when it was cut short; nothing is lost either way.
func (s *Sender) DrainOnce(ctx context.Context) (sent int, err error) {
	r := s.drain(ctx)
	return r.sent, errors.Join(append(r.failures, r.storeErr, ctx.Err())...)
}

// roundResult is what a round did, with the store's troubles apart:
// failed mails are retried by their backoff, but a store that cannot record
// an outcome needs Run to wait before trying again.
type roundResult struct {
	sent     int
	failures []error // mails or connections that failed, recorded
	storeErr error   // misconfigured, or reading the outbox or recording an outcome failed
}

func (s *Sender) drain(ctx context.Context) (r roundResult) {
	if err := s.check(); err != nil {
		r.storeErr = err
		return r
	}
	now := s.now()
	tried := make(map[int64]bool)
	var c *smtp.Client
	defer func() {
		if c != nil {
			c.Quit()
			c.Close()
		}
	}()
	for {
		due, err := s.Store.DueMails(ctx, now, s.batch())
		if err != nil {
			if ctx.Err() == nil {
				r.storeErr = fmt.Errorf("smtp round: %w", err)
			}
			return r
		}
		// A mail already tried this round is due again only with a Backoff
		// of zero: leave it to the next round rather than loop on it.
		fresh := due[:0]
		for _, m := range due {
			if !tried[m.ID] {
				fresh = append(fresh, m)
				tried[m.ID] = true
			}
		}
		if len(fresh) == 0 {
			return r
		}
		if c == nil {
			if c, err = s.connect(ctx); err != nil {
				if ctx.Err() == nil {
					s.failAll(ctx, &r, fresh, fmt.Errorf("smtp %s: %w", s.Endpoint.Addr, err))
				}
				return r
			}
			stop := context.AfterFunc(ctx, func() { c.Close() })
			defer stop()
		}
		if !s.sendBatch(ctx, &r, c, fresh) {
			return r
		}
		if len(due) < s.batch() {
			return r
		}
	}
}

// sendBatch sends mails one after the other on c and reports whether the
// connection is still good for more. The mails the server accepted are
// marked sent together when the batch ends, in one transaction: one wait for
// the disk per batch rather than per mail, at the price of resending the
// batch's accepted mails after a crash (at least once, the same bytes).
func (s *Sender) sendBatch(ctx context.Context, r *roundResult, c *smtp.Client, mails []store.Outgoing) bool {
	var accepted []store.Outgoing
	defer func() { s.sent(ctx, r, accepted) }()
	for i, m := range mails {
		raw, err := s.finish(ctx, m.Raw)
		if err != nil {
			s.fail(ctx, r, m, fmt.Errorf("finish mail %s: %w", m.MessageID, err))
			continue
		}
		err = sendMail(c, s.From, m.Recipient, raw)
		if err == nil {
			accepted = append(accepted, m)
			if ctx.Err() != nil {
				return false
			}
			continue
		}
		if ctx.Err() != nil {
			// Cut off mid-mail: the server may or may not have it. Leave it
			// due; at least once means it goes again rather than never.
			return false
		}
		s.fail(ctx, r, m, err)
		if smtpClosing(err) {
			s.failAll(ctx, r, mails[i+1:], fmt.Errorf("smtp %s: %w", s.Endpoint.Addr, err))
			return false
		}
		// RSET ends the failed transaction; if even that fails, the
		// connection is gone.
		if err := c.Reset(); err != nil {
			if ctx.Err() == nil {
				s.failAll(ctx, r, mails[i+1:], fmt.Errorf("smtp %s: connection lost: %w", s.Endpoint.Addr, err))
			}
			return false
		}
	}
	return true
}

// finish is raw made whole by Finish, raw itself without a Finish.
func (s *Sender) finish(ctx context.Context, raw []byte) ([]byte, error) {
	if s.Finish == nil {
		return raw, nil
	}
	return s.Finish(ctx, raw)
}

// check refuses a sender that cannot work, before any mail is touched.
func (s *Sender) check() error {
	if s.Store == nil {
		return errors.New("smtp sender: no store")
	}
	if !strings.Contains(s.From, "@") {
		return fmt.Errorf("smtp sender: envelope sender %q is not an address", s.From)
	}
	if err := s.Endpoint.Check(); err != nil {
		return fmt.Errorf("smtp sender: %w", err)
	}
	return nil
}

func (s *Sender) now() time.Time {
	if s.Now == nil {
		return time.Now()
	}
	return s.Now()
}

func (s *Sender) backoff(attempts int) time.Duration {
	if s.Backoff == nil {
		return DefaultBackoff(attempts)
	}
	return s.Backoff(attempts)
}

func (s *Sender) logger() *slog.Logger {
	if s.Logger == nil {
		return slog.Default()
	}
	return s.Logger
}

func (s *Sender) batch() int {
	if s.Batch <= 0 {
		return senderBatch
	}
	return s.Batch
}

func (s *Sender) poll() time.Duration {
	if s.Poll <= 0 {
		return senderPoll
	}
	return s.Poll
}
