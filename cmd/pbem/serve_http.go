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
	"pbem/server"
)

// serveHTTP listens on server.http until ctx is done: /unsubscribe, the
// endpoint of the one-click List-Unsubscribe links (the path of
// server.unsubscribe_url, which a reverse proxy maps to it).
func serveHTTP(ctx context.Context, srv *server.Server, cfg config.Config, log *slog.Logger) error {
	path := "/unsubscribe"
	if u, err := url.Parse(cfg.Server.UnsubscribeURL); err == nil && u.Path != "" {
		path = u.Path
	}
	mux := http.NewServeMux()
	mux.Handle(path, srv.UnsubscribeHandler())
	hs := &http.Server{Handler: mux, ReadHeaderTimeout: 10 * time.Second}
	ln, err := net.Listen("tcp", cfg.Server.HTTP)
	if err != nil {
		return fmt.Errorf("server.http %s: %w", cfg.Server.HTTP, err)
	}
	log.Info("http listening", "addr", ln.Addr().String(), "unsubscribe", path)
	go func() {
		<-ctx.Done()
		shut, cancel := context.WithTimeout(context.Background(), 5*time.Second)
		defer cancel()
		hs.Shutdown(shut)
	}()
	if err := hs.Serve(ln); err != nil && !errors.Is(err, http.ErrServerClosed) {
		return fmt.Errorf("server.http: %w", err)
	}
	return nil
}
