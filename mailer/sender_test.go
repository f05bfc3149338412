package mailer_test

import (
	"bytes"
	"context"
	"crypto/ecdsa"
	"crypto/elliptic"
	"crypto/rand"
	"crypto/tls"
	"crypto/x509"
	"database/sql"
	"errors"
	"fmt"
	"io"
	"log"
	"log/slog"
	"math/big"
	"net"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/emersion/go-message/mail"
	"github.com/emersion/go-sasl"
	"github.com/emersion/go-smtp"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"pbem/internal/fakeclock"
	"pbem/mailer"
	"pbem/mailer/loopback"
	"pbem/store"
)

// The helpers below are prefixed (outbox…) because the receiver's
// tests share this package.

// newOutboxClock is the clock shared by the store and the sender, so that
// backoff can be checked to the nanosecond.
func newOutboxClock() *fakeclock.Clock {
	return fakeclock.New(time.Date(2026, 11, 30, 12, 0, 0, 0, time.UTC))
}

func openOutbox(t testing.TB, now func() time.Time) (*store.Store, string) {
	t.Helper()
	path := filepath.Join(t.TempDir(), "pbem.db")
	st, err := store.Open(context.Background(), path, now)
	require.NoError(t, err)
	t.Cleanup(func() { st.Close() })
	return st, path
}

// queueOutbox composes and queues n mails, the i-th to recipients(i), and
// gives them in order.
func queueOutbox(t testing.TB, st *store.Store, first, n int, recipient func(i int) string) []store.OutMail {
	t.Helper()
	var mails []store.OutMail
	for i := first; i < first+n; i++ {
		to := recipient(i)
		id := fmt.Sprintf("pbem.0.%d@example.org", i)
		raw, err := mailer.Compose(mailer.Message{
			From: mail.Address{Name: "pbem", Address: "pbem@example.org"}, To: mail.Address{Address: to},
			Subject: fmt.Sprintf("mail %d", i), MessageID: id, Date: time.Date(2026, 11, 30, 12, 0, 0, 0, time.UTC),
			Text: fmt.Sprintf("Hello,\n.\nmail %d, with a lone dot above\n", i), HTML: fmt.Sprintf("<p>mail %d</p>", i),
		})
		require.NoError(t, err)
		mails = append(mails, store.OutMail{MessageID: id, Recipient: to, Raw: raw})
	}
	require.NoError(t, st.QueueMails(context.Background(), 0, mails))
	return mails
}

func outboxRecipient(i int) string { return fmt.Sprintf("player%d@example.org", i) }

// outboxSink is a loopback SMTP server that keeps what it receives.
type outboxSink struct {
	*loopback.SMTPServer
	mu     sync.Mutex
	got    []loopback.Delivery
	notify chan struct{}
	refuse map[string]error // at DATA, by recipient
	// refuseRcpt refuses recipients at RCPT; rcpts counts the RCPTs each
	// recipient got: the delivery attempts the relay saw.
	refuseRcpt map[string]error
	rcpts      map[string]int
}

func startOutboxSink(t testing.TB, user, password string) *outboxSink {
	t.Helper()
	k := &outboxSink{notify: make(chan struct{}, 1000), refuse: make(map[string]error),
		refuseRcpt: make(map[string]error), rcpts: make(map[string]int)}
	srv, err := loopback.StartSMTP(user, password, func(d loopback.Delivery) error {
		k.mu.Lock()
		defer k.mu.Unlock()
		if err := k.refuse[d.To[0]]; err != nil {
			return err
		}
		k.got = append(k.got, d)
		k.notify <- struct{}{}
		return nil
	})
	require.NoError(t, err)
	t.Cleanup(func() { srv.Close() })
	srv.RefuseRecipients(func(to string) error {
		k.mu.Lock()
		defer k.mu.Unlock()
		k.rcpts[to]++
		return k.refuseRcpt[to]
	})
	k.SMTPServer = srv
	return k
}

// attempts is how many RCPTs the sink got for to.
func (k *outboxSink) attempts(to string) int {
	k.mu.Lock()
	defer k.mu.Unlock()
	return k.rcpts[to]
}

