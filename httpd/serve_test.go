package httpd

import (
	"bufio"
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net"
	"net/http"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestServeHTTPLimits: serve's listeners have every timeout, a header cap
// of a few KB, a connection cap, and Go's server errors go to the log.
func TestServeHTTPLimits(t *testing.T) {
	t.Parallel()
	hs := newHTTPServer(http.NotFoundHandler(), slog.New(slog.DiscardHandler), ServeLimits)
	for name, d := range map[string]time.Duration{"ReadHeaderTimeout": hs.ReadHeaderTimeout, "ReadTimeout": hs.ReadTimeout,
		"WriteTimeout": hs.WriteTimeout, "IdleTimeout": hs.IdleTimeout} {
		assert.True(t, d > 0 && d <= time.Minute, "%s is %v", name, d)
	}
	assert.True(t, hs.ReadHeaderTimeout <= hs.ReadTimeout, "the header is part of the request")
	assert.True(t, hs.MaxHeaderBytes > 0 && hs.MaxHeaderBytes <= 16<<10, "MaxHeaderBytes is %d", hs.MaxHeaderBytes)
	assert.NotNil(t, hs.ErrorLog)
	assert.Equal(t, 64, ServeLimits.MaxConns, "docs/operators.md says 64")
}

// lockedBuffer is a log the server writes while the test reads it.
type lockedBuffer struct {
	mu  sync.Mutex
	buf bytes.Buffer
}

func (b *lockedBuffer) Write(p []byte) (int, error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.buf.Write(p)
}

func (b *lockedBuffer) String() string {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.buf.String()
}

// readAll answers ok to a request whose body it could read whole.
var readAll = http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
	if _, err := io.Copy(io.Discard, r.Body); err != nil {
		http.Error(w, err.Error(), http.StatusBadRequest)
		return
	}
	fmt.Fprintln(w, "ok")
})

// startHTTP runs serveHTTP with h on ln (a fresh loopback listener when
// nil) within lim, logging in JSON into the buffer returned, until the
// test ends.
func startHTTP(t *testing.T, ln net.Listener, h http.Handler, lim Limits) (string, *lockedBuffer) {
	t.Helper()
	if ln == nil {
		var err error
		ln, err = net.Listen("tcp", "127.0.0.1:0")
		require.NoError(t, err)
	}
	log := &lockedBuffer{}
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() { done <- Serve(ctx, ln, h, slog.New(slog.NewJSONHandler(log, nil)), lim) }()
	t.Cleanup(func() {
		cancel()
		assert.NoError(t, <-done)
	})
	return ln.Addr().String(), log
}

func dial(t *testing.T, addr string) net.Conn {
	t.Helper()
	c, err := net.Dial("tcp", addr)
	require.NoError(t, err)
	t.Cleanup(func() { c.Close() })
	return c
}

// closedByServer reads c to its end, which the server must bring within
// 10 s (the limits under test are far shorter), and returns what it read.
func closedByServer(t *testing.T, c net.Conn, what string) string {
	t.Helper()
	c.SetReadDeadline(time.Now().Add(10 * time.Second))
	data, err := io.ReadAll(c)
	var ne net.Error
	if errors.As(err, &ne) && ne.Timeout() {
		t.Fatalf("%s: the server still holds the connection after 10 s", what)
	}
	return string(data)
}

// request sends a GET of path on c and reads the answer.
func request(t *testing.T, c net.Conn, path string) *http.Response {
	t.Helper()
	_, err := fmt.Fprintf(c, "GET %s HTTP/1.1\r\nHost: pbem.test\r\n\r\n", path)
	require.NoError(t, err)
	c.SetReadDeadline(time.Now().Add(10 * time.Second))
	res, err := http.ReadResponse(bufio.NewReader(c), nil)
	require.NoError(t, err)
	io.Copy(io.Discard, res.Body)
	res.Body.Close()
	return res
}

// TestServeHTTPClosesWhatHangs: with short limits, the server closes a
// connection that says nothing, one that sends half a header (slowloris),
// one that sends half a body, and a kept-alive one left idle; it answers a
// URL or a header past the cap with 431.
func TestServeHTTPClosesWhatHangs(t *testing.T) {
	t.Parallel()
	lim := Limits{ReadHeader: 200 * time.Millisecond, Read: 400 * time.Millisecond, Write: time.Second,
		Idle: 200 * time.Millisecond, MaxHeaderBytes: 4 << 10, MaxConns: 64}
	addr, _ := startHTTP(t, nil, readAll, lim)

	closedByServer(t, dial(t, addr), "a silent connection")

	half := dial(t, addr)
	_, err := io.WriteString(half, "GET / HTTP/1.1\r\nHost: pbem.test\r\nX-Slow: 1\r\n")
	require.NoError(t, err)
	closedByServer(t, half, "half a header")

	body := dial(t, addr)
	_, err = io.WriteString(body, "POST / HTTP/1.1\r\nHost: pbem.test\r\nContent-Length: 1000\r\n\r\nList-Unsub")
	require.NoError(t, err)
	assert.NotContains(t, closedByServer(t, body, "half a body"), "200 OK")

	kept := dial(t, addr)
	assert.Equal(t, http.StatusOK, request(t, kept, "/").StatusCode)
	closedByServer(t, kept, "an idle kept-alive connection")

	for name, head := range map[string]string{
		"a huge URL":    "GET /?a=" + strings.Repeat("x", 64<<10) + " HTTP/1.1\r\nHost: pbem.test\r\n\r\n",
		"a huge header": "GET / HTTP/1.1\r\nHost: pbem.test\r\nX-Big: " + strings.Repeat("x", 64<<10) + "\r\n\r\n",
	} {
		c := dial(t, addr)
		_, err := io.WriteString(c, head)
		if err != nil && !errors.Is(err, syscall.ECONNRESET) && !errors.Is(err, syscall.EPIPE) {
			require.NoError(t, err, name)
		}
		assert.Contains(t, closedByServer(t, c, name), "431 Request Header Fields Too Large", name)
	}
}

