package mailer_test

import (
	"bytes"
	"log/slog"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"pbem/mailer"
	"pbem/mailer/loopback"
)

// syncBuffer is a log written from the receiver's goroutines.
type syncBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (b *syncBuffer) Write(p []byte) (int, error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.b.Write(p)
}

func (b *syncBuffer) String() string {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.b.String()
}

// TestReceiverStatusFollowsTheConnection: the status tells idle once
// logged in, down (since when, and why) while the server is away, and
// idle again after the reconnection, which is logged, as the loss is.
func TestReceiverStatusFollowsTheConnection(t *testing.T) {
	srv := startIMAP(t, loopback.IMAPOptions{})
	r := newReceiver(srv, openStore(t), (&recorder{}).handle)
	r.Poll = time.Hour
	var log syncBuffer
	r.Logger = slog.New(slog.NewTextHandler(&log, nil))
	status := &mailer.ReceiverStatus{}
	r.Status = status
	assert.Equal(t, mailer.IMAPOff, status.State().State, "before Run")
	runReceiver(t, r)

	require.Eventually(t, func() bool { return status.State().State == mailer.IMAPIdle }, waitFor, tick)
	st := status.State()
	assert.Equal(t, 1, st.Connections)
	assert.True(t, st.DownSince.IsZero())

	require.NoError(t, srv.Stop())
	require.Eventually(t, func() bool { return !status.State().DownSince.IsZero() }, waitFor, tick)
	st = status.State()
	assert.Contains(t, []string{mailer.IMAPDown, mailer.IMAPConnecting}, st.State)
	assert.NotEmpty(t, st.LastError)

	require.NoError(t, srv.Resume())
	require.Eventually(t, func() bool { return status.State().State == mailer.IMAPIdle }, waitFor, tick)
	st = status.State()
	assert.Equal(t, 2, st.Connections)
	assert.True(t, st.DownSince.IsZero(), "up again")

	out := log.String()
	assert.Equal(t, 2, strings.Count(out, `msg="imap connected"`), out)
	assert.Contains(t, out, `msg="imap connected" imap=`+srv.Addr)
	assert.Contains(t, out, "reconnection=true")
	assert.Equal(t, 1, strings.Count(out, `msg="imap disconnected; reconnecting"`), out)
	assert.NotContains(t, out, imapPassword)
}

// TestReceiverStatusPolling: without IDLE the receiver waits polling.
func TestReceiverStatusPolling(t *testing.T) {
	srv := startIMAP(t, loopback.IMAPOptions{})
	r := newReceiver(srv, openStore(t), (&recorder{}).handle)
	r.Poll = time.Hour
	mailer.SetReceiverTiming(r, 10*time.Millisecond, true)
	r.Status = &mailer.ReceiverStatus{}
	runReceiver(t, r)
	require.Eventually(t, func() bool { return r.Status.State().State == mailer.IMAPPolling }, waitFor, tick)
}