func (k *outboxSink) deliveries() []loopback.Delivery {
	k.mu.Lock()
	defer k.mu.Unlock()
	return append([]loopback.Delivery(nil), k.got...)
}

func (k *outboxSink) wait(t *testing.T, n int) {
	t.Helper()
	for range n {
		select {
		case <-k.notify:
		case <-time.After(5 * time.Second):
			t.Fatalf("only %d deliveries", len(k.deliveries()))
		}
	}
}

func newOutboxSender(addr string, st *store.Store, now func() time.Time, log io.Writer) *mailer.Sender {
	return &mailer.Sender{
		Endpoint: mailer.Endpoint{Addr: addr, TLS: mailer.NoTLS},
		From:     "pbem@example.org",
		Store:    st,
		Now:      now,
		Logger:   slog.New(slog.NewTextHandler(log, &slog.HandlerOptions{Level: slog.LevelDebug})),
	}
}

// assertOutboxDelivered checks that exactly mails arrived, byte for byte,
// with the server's address as envelope sender, each recipient's in the
// order queued (the mails of different recipients may go on different
// connections, and interleave).
func assertOutboxDelivered(t *testing.T, mails []store.OutMail, got []loopback.Delivery) {
	t.Helper()
	require.Len(t, got, len(mails))
	queued := map[string][]store.OutMail{}
	for _, m := range mails {
		queued[m.Recipient] = append(queued[m.Recipient], m)
	}
	for _, d := range got {
		assert.Equal(t, "pbem@example.org", d.From)
		require.Len(t, d.To, 1)
		next := queued[d.To[0]]
		require.NotEmpty(t, next, "a mail to %s that was not queued, or came twice", d.To[0])
		assert.Equal(t, string(next[0].Raw), string(d.Raw), "the bytes as stored, in the order queued")
		queued[d.To[0]] = next[1:]
	}
}

// assertOutboxWaiting checks that n mails wait, none due before at, all due at
// at, each tried attempts times.
func assertOutboxWaiting(t *testing.T, st *store.Store, n int, at time.Time, attempts int) {
	t.Helper()
	ctx := context.Background()
	due, err := st.DueMails(ctx, at.Add(-time.Nanosecond), 100)
	require.NoError(t, err)
	assert.Empty(t, due, "nothing due before the backoff ends")
	due, err = st.DueMails(ctx, at, 100)
	require.NoError(t, err)
	require.Len(t, due, n)
	for _, m := range due {
		assert.Equal(t, attempts, m.Attempts, m.MessageID)
	}
	next, ok, err := st.NextDue(ctx)
	require.NoError(t, err)
	require.True(t, ok)
	assert.True(t, next.Equal(at), "next due %v, want %v", next, at)
}

// outboxRow reads what the store keeps of a failure; the store has no
// reader for it, so this reads its table.
func outboxRow(t *testing.T, path, messageID string) (attempts int, lastError string) {
	t.Helper()
	db, err := sql.Open("sqlite", "file:"+path)
	require.NoError(t, err)
	defer db.Close()
	require.NoError(t, db.QueryRow(`SELECT attempts, last_error FROM outbox WHERE message_id = ?`, messageID).Scan(&attempts, &lastError))
	return attempts, lastError
}

func TestSenderSendsEveryMailOnce(t *testing.T) {
	clock := newOutboxClock()
	st, _ := openOutbox(t, clock.Now)
	k := startOutboxSink(t, "", "")
	mails := queueOutbox(t, st, 1, 5, outboxRecipient)
	s := newOutboxSender(k.Addr, st, clock.Now, io.Discard)
	s.Batch = 2 // three reads of the outbox, one connection

	sent, err := s.DrainOnce(context.Background())
	require.NoError(t, err)
	assert.Equal(t, 5, sent)
	assertOutboxDelivered(t, mails, k.deliveries())

	_, ok, err := st.NextDue(context.Background())
	require.NoError(t, err)
	assert.False(t, ok, "all marked sent")
	sent, err = s.DrainOnce(context.Background())
	require.NoError(t, err)
	assert.Zero(t, sent)
	assert.Len(t, k.deliveries(), 5, "nothing sent twice")
}

