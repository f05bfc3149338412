package mailer_test

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/emersion/go-imap/v2"
	"github.com/emersion/go-imap/v2/imapclient"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"pbem/mailer"
	"pbem/mailer/loopback"
	"pbem/store"
)

const (
	imapUser     = "pbem"
	imapPassword = "secret"
	waitFor      = 5 * time.Second // deadline of conditions that should hold much sooner
	tick         = 5 * time.Millisecond
)

// testMail is a small mail numbered n, its number in the subject and body.
func testMail(n int) []byte {
	return fmt.Appendf(nil, "From: player%d@example.org\r\nTo: pbem@example.org\r\n"+
		"Subject: mail %d\r\nMessage-ID: <%d@example.org>\r\n\r\nmove %d\r\n", n, n, n, n)
}

// mailNumber reads back testMail's number.
func mailNumber(raw []byte) int {
	var n int
	i := bytes.Index(raw, []byte("Subject: mail "))
	if i < 0 {
		return -1
	}
	fmt.Sscanf(string(raw[i+len("Subject: mail "):]), "%d", &n)
	return n
}

// recorder is a Handler that records the mails it is handed. verdict
// decides each one; it may fail.
type recorder struct {
	mu      sync.Mutex
	seen    []int
	raws    [][]byte
	verdict func(n int) (mailer.Verdict, error)
}

func (h *recorder) handle(_ context.Context, raw []byte) (mailer.Verdict, error) {
	n := mailNumber(raw)
	h.mu.Lock()
	defer h.mu.Unlock()
	h.seen = append(h.seen, n)
	h.raws = append(h.raws, raw)
	if h.verdict == nil {
		return mailer.Accepted, nil
	}
	return h.verdict(n)
}

func (h *recorder) numbers() []int {
	h.mu.Lock()
	defer h.mu.Unlock()
	return append([]int(nil), h.seen...)
}

func startIMAP(t testing.TB, opts loopback.IMAPOptions) *loopback.IMAPServer {
	t.Helper()
	srv, err := loopback.StartIMAPWith(imapUser, imapPassword, opts)
	require.NoError(t, err)
	t.Cleanup(func() { srv.Close() })
	return srv
}

func openStore(t testing.TB) *store.Store {
	t.Helper()
	st, err := store.Open(context.Background(), filepath.Join(t.TempDir(), "pbem.db"), nil)
	require.NoError(t, err)
	t.Cleanup(func() { st.Close() })
	return st
}

func newReceiver(srv *loopback.IMAPServer, st *store.Store, h mailer.Handler) *mailer.Receiver {
	r := &mailer.Receiver{
		Endpoint: mailer.Endpoint{Addr: srv.Addr, User: imapUser, Password: imapPassword, TLS: mailer.NoTLS},
		Store:    st,
		Handle:   h,
		Logger:   slog.New(slog.NewTextHandler(io.Discard, nil)),
	}
	mailer.SetReceiverTiming(r, 10*time.Millisecond, false)
	return r
}

func appendMails(t testing.TB, srv *loopback.IMAPServer, from, to int) {
	t.Helper()
	for n := from; n <= to; n++ {
		require.NoError(t, srv.Append("", testMail(n)))
	}
}

// counts is how many mails INBOX, processed and rejected hold; -1 for a
// mailbox that does not exist (yet). It may run off the test's goroutine.
func counts(srv *loopback.IMAPServer) [3]int {
	var c [3]int
	for i, box := range []string{"INBOX", mailer.DefaultProcessed, mailer.DefaultRejected} {
		n, err := srv.Count(box)
		if err != nil {
			n = -1
		}
		c[i] = n
	}
	return c
}

// inboxFlags lists the flags set on the mails in INBOX.
func inboxFlags(t *testing.T, srv *loopback.IMAPServer) []imap.Flag {
	t.Helper()
	c, err := imapclient.DialInsecure(srv.Addr, nil)
	require.NoError(t, err)
	defer c.Close()
	require.NoError(t, c.Login(imapUser, imapPassword).Wait())
	_, err = c.Select("INBOX", &imap.SelectOptions{ReadOnly: true}).Wait()
	require.NoError(t, err)
	msgs, err := c.Fetch(imap.SeqSetNum(1, 2), &imap.FetchOptions{Flags: true}).Collect()
	require.NoError(t, err)
	require.NotEmpty(t, msgs)
	var flags []imap.Flag
	for _, m := range msgs {
		flags = append(flags, m.Flags...)
	}
	return flags
}

// stateKey is the progress key the receiver uses for INBOX.
func stateKey(srv *loopback.IMAPServer) string {
	return imapUser + "@" + srv.Addr + "/INBOX"
}

