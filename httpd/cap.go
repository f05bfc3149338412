package httpd

import (
	"log/slog"
	"net"
	"net/http"
	"sync"
	"time"
)

// capConns is ln with at most limit connections open at once (limit < 1: no
// cap). A connection that arrives at the cap takes the place of the one
// idle the longest, connected without a request yet or kept alive between
// two, which is closed; when every one is busy with a request, Accept
// waits for one to end or fall idle (the server's timeouts bound how
// long). So idle and silent connections, however many, hold at most limit
// of the daemon's file descriptors, which its mail needs too, and a client
// that asks at once still gets its answer. The server reports its
// connections' states to track (http.Server.ConnState). Meeting the cap is
// logged, at most once a minute.
func capConns(ln net.Listener, limit int, log *slog.Logger) *connCap {
	return &connCap{Listener: ln, limit: limit, log: log, open: map[*cappedConn]struct{}{},
		freed: make(chan struct{}, 1), done: make(chan struct{})}
}

type connCap struct {
	net.Listener
	limit     int
	log       *slog.Logger
	done      chan struct{} // closed by Close
	closeOnce sync.Once
	freed     chan struct{} // a connection closed or fell idle

	mu   sync.Mutex
	open map[*cappedConn]struct{}
	turn uint64 // counts the falls into idleness, so the oldest is the least
	// What the next warning tells: the connections closed to make room
	// and the accepts that waited since the last one, and its time.
	closed, waited int
	warned         time.Time
}

// cappedConn is a connection counted by its listener's cap.
type cappedConn struct {
	net.Conn
	l    *connCap
	idle uint64 // the turn it fell idle at; 0 while a request is read or answered
	gone bool   // no longer counted
}

func (l *connCap) Accept() (net.Conn, error) {
	c, err := l.Listener.Accept()
	if err != nil || l.limit < 1 {
		return c, err
	}
	waited := false
	for {
		l.mu.Lock()
		if len(l.open) < l.limit {
			l.turn++
			cc := &cappedConn{Conn: c, l: l, idle: l.turn}
			l.open[cc] = struct{}{}
			l.mu.Unlock()
			return cc, nil
		}
		victim := l.oldestIdle()
		switch {
		case victim != nil:
			l.releaseLocked(victim)
			l.closed++
		case !waited:
			waited = true
			l.waited++
		}
		l.warnLocked()
		l.mu.Unlock()
		if victim != nil {
			victim.Conn.Close()
			continue
		}
		select {
		case <-l.freed:
		case <-l.done:
			c.Close()
			return nil, net.ErrClosed
		}
	}
}

func (l *connCap) Close() error {
	l.closeOnce.Do(func() { close(l.done) })
	return l.Listener.Close()
}

// track follows a connection's state, as http.Server.ConnState.
func (l *connCap) track(c net.Conn, s http.ConnState) {
	cc, ok := c.(*cappedConn)
	if !ok {
		return
	}
	l.mu.Lock()
	defer l.mu.Unlock()
	switch s {
	case http.StateActive:
		cc.idle = 0
	case http.StateIdle:
		l.turn++
		cc.idle = l.turn
		l.signal()
	case http.StateHijacked, http.StateClosed:
		l.releaseLocked(cc)
	}
}

// oldestIdle is the connection idle the longest, nil when all are busy.
func (l *connCap) oldestIdle() *cappedConn {
	var oldest *cappedConn
	for c := range l.open {
		if c.idle != 0 && (oldest == nil || c.idle < oldest.idle) {
			oldest = c
		}
	}
	return oldest
}

// releaseLocked stops counting c, once.
func (l *connCap) releaseLocked(c *cappedConn) {
	if c.gone {
		return
	}
	c.gone = true
	delete(l.open, c)
	l.signal()
}

// signal wakes an Accept waiting for room.
func (l *connCap) signal() {
	select {
	case l.freed <- struct{}{}:
	default:
	}
}

// warnLocked logs that the cap was met, at most once a minute, with what
// was done about it since the last line.
func (l *connCap) warnLocked() {
	now := time.Now()
	if !l.warned.IsZero() && now.Sub(l.warned) < time.Minute {
		return
	}
	l.log.Warn("http connections at their cap", "cap", l.limit, "idle_closed", l.closed, "waited", l.waited)
	l.closed, l.waited, l.warned = 0, 0, now
}

func (c *cappedConn) Close() error {
	c.l.mu.Lock()
	c.l.releaseLocked(c)
	c.l.mu.Unlock()
	return c.Conn.Close()
}

// CloseWrite lets Go's server half-close the connection after an error
// answer (431, 408), as it does a bare TCP connection's.
func (c *cappedConn) CloseWrite() error {
	if cw, ok := c.Conn.(interface{ CloseWrite() error }); ok {
		return cw.CloseWrite()
	}
	return nil
}
