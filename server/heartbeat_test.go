package server

import (
	"pbem/server/upkeep"

	"context"
	"errors"
	"os"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"pbem/engine"
	"pbem/engine/amplitude"
	"pbem/internal/fakeclock"
	"pbem/mailer"
)

// TestBeater: the beat tells the receiver's state and last error, off
// without a receiver, and stopped at the end with the error that stopped
// the daemon.
func TestBeater(t *testing.T) {
	_, st := newTestServer(t)
	clock := fakeclock.New(time.Date(2026, 12, 1, 9, 0, 0, 0, time.UTC))
	srv, err := New(st, engine.NewRegistry(amplitude.Game{}), Config{Now: clock.Now})
	require.NoError(t, err)
	ctx := context.Background()

	off := srv.Upkeep().Beater(nil)
	require.NoError(t, off.Beat(ctx))
	h, err := st.LastBeat(ctx, "serve")
	require.NoError(t, err)
	assert.Equal(t, mailer.IMAPOff, h.IMAP)
	assert.Equal(t, os.Getpid(), h.PID)

	status := &mailer.ReceiverStatus{}
	b := srv.Upkeep().Beater(status)
	status.Set(mailer.IMAPDown, errors.New("imap: connect to mail.example.org:993: connection refused"))
	clock.Advance(upkeep.BeatEvery)
	require.NoError(t, b.Beat(ctx))
	h, err = st.LastBeat(ctx, "serve")
	require.NoError(t, err)
	assert.Equal(t, mailer.IMAPDown, h.IMAP)
	assert.Equal(t, "imap: connect to mail.example.org:993: connection refused", h.LastError)
	assert.Equal(t, clock.Now(), h.BeatAt)
	assert.Equal(t, clock.Now().Add(-upkeep.BeatEvery), h.StartedAt)

	require.NoError(t, b.Stopped(ctx, nil))
	h, err = st.LastBeat(ctx, "serve")
	require.NoError(t, err)
	assert.Equal(t, mailer.IMAPStopped, h.IMAP)
	assert.Empty(t, h.LastError, "a clean stop")
	require.NoError(t, b.Stopped(ctx, errors.New("imap: log in: authentication failed")))
	h, err = st.LastBeat(ctx, "serve")
	require.NoError(t, err)
	assert.Equal(t, "imap: log in: authentication failed", h.LastError)
}

// TestBeaterRun beats at once, then on its ticker, until stopped.
func TestBeaterRun(t *testing.T) {
	srv, st := newTestServer(t)
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan struct{})
	go func() {
		srv.Upkeep().Beater(nil).Run(ctx, func(err error) { t.Error(err) })
		close(done)
	}()
	require.Eventually(t, func() bool { _, err := st.LastBeat(ctx, "serve"); return err == nil }, 5*time.Second, 5*time.Millisecond)
	cancel()
	<-done
}