func TestSenderOutageKeepsMailAndBacksOff(t *testing.T) {
	clock := newOutboxClock()
	st, path := openOutbox(t, clock.Now)
	k := startOutboxSink(t, "", "")
	mails := queueOutbox(t, st, 1, 3, outboxRecipient)
	s := newOutboxSender(k.Addr, st, clock.Now, io.Discard)
	ctx := context.Background()

	k.SetDown(true)
	sent, err := s.DrainOnce(ctx)
	assert.Zero(t, sent)
	require.Error(t, err)
	assert.Contains(t, err.Error(), "421")
	start := clock.Now()
	assertOutboxWaiting(t, st, 3, start.Add(30*time.Second), 1)
	attempts, last := outboxRow(t, path, mails[2].MessageID)
	assert.Equal(t, 1, attempts)
	assert.Contains(t, last, "421")

	clock.Advance(30 * time.Second)
	_, err = s.DrainOnce(ctx)
	require.Error(t, err)
	assertOutboxWaiting(t, st, 3, start.Add(90*time.Second), 2) // then 60s more

	k.SetDown(false)
	clock.Advance(59 * time.Second)
	sent, err = s.DrainOnce(ctx)
	require.NoError(t, err)
	assert.Zero(t, sent, "not due yet")
	clock.Advance(time.Second)
	sent, err = s.DrainOnce(ctx)
	require.NoError(t, err)
	assert.Equal(t, 3, sent)
	assertOutboxDelivered(t, mails, k.deliveries())
}

func TestSenderServerGoneRecordsFailures(t *testing.T) {
	clock := newOutboxClock()
	st, _ := openOutbox(t, clock.Now)
	k := startOutboxSink(t, "", "")
	require.NoError(t, k.Close()) // its port now refuses connections
	queueOutbox(t, st, 1, 2, outboxRecipient)
	s := newOutboxSender(k.Addr, st, clock.Now, io.Discard)
	s.Backoff = func(attempts int) time.Duration { return time.Duration(attempts) * time.Minute }

	sent, err := s.DrainOnce(context.Background())
	assert.Zero(t, sent)
	require.Error(t, err)
	assert.Contains(t, err.Error(), "dial")
	assertOutboxWaiting(t, st, 2, clock.Now().Add(time.Minute), 1)
}

func TestSenderAuthenticates(t *testing.T) {
	clock := newOutboxClock()
	st, path := openOutbox(t, clock.Now)
	k := startOutboxSink(t, "pbem", "right-secret")
	mails := queueOutbox(t, st, 1, 2, outboxRecipient)
	var log bytes.Buffer
	s := newOutboxSender(k.Addr, st, clock.Now, &log)
	s.Endpoint.User, s.Endpoint.Password = "pbem", "wrong-secret"

	sent, err := s.DrainOnce(context.Background())
	assert.Zero(t, sent)
	require.Error(t, err)
	assert.Contains(t, err.Error(), "535")
	assertOutboxWaiting(t, st, 2, clock.Now().Add(30*time.Second), 1)
	_, last := outboxRow(t, path, mails[0].MessageID)
	assert.Contains(t, last, "auth as pbem")
	assert.NotContains(t, last+err.Error()+log.String(), "secret", "no password in the store, the error or the log")
	assert.Equal(t, 2, strings.Count(log.String(), "mail not sent; tried again later"), "one line a mail")

	s.Endpoint.Password = "right-secret"
	clock.Advance(30 * time.Second)
	sent, err = s.DrainOnce(context.Background())
	require.NoError(t, err)
	assert.Equal(t, 2, sent)
	assertOutboxDelivered(t, mails, k.deliveries())
	assert.NotContains(t, log.String(), "secret")
}

func TestSenderWithoutCredentialsWhereRequired(t *testing.T) {
	clock := newOutboxClock()
	st, _ := openOutbox(t, clock.Now)
	k := startOutboxSink(t, "pbem", "secret")
	queueOutbox(t, st, 1, 2, outboxRecipient)
	s := newOutboxSender(k.Addr, st, clock.Now, io.Discard)

	sent, err := s.DrainOnce(context.Background())
	assert.Zero(t, sent)
	require.Error(t, err)
	assert.Contains(t, err.Error(), "502")
	assertOutboxWaiting(t, st, 2, clock.Now().Add(30*time.Second), 1)
	assert.Empty(t, k.deliveries())
}