// runReceiver runs r until the test ends, and checks that Run returned nil
// once stopped.
func runReceiver(t *testing.T, r *mailer.Receiver) {
	t.Helper()
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() { done <- r.Run(ctx) }()
	t.Cleanup(func() {
		cancel()
		select {
		case err := <-done:
			assert.NoError(t, err)
		case <-time.After(waitFor):
			t.Error("Run did not return after its context was cancelled")
		}
	})
}

func TestOnceHandlesInOrderAndMovesByVerdict(t *testing.T) {
	srv := startIMAP(t, loopback.IMAPOptions{})
	st := openStore(t)
	appendMails(t, srv, 1, 5)
	h := &recorder{verdict: func(n int) (mailer.Verdict, error) {
		if n%2 == 0 {
			return mailer.Rejected, nil
		}
		return mailer.Accepted, nil
	}}
	ctx := context.Background()

	n, err := newReceiver(srv, st, h.handle).Once(ctx)
	require.NoError(t, err)
	assert.Equal(t, 5, n)
	assert.Equal(t, []int{1, 2, 3, 4, 5}, h.numbers())
	assert.Equal(t, [3]int{0, 3, 2}, counts(srv))
	assert.Equal(t, string(testMail(1)), string(h.raws[0]), "the mail is handed byte for byte")

	validity, err := srv.UIDValidity("")
	require.NoError(t, err)
	gotValidity, last, ok, err := st.MailboxState(ctx, stateKey(srv))
	require.NoError(t, err)
	require.True(t, ok)
	assert.Equal(t, validity, gotValidity)
	assert.EqualValues(t, 5, last)

	n, err = newReceiver(srv, st, h.handle).Once(ctx)
	require.NoError(t, err)
	assert.Zero(t, n, "a restart hands nothing again")
	assert.Len(t, h.numbers(), 5)
}

func TestOnceSkipsUIDsUpToTheLastOne(t *testing.T) {
	srv := startIMAP(t, loopback.IMAPOptions{})
	st := openStore(t)
	appendMails(t, srv, 1, 3)
	validity, err := srv.UIDValidity("")
	require.NoError(t, err)
	ctx := context.Background()
	h := &recorder{}

	// "UID 4:*" still matches UID 3, the highest: it must be filtered out.
	require.NoError(t, st.SetMailboxState(ctx, stateKey(srv), validity, 3))
	n, err := newReceiver(srv, st, h.handle).Once(ctx)
	require.NoError(t, err)
	assert.Zero(t, n)

	require.NoError(t, st.SetMailboxState(ctx, stateKey(srv), validity, 2))
	n, err = newReceiver(srv, st, h.handle).Once(ctx)
	require.NoError(t, err)
	assert.Equal(t, 1, n)
	assert.Equal(t, []int{3}, h.numbers())
	assert.Equal(t, [3]int{2, 1, 0}, counts(srv))
}

func TestHandlerErrorLeavesTheMailForTheNextPass(t *testing.T) {
	srv := startIMAP(t, loopback.IMAPOptions{})
	st := openStore(t)
	appendMails(t, srv, 1, 4)
	busy := errors.New("database is busy")
	failing := &recorder{verdict: func(n int) (mailer.Verdict, error) {
		if n == 3 {
			return 0, busy
		}
		return mailer.Accepted, nil
	}}
	ctx := context.Background()

	n, err := newReceiver(srv, st, failing.handle).Once(ctx)
	require.ErrorIs(t, err, busy)
	assert.Equal(t, 2, n)
	assert.Equal(t, []int{1, 2, 3}, failing.numbers(), "the pass stops at the failure")
	assert.Equal(t, [3]int{2, 2, 0}, counts(srv))
	_, last, _, err := st.MailboxState(ctx, stateKey(srv))
	require.NoError(t, err)
	assert.EqualValues(t, 2, last)

	assert.Empty(t, inboxFlags(t, srv), "fetched with BODY.PEEK[]: not marked \\Seen")

	working := &recorder{}
	n, err = newReceiver(srv, st, working.handle).Once(ctx)
	require.NoError(t, err)
	assert.Equal(t, 2, n)
	assert.Equal(t, []int{3, 4}, working.numbers())
	assert.Equal(t, [3]int{0, 4, 0}, counts(srv))
}

func TestHandlerPanicRejectsThatMailOnly(t *testing.T) {
	srv := startIMAP(t, loopback.IMAPOptions{})
	st := openStore(t)
	appendMails(t, srv, 1, 3)
	h := &recorder{verdict: func(n int) (mailer.Verdict, error) {
		if n == 2 {
			panic("bug")
		}
		return mailer.Accepted, nil
	}}
	n, err := newReceiver(srv, st, h.handle).Once(context.Background())
	require.NoError(t, err)
	assert.Equal(t, 3, n)
	assert.Equal(t, [3]int{0, 2, 1}, counts(srv))
}

