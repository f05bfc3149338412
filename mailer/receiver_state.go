package mailer

import (
	"sync"
	"time"
)

// The states of a Receiver's IMAP connection, as ReceiverStatus tells them
// and the daemon's heartbeat (store.Heartbeat.IMAP) records them for pbem
// status.
const (
	IMAPOff        = "off"        // no imap.addr: no receiver runs (mail comes through pbem ingest)
	IMAPConnecting = "connecting" // dialling, logging in, opening the mailboxes
	IMAPConnected  = "connected"  // logged in, reading and filing mail
	IMAPIdle       = "idle"       // logged in, waiting in IDLE for new mail
	IMAPPolling    = "polling"    // logged in, waiting for the next look (the server has no IDLE)
	IMAPDown       = "down"       // the connection failed or was lost: retrying after a backoff
	IMAPStopped    = "stopped"    // the daemon stopped
)

// ReceiverState is where a Receiver's connection stands.
type ReceiverState struct {
	State string    // one of the IMAP… states
	Since time.Time // when State began
	// DownSince is when the connection was first found failing since the
	// last login that worked; zero while the connection works. A
	// connection down for long is what /healthz reports.
	DownSince   time.Time
	LastError   string // the last connection error, in words; "" when none yet
	Connections int    // logins that succeeded, the first included
}

// ReceiverStatus follows a Receiver's connection for those who report
// it — the heartbeat, the metrics, /healthz — from other goroutines. The
// zero value is ready to use; a nil *ReceiverStatus ignores every change.
type ReceiverStatus struct {
	// Now is the clock of the Since times; nil means time.Now.
	Now func() time.Time

	mu sync.Mutex
	st ReceiverState
}

// State is the connection's state now.
func (s *ReceiverStatus) State() ReceiverState {
	if s == nil {
		return ReceiverState{State: IMAPOff}
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	st := s.st
	if st.State == "" {
		st.State = IMAPOff
	}
	return st
}

// Set records a new state; err, when not nil, is the error that caused it
// (for IMAPDown).
func (s *ReceiverStatus) Set(state string, err error) {
	if s == nil {
		return
	}
	now := time.Now
	if s.Now != nil {
		now = s.Now
	}
	t := now()
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.st.State != state {
		s.st.State, s.st.Since = state, t
	}
	if err != nil {
		s.st.LastError = Redact(err.Error())
	}
	if state == IMAPDown && s.st.DownSince.IsZero() {
		s.st.DownSince = t
	}
}

// loggedIn records a login that worked: the connection is up again.
func (s *ReceiverStatus) loggedIn() {
	if s == nil {
		return
	}
	s.Set(IMAPConnected, nil)
	s.mu.Lock()
	s.st.Connections++
	s.st.DownSince = time.Time{}
	s.mu.Unlock()
}