// noSuchUser is the relay's answer for an address that does not exist.
var noSuchUser = &smtp.SMTPError{Code: 550, EnhancedCode: smtp.EnhancedCode{5, 1, 1}, Message: "No such user"}

// TestSenderAbandonsRefusedMail: a mail the relay refuses for good (a 5xx
// to RCPT or to DATA) is tried once and abandoned at once with the relay's
// reply, the mails around it going out; Refused records it when set, and
// the sender abandons it itself without Refused or when Refused fails.
func TestSenderAbandonsRefusedMail(t *testing.T) {
	errLocked := errors.New("the database is locked")
	for _, tc := range []struct {
		name   string
		atRcpt bool
		hook   error // Refused's answer; nil = no Refused
		record bool  // Refused is set and records the mail
	}{
		{name: "rcpt, recorded", atRcpt: true, record: true},
		{name: "data, recorded", record: true},
		{name: "rcpt, no hook", atRcpt: true},
		{name: "rcpt, hook fails", atRcpt: true, hook: errLocked},
	} {
		t.Run(tc.name, func(t *testing.T) {
			clock := newOutboxClock()
			st, path := openOutbox(t, clock.Now)
			k := startOutboxSink(t, "", "")
			if tc.atRcpt {
				k.refuseRcpt["nobody@example.org"] = noSuchUser
			} else {
				k.refuse["nobody@example.org"] = noSuchUser
			}
			mails := queueOutbox(t, st, 1, 3, func(i int) string {
				if i == 2 {
					return "nobody@example.org"
				}
				return outboxRecipient(i)
			})
			var log bytes.Buffer
			s := newOutboxSender(k.Addr, st, clock.Now, &log)
			var refused []mailer.Refusal
			if tc.record || tc.hook != nil {
				s.Refused = func(ctx context.Context, m store.Outgoing, r mailer.Refusal) error {
					assert.Equal(t, mails[1].MessageID, m.MessageID)
					refused = append(refused, r)
					if tc.hook != nil {
						return tc.hook
					}
					return st.MarkAbandoned(ctx, m.ID, r.Reply)
				}
			}

			sent, err := s.DrainOnce(context.Background())
			assert.Equal(t, 2, sent)
			require.Error(t, err)
			assert.Contains(t, err.Error(), "send "+mails[1].MessageID)
			assertOutboxDelivered(t, []store.OutMail{mails[0], mails[2]}, k.deliveries())
			attempts, last := outboxRow(t, path, mails[1].MessageID)
			assert.Equal(t, 1, attempts)
			assert.Equal(t, "550 5.1.1 No such user", last, "the relay's reply, as it wrote it")
			if s.Refused != nil {
				assert.Equal(t, []mailer.Refusal{{Code: 550, Status: "5.1.1", Reply: "550 5.1.1 No such user"}}, refused)
			}
			assert.Equal(t, 1, strings.Count(log.String(), "mail refused for good; no more attempts"))
			assert.Equal(t, tc.hook != nil, strings.Contains(log.String(), "nobody told"), log.String())

			clock.Advance(24 * time.Hour)
			due, err := st.DueMails(context.Background(), clock.Now(), 10)
			require.NoError(t, err)
			assert.Empty(t, due, "an abandoned mail is never due again")
			_, pending, err := st.NextDue(context.Background())
			require.NoError(t, err)
			assert.False(t, pending)
			_, err = s.DrainOnce(context.Background())
			require.NoError(t, err)
			assert.Equal(t, 1, k.attempts("nobody@example.org"), "one delivery attempt")
			assert.LessOrEqual(t, len(refused), 1)
		})
	}
}