func TestOnceFetchesManyMailsInChunks(t *testing.T) {
	srv := startIMAP(t, loopback.IMAPOptions{})
	st := openStore(t)
	appendMails(t, srv, 1, 230)
	h := &recorder{}
	n, err := newReceiver(srv, st, h.handle).Once(context.Background())
	require.NoError(t, err)
	assert.Equal(t, 230, n)
	want := make([]int, 230)
	for i := range want {
		want[i] = i + 1
	}
	assert.Equal(t, want, h.numbers())
	assert.Equal(t, [3]int{0, 230, 0}, counts(srv))
}

func TestOversizeMailIsHandedItsHeaderOnly(t *testing.T) {
	srv := startIMAP(t, loopback.IMAPOptions{})
	st := openStore(t)
	big := append(testMail(1), strings.Repeat("x", 5000)+"\r\n"...)
	require.NoError(t, srv.Append("", big))
	appendMails(t, srv, 2, 2)
	h := &recorder{verdict: func(n int) (mailer.Verdict, error) {
		if n == 1 {
			return mailer.Rejected, nil
		}
		return mailer.Accepted, nil
	}}
	r := newReceiver(srv, st, h.handle)
	r.MaxSize = 1000

	n, err := r.Once(context.Background())
	require.NoError(t, err)
	assert.Equal(t, 2, n)
	require.Len(t, h.raws, 2)
	head := string(h.raws[0])
	assert.True(t, strings.HasPrefix(head, fmt.Sprintf("%s: %d\r\n", mailer.OversizeHeader, len(big))), head)
	assert.Contains(t, head, "Message-ID: <1@example.org>")
	assert.NotContains(t, head, "move 1")
	assert.Equal(t, string(testMail(2)), string(h.raws[1]))
	assert.Equal(t, [3]int{0, 1, 1}, counts(srv))
}

func TestUIDValidityChangeStartsOver(t *testing.T) {
	srv := startIMAP(t, loopback.IMAPOptions{})
	st := openStore(t)
	ctx := context.Background()
	appendMails(t, srv, 1, 3)
	h := &recorder{}
	_, err := newReceiver(srv, st, h.handle).Once(ctx)
	require.NoError(t, err)

	// The new INBOX numbers its mails from UID 1 again, below the last UID
	// stored: only the new UIDVALIDITY tells they are new.
	require.NoError(t, srv.ResetMailbox(""))
	appendMails(t, srv, 4, 5)
	n, err := newReceiver(srv, st, h.handle).Once(ctx)
	require.NoError(t, err)
	assert.Equal(t, 2, n)
	assert.Equal(t, []int{1, 2, 3, 4, 5}, h.numbers())
	validity, err := srv.UIDValidity("")
	require.NoError(t, err)
	gotValidity, last, _, err := st.MailboxState(ctx, stateKey(srv))
	require.NoError(t, err)
	assert.Equal(t, validity, gotValidity)
	assert.EqualValues(t, 2, last)
}

func TestMoveWithoutTheMoveExtension(t *testing.T) {
	for name, caps := range map[string][]imap.Cap{
		"UIDPLUS":                  {imap.CapUIDPlus},
		"neither MOVE nor UIDPLUS": {},
	} {
		t.Run(name, func(t *testing.T) {
			srv := startIMAP(t, loopback.IMAPOptions{Caps: caps})
			st := openStore(t)
			appendMails(t, srv, 1, 4)
			h := &recorder{verdict: func(n int) (mailer.Verdict, error) {
				if n == 3 {
					return mailer.Rejected, nil
				}
				return mailer.Accepted, nil
			}}
			n, err := newReceiver(srv, st, h.handle).Once(context.Background())
			require.NoError(t, err)
			assert.Equal(t, 4, n)
			assert.Equal(t, [3]int{0, 3, 1}, counts(srv))
		})
	}
}

func TestRunHandlesTheBacklogThenNewMailThroughIdle(t *testing.T) {
	srv := startIMAP(t, loopback.IMAPOptions{})
	st := openStore(t)
	appendMails(t, srv, 1, 2)
	h := &recorder{}
	r := newReceiver(srv, st, h.handle)
	r.Poll = time.Hour // only IDLE can bring the new mail in time
	runReceiver(t, r)

	require.Eventually(t, func() bool { return counts(srv) == [3]int{0, 2, 0} }, waitFor, tick)
	appendMails(t, srv, 3, 3)
	start := time.Now()
	require.Eventually(t, func() bool { return counts(srv) == [3]int{0, 3, 0} }, 2*time.Second, tick)
	t.Logf("a new mail was handled %v after its delivery", time.Since(start))
	assert.Equal(t, []int{1, 2, 3}, h.numbers())
}