// TestServeHTTPConnectionCap: at the cap (4 here), each new connection
// closes the one idle the longest, so that ten silent connections leave
// four open and a client that asks is answered at once; when all four are
// busy with a request, the next waits for one to end rather than being
// turned away. Meeting the cap is a structured log line.
func TestServeHTTPConnectionCap(t *testing.T) {
	t.Parallel()
	lim := Limits{ReadHeader: time.Minute, Read: time.Minute, Write: time.Minute, Idle: time.Minute,
		MaxHeaderBytes: 4 << 10, MaxConns: 4}
	// /block answers when the test closes the channel it hands over, so
	// that the test knows when all four are busy.
	entered := make(chan chan struct{})
	h := http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path == "/block" {
			release := make(chan struct{})
			entered <- release
			select {
			case <-release:
			case <-r.Context().Done():
			}
		}
		fmt.Fprintln(w, "ok")
	})
	addr, log := startHTTP(t, nil, h, lim)

	var silent []net.Conn
	for range 10 {
		silent = append(silent, dial(t, addr))
	}
	for i, c := range silent[:6] {
		closedByServer(t, c, fmt.Sprintf("silent connection %d of 10", i+1))
	}
	assert.Equal(t, http.StatusOK, request(t, dial(t, addr), "/").StatusCode, "a new client, at the cap")
	assert.Equal(t, http.StatusOK, request(t, silent[9], "/").StatusCode, "the newest silent connection was kept")

	// Four requests in progress: no connection is idle. A fifth client
	// connects and asks.
	var busy []net.Conn
	var releases []chan struct{}
	for range 4 {
		c := dial(t, addr)
		_, err := io.WriteString(c, "GET /block HTTP/1.1\r\nHost: pbem.test\r\n\r\n")
		require.NoError(t, err)
		releases = append(releases, <-entered)
		busy = append(busy, c)
	}
	t.Cleanup(func() {
		for _, r := range releases[1:] {
			close(r)
		}
	})
	fifth := dial(t, addr)
	_, err := io.WriteString(fifth, "GET / HTTP/1.1\r\nHost: pbem.test\r\n\r\n")
	require.NoError(t, err)
	// One of the four is answered: its connection falls idle, and the
	// fifth client takes its place.
	close(releases[0])
	assert.Contains(t, closedByServer(t, busy[0], "the connection answered"), "200 OK")
	fifth.SetReadDeadline(time.Now().Add(10 * time.Second))
	res, err := http.ReadResponse(bufio.NewReader(fifth), nil)
	require.NoError(t, err, "the fifth client waited for room, and was not turned away")
	assert.Equal(t, http.StatusOK, res.StatusCode)

	lines := strings.Split(strings.TrimSpace(log.String()), "\n")
	require.NotEmpty(t, lines)
	assert.Contains(t, lines[0], `"level":"WARN","msg":"http connections at their cap","cap":4,"idle_closed":1,"waited":0`)
}

// flakyListener fails its first Accept as a process out of file
// descriptors does.
type flakyListener struct {
	net.Listener
	once sync.Once
}

type tooManyFiles struct{}

func (tooManyFiles) Error() string   { return "accept tcp: accept4: too many open files" }
func (tooManyFiles) Timeout() bool   { return false }
func (tooManyFiles) Temporary() bool { return true }

func (l *flakyListener) Accept() (net.Conn, error) {
	var failed bool
	l.once.Do(func() { failed = true })
	if failed {
		return nil, tooManyFiles{}
	}
	return l.Listener.Accept()
}

// TestServeHTTPErrorsLogged: Go's server's own complaints (here a failed
// accept, which it retries) are structured lines of the daemon's log, not
// raw lines on stderr.
func TestServeHTTPErrorsLogged(t *testing.T) {
	t.Parallel()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	require.NoError(t, err)
	addr, log := startHTTP(t, &flakyListener{Listener: ln}, readAll, ServeLimits)
	assert.Equal(t, http.StatusOK, request(t, dial(t, addr), "/").StatusCode, "the server retried")
	assert.Contains(t, log.String(), `"level":"WARN","msg":"http error","err":"http: Accept error: accept tcp: accept4: too many open files; retrying in 5ms"`)
}