// TestSenderRetriesPassingRefusal: a 4xx to RCPT (a mailbox busy, a
// greylist) is tried again after its backoff, as often as it takes, and
// never reaches Refused.
func TestSenderRetriesPassingRefusal(t *testing.T) {
	clock := newOutboxClock()
	st, path := openOutbox(t, clock.Now)
	k := startOutboxSink(t, "", "")
	k.refuseRcpt["busy@example.org"] = &smtp.SMTPError{Code: 450, EnhancedCode: smtp.EnhancedCode{4, 2, 1}, Message: "Mailbox busy, try later"}
	mails := queueOutbox(t, st, 1, 1, func(int) string { return "busy@example.org" })
	s := newOutboxSender(k.Addr, st, clock.Now, io.Discard)
	s.Refused = func(context.Context, store.Outgoing, mailer.Refusal) error {
		t.Error("a passing failure is no refusal")
		return nil
	}
	ctx := context.Background()

	for i, wait := range []time.Duration{30 * time.Second, time.Minute, 2 * time.Minute} {
		_, err := s.DrainOnce(ctx)
		require.Error(t, err)
		assertOutboxWaiting(t, st, 1, clock.Now().Add(wait), i+1)
		_, last := outboxRow(t, path, mails[0].MessageID)
		assert.Contains(t, last, "450")
		clock.Advance(wait)
	}
	k.mu.Lock()
	delete(k.refuseRcpt, "busy@example.org")
	k.mu.Unlock()
	sent, err := s.DrainOnce(ctx)
	require.NoError(t, err)
	assert.Equal(t, 1, sent)
	assertOutboxDelivered(t, mails, k.deliveries())
	assert.Equal(t, 4, k.attempts("busy@example.org"))
}

func TestSenderRefusesPlainTextToARemoteHost(t *testing.T) {
	clock := newOutboxClock()
	st, _ := openOutbox(t, clock.Now)
	queueOutbox(t, st, 1, 1, outboxRecipient)
	s := newOutboxSender("smtp.example.org:25", st, clock.Now, io.Discard)

	_, err := s.DrainOnce(context.Background())
	require.Error(t, err)
	assert.Contains(t, err.Error(), "refused")
	assert.Error(t, s.Run(context.Background()), "Run stops at once")
	due, err := st.DueMails(context.Background(), clock.Now(), 10)
	require.NoError(t, err)
	require.Len(t, due, 1)
	assert.Zero(t, due[0].Attempts, "a configuration error is no attempt")

	s = newOutboxSender("127.0.0.1:25", st, clock.Now, io.Discard)
	s.From = ""
	_, err = s.DrainOnce(context.Background())
	assert.ErrorContains(t, err, "envelope sender")
}

func TestSenderStartTLSIsNotDowngraded(t *testing.T) {
	clock := newOutboxClock()
	st, _ := openOutbox(t, clock.Now)
	k := startOutboxSink(t, "", "")
	queueOutbox(t, st, 1, 1, outboxRecipient)
	s := newOutboxSender(k.Addr, st, clock.Now, io.Discard)
	s.Endpoint.TLS = mailer.StartTLS

	_, err := s.DrainOnce(context.Background())
	require.Error(t, err)
	assert.Contains(t, err.Error(), "starttls")
	assert.Empty(t, k.deliveries())
	assertOutboxWaiting(t, st, 1, clock.Now().Add(30*time.Second), 1)
}

func TestSenderOverTLS(t *testing.T) {
	cert, pool := outboxCert(t)
	for _, mode := range []string{mailer.TLS, mailer.StartTLS} {
		t.Run(mode, func(t *testing.T) {
			clock := newOutboxClock()
			st, _ := openOutbox(t, clock.Now)
			addr, got := startOutboxTLSSink(t, mode, cert)
			mails := queueOutbox(t, st, 1, 2, outboxRecipient)
			s := newOutboxSender(addr, st, clock.Now, io.Discard)
			s.Endpoint.TLS = mode
			s.Endpoint.User, s.Endpoint.Password = "pbem", "secret"

			_, err := s.DrainOnce(context.Background())
			require.Error(t, err, "the system does not trust a self-signed certificate")
			assert.Contains(t, err.Error(), "certificate")

			s.TLSConfig = &tls.Config{RootCAs: pool}
			clock.Advance(30 * time.Second)
			sent, err := s.DrainOnce(context.Background())
			require.NoError(t, err)
			assert.Equal(t, 2, sent)
			assertOutboxDelivered(t, mails, got())
		})
	}
}