func TestRunPollsWhenIdleIsNotUsed(t *testing.T) {
	srv := startIMAP(t, loopback.IMAPOptions{})
	st := openStore(t)
	h := &recorder{}
	r := newReceiver(srv, st, h.handle)
	r.Poll = 50 * time.Millisecond
	mailer.SetReceiverTiming(r, 10*time.Millisecond, true)
	runReceiver(t, r)

	appendMails(t, srv, 1, 1)
	require.Eventually(t, func() bool { return counts(srv) == [3]int{0, 1, 0} }, waitFor, tick)
	appendMails(t, srv, 2, 2)
	require.Eventually(t, func() bool { return counts(srv) == [3]int{0, 2, 0} }, waitFor, tick)
	assert.Equal(t, []int{1, 2}, h.numbers())
}

func TestRunRetriesAfterAHandlerError(t *testing.T) {
	srv := startIMAP(t, loopback.IMAPOptions{})
	st := openStore(t)
	appendMails(t, srv, 1, 2)
	calls := 0
	h := &recorder{verdict: func(n int) (mailer.Verdict, error) {
		calls++
		if calls <= 2 {
			return 0, errors.New("database is busy")
		}
		return mailer.Accepted, nil
	}}
	r := newReceiver(srv, st, h.handle)
	r.Poll = time.Hour // the retry must not wait for the poll
	runReceiver(t, r)

	require.Eventually(t, func() bool { return counts(srv) == [3]int{0, 2, 0} }, waitFor, tick)
	assert.Equal(t, []int{1, 1, 1, 2}, h.numbers())
}

func TestRunReconnectsAfterAnOutage(t *testing.T) {
	srv := startIMAP(t, loopback.IMAPOptions{})
	st := openStore(t)
	h := &recorder{}
	r := newReceiver(srv, st, h.handle)
	r.Poll = time.Hour
	runReceiver(t, r)

	appendMails(t, srv, 1, 1)
	require.Eventually(t, func() bool { return counts(srv) == [3]int{0, 1, 0} }, waitFor, tick)

	require.NoError(t, srv.Stop())
	appendMails(t, srv, 2, 3) // delivered while the receiver cannot connect
	require.NoError(t, srv.Resume())
	require.Eventually(t, func() bool { return counts(srv) == [3]int{0, 3, 0} }, waitFor, tick)

	appendMails(t, srv, 4, 4) // and IDLE works again on the new connection
	require.Eventually(t, func() bool { return counts(srv) == [3]int{0, 4, 0} }, waitFor, tick)
	assert.Equal(t, []int{1, 2, 3, 4}, h.numbers(), "nothing lost, nothing twice")
}

func TestRunRefusesWrongCredentials(t *testing.T) {
	srv := startIMAP(t, loopback.IMAPOptions{})
	r := newReceiver(srv, openStore(t), (&recorder{}).handle)
	r.Endpoint.Password = "wrong"
	ctx, cancel := context.WithTimeout(context.Background(), waitFor)
	defer cancel()
	err := r.Run(ctx)
	require.Error(t, err)
	assert.NotContains(t, err.Error(), "wrong", "the password is never shown")
}

func TestPlainTextToARemoteHostIsRefused(t *testing.T) {
	r := &mailer.Receiver{
		Endpoint: mailer.Endpoint{Addr: "mail.example.org:143", User: "u", Password: "p", TLS: mailer.NoTLS},
		Store:    openStore(t),
		Handle:   (&recorder{}).handle,
	}
	ctx, cancel := context.WithTimeout(context.Background(), waitFor)
	defer cancel()
	require.ErrorContains(t, r.Run(ctx), "tls = none is refused")
	_, err := r.Once(ctx)
	require.ErrorContains(t, err, "tls = none is refused")
}

// BenchmarkReceiverOnce measures mails handled per second by Once, over 500
// mails waiting in INBOX, with a handler that accepts each at once.
func BenchmarkReceiverOnce(b *testing.B) {
	const mails = 500
	srv := startIMAP(b, loopback.IMAPOptions{})
	st := openStore(b)
	r := newReceiver(srv, st, func(context.Context, []byte) (mailer.Verdict, error) { return mailer.Accepted, nil })
	var handled int
	for i := 0; i < b.N; i++ {
		b.StopTimer()
		appendMails(b, srv, i*mails+1, (i+1)*mails)
		b.StartTimer()
		n, err := r.Once(context.Background())
		if err != nil {
			b.Fatal(err)
		}
		handled += n
	}
	b.ReportMetric(float64(handled)/b.Elapsed().Seconds(), "mails/s")
}
