package main

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"net"
	"net/http"
	"net/url"
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

// listenHTTP serves mux on addr, the value of key, until ctx is done.
func listenHTTP(ctx context.Context, key, addr string, mux *http.ServeMux, log *slog.Logger, paths []string) error {
	hs := &http.Server{Handler: mux, ReadHeaderTimeout: 10 * time.Second}
	ln, err := net.Listen("tcp", addr)
	if err != nil {
		return fmt.Errorf("%s %s: %w", key, addr, err)
	}
	log.Info("http listening", "key", key, "addr", ln.Addr().String(), "paths", paths)
	go func() {
		<-ctx.Done()
		shut, cancel := context.WithTimeout(context.Background(), 5*time.Second)
		defer cancel()
		hs.Shutdown(shut)
	}()
	if err := hs.Serve(ln); err != nil && !errors.Is(err, http.ErrServerClosed) {
		return fmt.Errorf("%s: %w", key, err)
	}
	return nil
}