func TestSenderRunDrainsAndWakes(t *testing.T) {
	st, _ := openOutbox(t, nil)
	k := startOutboxSink(t, "", "")
	first := queueOutbox(t, st, 1, 2, outboxRecipient)
	wake := make(chan struct{}, 1)
	s := newOutboxSender(k.Addr, st, nil, io.Discard)
	s.Wake = wake
	s.Poll = time.Hour

	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error)
	go func() { done <- s.Run(ctx) }()
	k.wait(t, 2)
	more := queueOutbox(t, st, 3, 1, outboxRecipient)
	wake <- struct{}{}
	k.wait(t, 1)
	assertOutboxDelivered(t, append(first, more...), k.deliveries())

	cancel()
	select {
	case err := <-done:
		assert.NoError(t, err)
	case <-time.After(2 * time.Second):
		t.Fatal("Run did not return on cancel")
	}
}

func TestSenderRunRetriesWhenDue(t *testing.T) {
	st, _ := openOutbox(t, nil)
	k := startOutboxSink(t, "", "")
	mails := queueOutbox(t, st, 1, 2, outboxRecipient)
	s := newOutboxSender(k.Addr, st, nil, io.Discard)
	s.Backoff = func(int) time.Duration { return 50 * time.Millisecond }
	s.Poll = time.Hour

	k.SetDown(true)
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	done := make(chan error)
	go func() { done <- s.Run(ctx) }()
	require.Eventually(t, func() bool {
		due, err := st.DueMails(context.Background(), time.Now().Add(time.Hour), 10)
		return err == nil && len(due) == 2 && due[0].Attempts > 0
	}, 5*time.Second, time.Millisecond, "a round failed")
	k.SetDown(false)
	k.wait(t, 2)
	assertOutboxDelivered(t, mails, k.deliveries())
	cancel()
	assert.NoError(t, <-done)
}

func TestSenderCancelledMidMailLeavesItDue(t *testing.T) {
	clock := newOutboxClock()
	st, _ := openOutbox(t, clock.Now)
	release := make(chan struct{})
	arrived := make(chan struct{}, 10)
	srv, err := loopback.StartSMTP("", "", func(loopback.Delivery) error {
		arrived <- struct{}{}
		<-release
		return nil
	})
	require.NoError(t, err)
	t.Cleanup(func() { srv.Close() })
	t.Cleanup(func() { close(release) }) // runs first: frees the server
	queueOutbox(t, st, 1, 2, outboxRecipient)
	s := newOutboxSender(srv.Addr, st, clock.Now, io.Discard)

	ctx, cancel := context.WithCancel(context.Background())
	go func() {
		<-arrived
		cancel()
	}()
	began := time.Now()
	sent, err := s.DrainOnce(ctx)
	assert.Less(t, time.Since(began), 2*time.Second, "cancel cuts the wait for the server short")
	assert.Zero(t, sent)
	assert.ErrorIs(t, err, context.Canceled)
	due, err := st.DueMails(context.Background(), clock.Now(), 10)
	require.NoError(t, err)
	require.Len(t, due, 2, "the mail in flight is neither sent nor failed: it goes again")
	assert.Zero(t, due[0].Attempts)
}

func TestDefaultBackoff(t *testing.T) {
	for attempts, want := range map[int]time.Duration{
		0: 30 * time.Second, 1: 30 * time.Second, 2: time.Minute, 3: 2 * time.Minute,
		7: 32 * time.Minute, 8: time.Hour, 9: time.Hour, 1000: time.Hour,
	} {
		assert.Equal(t, want, mailer.DefaultBackoff(attempts), "attempt %d", attempts)
	}
}

