package httpd

import (
	"context"
	"errors"
	"fmt"
	stdlog "log"
	"log/slog"
	"net"
	"net/http"
	"strings"
	"time"
)

// Limits bound what the clients of one HTTP listener may hold of the
// daemon, whose file descriptors its mail needs too.
type Limits struct {
	// ReadHeader is the time a request's line and header may take
	// (slowloris); Read the whole request's, body included; Write the
	// answer's; Idle how long a kept-alive connection waits for its next
	// request.
	ReadHeader, Read, Write, Idle time.Duration
	// MaxHeaderBytes caps a request's line and header (a huge URL, huge
	// fields): Go answers 431 past it.
	MaxHeaderBytes int
	// MaxConns caps the connections open at once (see capConns).
	MaxConns int
}

// ServeLimits are pbem serve's: its endpoints answer short requests (a
// signed link, a scrape, a health probe), so a few seconds and a few KB
// are plenty, and 64 connections are more than a proxy and a Prometheus
// need.
var ServeLimits = Limits{
	ReadHeader: 5 * time.Second, Read: 10 * time.Second, Write: 30 * time.Second, Idle: 60 * time.Second,
	MaxHeaderBytes: 8 << 10, MaxConns: 64,
}

// Listen serves h on addr, the value of configuration key key, within
// ServeLimits until ctx is done; it logs where it listens and which paths
// it serves.
func Listen(ctx context.Context, key, addr string, h http.Handler, log *slog.Logger, paths []string) error {
	ln, err := net.Listen("tcp", addr)
	if err != nil {
		return fmt.Errorf("%s %s: %w", key, addr, err)
	}
	log.Info("http listening", "key", key, "addr", ln.Addr().String(), "paths", paths)
	if err := Serve(ctx, ln, h, log.With("key", key), ServeLimits); err != nil {
		return fmt.Errorf("%s: %w", key, err)
	}
	return nil
}

// Serve serves h on ln within lim until ctx is done; what Go's server
// has to say (a failed accept, a panic in a handler) goes to log.
func Serve(ctx context.Context, ln net.Listener, h http.Handler, log *slog.Logger, lim Limits) error {
	capped := capConns(ln, lim.MaxConns, log)
	hs := newHTTPServer(h, log, lim)
	hs.ConnState = capped.track
	go func() {
		<-ctx.Done()
		shut, cancel := context.WithTimeout(context.Background(), 5*time.Second)
		defer cancel()
		hs.Shutdown(shut)
	}()
	if err := hs.Serve(capped); err != nil && !errors.Is(err, http.ErrServerClosed) {
		return err
	}
	return nil
}

// newHTTPServer is an http.Server for h with lim's timeouts and header
// cap, its error log written into log.
func newHTTPServer(h http.Handler, log *slog.Logger, lim Limits) *http.Server {
	return &http.Server{Handler: h, ReadHeaderTimeout: lim.ReadHeader, ReadTimeout: lim.Read, WriteTimeout: lim.Write,
		IdleTimeout: lim.Idle, MaxHeaderBytes: lim.MaxHeaderBytes, ErrorLog: httpErrorLog(log)}
}

// httpErrorLog is an http.Server's ErrorLog writing into log: each line
// Go's server writes (http: Accept error: … too many open files, a TLS
// handshake error, a panic in a handler) becomes a warn line "http error"
// with the text as err, structured and redacted as every other line.
func httpErrorLog(log *slog.Logger) *stdlog.Logger {
	return stdlog.New(httpErrorWriter{log}, "", 0)
}

type httpErrorWriter struct{ log *slog.Logger }

func (w httpErrorWriter) Write(p []byte) (int, error) {
	w.log.Warn("http error", "err", strings.TrimSpace(string(p)))
	return len(p), nil
}
