package mailer

import (
	"context"
	"crypto/tls"
	"errors"
	"fmt"
	"hash/fnv"
	"log/slog"
	"strings"
	"sync"
	"time"

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
	// GiveUp is how long a mail the relay keeps deferring (a 4xx to its
	// recipient or its data) is tried before it is abandoned as refused
	// (see giveUp); 0 tries it for ever. Failures that are not about the
	// mail at hand — the relay down, a reply to MAIL FROM — never give up.
	GiveUp time.Duration
	Wake   <-chan struct{} // optional: a nudge when new mail is queued
	Logger *slog.Logger    // nil = slog.Default(); passwords are never logged, tokens redacted
	Batch  int             // mails read from the outbox at a time, default 50
	// Conns is how many SMTP connections a round sends on at once, a
	// recipient's mails always on the same one, in the order they were
	// queued; default 2. A connection waits for the relay's answers to
	// each mail (once when the relay pipelines, see smtpClient), and the
	// other sends meanwhile. A connection is opened only when it has mail
	// to send.
	Conns int
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
	senderConns     = 2
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

// DrainOnce sends every mail due now, over up to Conns connections, and returns how
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
	lanes := make([]lane, s.conns())
	marks := s.startMarker(ctx)
	defer func() {
		for _, l := range lanes {
			l.close()
		}
		r.add(marks.finish())
	}()
	for {
		// The mails being marked sent are still due in the store: read as
		// many more, to be left out below.
		limit := s.batch() + int(marks.pending.Load())
		due, err := s.Store.DueMails(ctx, now, limit)
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
		for _, m := range fresh {
			l := &lanes[laneOf(m.Recipient, len(lanes))]
			l.mails = append(l.mails, m)
		}
		var wg sync.WaitGroup
		for i := range lanes {
			if l := &lanes[i]; len(l.mails) > 0 {
				wg.Go(func() { l.good = s.sendLane(ctx, l, marks) })
			}
		}
		wg.Wait()
		good := true
		for i := range lanes {
			l := &lanes[i]
			if len(l.mails) > 0 {
				r.add(l.result)
				good = good && l.good
			}
			l.mails, l.result = l.mails[:0], roundResult{}
		}
		if !good || len(due) < limit {
			return r
		}
	}
}

// lane is one of a round's SMTP connections, opened when it first has
// mail, with the mails of a batch that go on it and how they went.
type lane struct {
	c      *smtpClient
	stop   func() bool // closes c when the round's context ends
	mails  []store.Outgoing
	result roundResult
	good   bool // the connection is still good for more
}

// sendLane sends l's mails on its connection, opened first when l has
// none, and reports whether the connection is still good for more.
func (s *Sender) sendLane(ctx context.Context, l *lane, marks *marker) bool {
	if l.c == nil {
		c, err := s.connect(ctx)
		if err != nil {
			if ctx.Err() == nil {
				s.failAll(ctx, &l.result, l.mails, fmt.Errorf("smtp %s: %w", s.Endpoint.Addr, err))
			}
			return false
		}
		l.c, l.stop = c, context.AfterFunc(ctx, func() { c.Close() })
	}
	return s.sendBatch(ctx, &l.result, l.c, l.mails, marks.hand)
}

// close says goodbye on l's connection, if it has one.
func (l *lane) close() {
	if l.c == nil {
		return
	}
	l.stop()
	l.c.quit()
}

// laneOf is the lane of n that sends recipient's mails: the same for the
// same address, whatever its case, so that a player's mails keep their
// order.
func laneOf(recipient string, n int) int {
	h := fnv.New32a()
	h.Write([]byte(strings.ToLower(recipient)))
	return int(h.Sum32() % uint32(n))
}

// add counts o's outcomes in r.
func (r *roundResult) add(o roundResult) {
	r.sent += o.sent
	r.failures = append(r.failures, o.failures...)
	r.storeErr = errors.Join(r.storeErr, o.storeErr)
}

// sendBatch sends mails one after the other on c and reports whether the
// connection is still good for more. The mails the server accepted are
// handed to mark together when the batch ends, to be marked sent in one
// transaction: one wait for the disk per batch rather than per mail, at
// the price of resending the batch's accepted mails after a crash (at
// least once, the same bytes).
func (s *Sender) sendBatch(ctx context.Context, r *roundResult, c *smtpClient, mails []store.Outgoing, mark func([]store.Outgoing)) bool {
	var accepted []store.Outgoing
	defer func() { mark(accepted) }()
	for i, m := range mails {
		raw, err := s.finish(ctx, m.Raw)
		if err != nil {
			s.fail(ctx, r, m, fmt.Errorf("finish mail %s: %w", m.MessageID, err))
			continue
		}
		err = c.send(s.From, m.Recipient, raw)
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
		if err := c.reset(); err != nil {
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

func (s *Sender) conns() int {
	if s.Conns <= 0 {
		return senderConns
	}
	return s.Conns
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