// BenchmarkSenderDrain sends b.N mails through the loopback server, every
// one marked sent in the store; it reports mails per second.
func BenchmarkSenderDrain(b *testing.B) {
	st, _ := openOutbox(b, nil)
	k := startOutboxSink(b, "pbem", "secret")
	k.notify = make(chan struct{}, b.N+1)
	for i := 0; i < b.N; i += 500 {
		queueOutbox(b, st, i, min(500, b.N-i), outboxRecipient)
	}
	s := newOutboxSender(k.Addr, st, nil, io.Discard)
	s.Endpoint.User, s.Endpoint.Password = "pbem", "secret"
	b.ResetTimer()
	sent, err := s.DrainOnce(context.Background())
	b.StopTimer()
	require.NoError(b, err)
	require.Equal(b, b.N, sent)
	b.ReportMetric(float64(sent)/b.Elapsed().Seconds(), "mails/s")
}

// outboxCert is a self-signed certificate for 127.0.0.1 and the pool that
// trusts it.
func outboxCert(t *testing.T) (tls.Certificate, *x509.CertPool) {
	t.Helper()
	key, err := ecdsa.GenerateKey(elliptic.P256(), rand.Reader)
	require.NoError(t, err)
	tmpl := &x509.Certificate{
		SerialNumber: big.NewInt(1),
		IPAddresses:  []net.IP{net.IPv4(127, 0, 0, 1)},
		NotBefore:    time.Now().Add(-time.Hour),
		NotAfter:     time.Now().Add(time.Hour),
		KeyUsage:     x509.KeyUsageDigitalSignature,
		ExtKeyUsage:  []x509.ExtKeyUsage{x509.ExtKeyUsageServerAuth},
	}
	der, err := x509.CreateCertificate(rand.Reader, tmpl, tmpl, &key.PublicKey, key)
	require.NoError(t, err)
	leaf, err := x509.ParseCertificate(der)
	require.NoError(t, err)
	pool := x509.NewCertPool()
	pool.AddCert(leaf)
	return tls.Certificate{Certificate: [][]byte{der}, PrivateKey: key, Leaf: leaf}, pool
}

// startOutboxTLSSink runs a go-smtp server speaking TLS from the first byte
// (mode TLS) or offering STARTTLS, requiring AUTH PLAIN as pbem/secret; the
// loopback package's server is plain text only.
func startOutboxTLSSink(t *testing.T, mode string, cert tls.Certificate) (addr string, got func() []loopback.Delivery) {
	t.Helper()
	var mu sync.Mutex
	var deliveries []loopback.Delivery
	cfg := &tls.Config{Certificates: []tls.Certificate{cert}}
	l, err := net.Listen("tcp", "127.0.0.1:0")
	require.NoError(t, err)
	srv := smtp.NewServer(smtp.BackendFunc(func(*smtp.Conn) (smtp.Session, error) {
		return &outboxTLSSession{deliver: func(d loopback.Delivery) {
			mu.Lock()
			defer mu.Unlock()
			deliveries = append(deliveries, d)
		}}, nil
	}))
	srv.Domain = "localhost"
	srv.ErrorLog = log.New(io.Discard, "", 0) // the refused handshakes are expected
	if mode == mailer.TLS {
		l = tls.NewListener(l, cfg)
	} else {
		srv.TLSConfig = cfg
	}
	go srv.Serve(l)
	t.Cleanup(func() { srv.Close() })
	return l.Addr().String(), func() []loopback.Delivery {
		mu.Lock()
		defer mu.Unlock()
		return append([]loopback.Delivery(nil), deliveries...)
	}
}

// outboxTLSSession is a session of startOutboxTLSSink: AUTH is offered only once the
// connection is encrypted, which go-smtp ensures without AllowInsecureAuth.
type outboxTLSSession struct {
	deliver func(loopback.Delivery)
	authed  bool
	d       loopback.Delivery
}

func (s *outboxTLSSession) AuthMechanisms() []string { return []string{"PLAIN"} }

func (s *outboxTLSSession) Auth(string) (sasl.Server, error) {
	return sasl.NewPlainServer(func(_, user, password string) error {
		if user != "pbem" || password != "secret" {
			return smtp.ErrAuthFailed
		}
		s.authed = true
		return nil
	}), nil
}

func (s *outboxTLSSession) Mail(from string, _ *smtp.MailOptions) error {
	if !s.authed {
		return smtp.ErrAuthRequired
	}
	s.d = loopback.Delivery{From: from}
	return nil
}

