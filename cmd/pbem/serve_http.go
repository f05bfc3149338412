package main

import (
	"context"
	"errors"
	"fmt"
	stdlog "log"
	"log/slog"
	"net"
	"net/http"
	"net/url"
	"strings"
	"time"

	"pbem/config"
	"pbem/metrics"
	"pbem/server"
)

// listeners are serve's HTTP listeners, each run until ctx is done:
// server.http with /unsubscribe, the endpoint of the one-click
// List-Unsubscribe links (the path of server.unsubscribe_url, which a
// reverse proxy maps to it), and server.metrics with /metrics and
// /healthz. When both keys name one address, one listener serves all
// three paths.
func listeners(srv *server.Server, cfg config.Config, log *slog.Logger, met *metrics.Metrics) []func(context.Context) error {
	var runs []func(context.Context) error
	if cfg.Server.HTTP != "" {
		path := "/unsubscribe"
		if u, err := url.Parse(cfg.Server.UnsubscribeURL); err == nil && u.Path != "" {
			path = u.Path
		}
		mux := http.NewServeMux()
		mux.Handle(path, srv.UnsubscribeHandler())
		paths := []string{path}
		if cfg.Server.Metrics == cfg.Server.HTTP {
			met.Register(mux)
			paths = append(paths, "/metrics", "/healthz")
		}
		runs = append(runs, func(ctx context.Context) error {
			return listenHTTP(ctx, "server.http", cfg.Server.HTTP, mux, log, paths)
		})
	}
	if cfg.Server.Metrics != "" && cfg.Server.Metrics != cfg.Server.HTTP {
		mux := http.NewServeMux()
		met.Register(mux)
		runs = append(runs, func(ctx context.Context) error {
			return listenHTTP(ctx, "server.metrics", cfg.Server.Metrics, mux, log, []string{"/metrics", "/healthz"})
		})
	}
	return runs
}

// httpLimits bound what the clients of one HTTP listener may hold of the
// daemon, whose file descriptors its mail needs too.
type httpLimits struct {
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

// serveHTTPLimits are serve's: its endpoints answer short requests (a
// signed link, a scrape, a health probe), so a few seconds and a few KB
// are plenty, and 64 connections are more than a proxy and a Prometheus
// need.
var serveHTTPLimits = httpLimits{
	ReadHeader: 5 * time.Second, Read: 10 * time.Second, Write: 30 * time.Second, Idle: 60 * time.Second,
	MaxHeaderBytes: 8 << 10, MaxConns: 64,
}

// listenHTTP serves mux on addr, the value of key, until ctx is done.
func listenHTTP(ctx context.Context, key, addr string, mux *http.ServeMux, log *slog.Logger, paths []string) error {
	ln, err := net.Listen("tcp", addr)
	if err != nil {
		return fmt.Errorf("%s %s: %w", key, addr, err)
	}
	log.Info("http listening", "key", key, "addr", ln.Addr().String(), "paths", paths)
	if err := serveHTTP(ctx, ln, mux, log.With("key", key), serveHTTPLimits); err != nil {
		return fmt.Errorf("%s: %w", key, err)
	}
	return nil
}

// serveHTTP serves h on ln within lim until ctx is done; what Go's server
// has to say (a failed accept, a panic in a handler) goes to log.
func serveHTTP(ctx context.Context, ln net.Listener, h http.Handler, log *slog.Logger, lim httpLimits) error {
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
func newHTTPServer(h http.Handler, log *slog.Logger, lim httpLimits) *http.Server {
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
