package main

import (
	"context"
	"log/slog"
	"net/http"
	"net/url"

	"pbem/config"
	"pbem/httpd"
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
			return httpd.Listen(ctx, "server.http", cfg.Server.HTTP, mux, log, paths)
		})
	}
	if cfg.Server.Metrics != "" && cfg.Server.Metrics != cfg.Server.HTTP {
		mux := http.NewServeMux()
		met.Register(mux)
		runs = append(runs, func(ctx context.Context) error {
			return httpd.Listen(ctx, "server.metrics", cfg.Server.Metrics, mux, log, []string{"/metrics", "/healthz"})
		})
	}
	return runs
}