func (s *outboxTLSSession) Rcpt(to string, _ *smtp.RcptOptions) error {
	s.d.To = append(s.d.To, to)
	return nil
}

func (s *outboxTLSSession) Data(r io.Reader) error {
	raw, err := io.ReadAll(r)
	if err != nil {
		return err
	}
	s.d.Raw = raw
	s.deliver(s.d)
	return nil
}

func (s *outboxTLSSession) Reset()        { s.d = loopback.Delivery{} }
func (s *outboxTLSSession) Logout() error { return nil }

// The sender sends what Finish makes of each mail, and a mail Finish
// cannot make whole waits for its backoff with the reason, the others
// going out.
func TestSenderFinishesEachMail(t *testing.T) {
	clock := newOutboxClock()
	st, path := openOutbox(t, clock.Now)
	k := startOutboxSink(t, "", "")
	mails := queueOutbox(t, st, 1, 3, outboxRecipient)
	s := newOutboxSender(k.Addr, st, clock.Now, io.Discard)
	s.Finish = func(_ context.Context, raw []byte) ([]byte, error) {
		if bytes.Equal(raw, mails[1].Raw) {
			return nil, errors.New("the picture store is locked")
		}
		return append([]byte("X-Finished: yes\r\n"), raw...), nil
	}
	sent, err := s.DrainOnce(context.Background())
	assert.Equal(t, 2, sent)
	assert.ErrorContains(t, err, "the picture store is locked")
	got := k.deliveries()
	require.Len(t, got, 2)
	for i, m := range []store.OutMail{mails[0], mails[2]} {
		assert.Equal(t, "X-Finished: yes\r\n"+string(m.Raw), string(got[i].Raw))
	}
	attempts, last := outboxRow(t, path, mails[1].MessageID)
	assert.Equal(t, 1, attempts)
	assert.Contains(t, last, "the picture store is locked")
	assertOutboxWaiting(t, st, 1, clock.Now().Add(30*time.Second), 1)
}

// TestSenderLanes: a round sends on two connections at once, each
// recipient's mails on one of them in the order queued: the relay holds
// the first mail it gets until a second one arrives meanwhile, which only
// another connection can send; with Conns 1, the mails go one after the
// other, in the order queued.
func TestSenderLanes(t *testing.T) {
	clock := newOutboxClock()
	st, _ := openOutbox(t, clock.Now)
	var (
		mu       sync.Mutex
		got      []loopback.Delivery
		inFlight int
		together = make(chan struct{})
		once     sync.Once
	)
	srv, err := loopback.StartSMTP("", "", func(d loopback.Delivery) error {
		mu.Lock()
		inFlight++
		if inFlight == 2 {
			once.Do(func() { close(together) })
		}
		first := len(got) == 0
		got = append(got, d)
		mu.Unlock()
		if first {
			select { // the other connection's mail arrives meanwhile
			case <-together:
			case <-time.After(10 * time.Second):
			}
		}
		mu.Lock()
		inFlight--
		mu.Unlock()
		return nil
	})
	require.NoError(t, err)
	t.Cleanup(func() { srv.Close() })

	players := []string{"ann@example.org", "bob@example.org", "cyd@example.org", "dan@example.org"}
	mails := queueOutbox(t, st, 1, 16, func(i int) string { return players[i%len(players)] })
	s := newOutboxSender(srv.Addr, st, clock.Now, io.Discard)
	s.Conns = 2
	sent, err := s.DrainOnce(context.Background())
	require.NoError(t, err)
	assert.Equal(t, 16, sent)
	select {
	case <-together:
	default:
		t.Fatal("no two mails were sent at once")
	}
	mu.Lock()
	assertOutboxDelivered(t, mails, got)
	got = nil
	mu.Unlock()

	mails = queueOutbox(t, st, 17, 8, func(i int) string { return players[i%len(players)] })
	s.Conns = 1
	sent, err = s.DrainOnce(context.Background())
	require.NoError(t, err)
	assert.Equal(t, 8, sent)
	mu.Lock()
	defer mu.Unlock()
	require.Len(t, got, len(mails))
	for i, m := range mails {
		assert.Equal(t, string(m.Raw), string(got[i].Raw), "one connection: the order queued")
	}
}
