package main

import (
	"context"
	"fmt"
	"os"
	"time"

	"github.com/spf13/cobra"

	"pbem/config"
	"pbem/engine"
	"pbem/server"
	"pbem/store"
	"pbem/templates"
)

// settings reads the configuration named by --config (pbem.toml in the
// working directory when present) and the environment.
func settings(cmd *cobra.Command) (config.Config, error) {
	path, explicit := cmd.Flag("config").Value.String(), true
	if path == "" {
		path, explicit = config.DefaultFile, false
	}
	c, err := config.Load(path, explicit, os.Getenv)
	if err != nil {
		return config.Config{}, exitWith(exitNo, err)
	}
	return c, nil
}

// openServer opens the database named by --db, creating it on first use,
// and a server over it, set up from the configuration; close releases
// them.
func openServer(ctx context.Context, cmd *cobra.Command, reg *engine.Registry, cfg config.Config) (srv *server.Server, st *store.Store, err error) {
	return openServerWith(ctx, cmd, reg, cfg, store.Options{})
}

// busyTimeoutVar names the environment variable that sets how long a
// command waits for a database lock another process holds (a Go duration;
// store.DefaultBusyTimeout when unset).
const busyTimeoutVar = "PBEM_BUSY_TIMEOUT"

// openServerWith is openServer with the store opened as opts says (the
// busy timeout from the environment). Each mail the server handles is
// logged (see logHandled) and told to reports.
func openServerWith(ctx context.Context, cmd *cobra.Command, reg *engine.Registry, cfg config.Config, opts store.Options, reports ...func(server.Handled)) (srv *server.Server, st *store.Store, err error) {
	if v := os.Getenv(busyTimeoutVar); v != "" {
		d, err := time.ParseDuration(v)
		if err != nil || d <= 0 {
			return nil, nil, exitWith(exitNo, fmt.Errorf("%s is a duration such as 10s, not %q", busyTimeoutVar, v))
		}
		opts.BusyTimeout = d
	}
	st, err = store.OpenWith(ctx, cmd.Flag("db").Value.String(), opts)
	if err != nil {
		return nil, nil, exitWith(exitNo, err)
	}
	tmpl, err := templates.Load(cfg.Server.Templates)
	if err != nil {
		st.Close()
		return nil, nil, exitWith(exitNo, err)
	}
	srv, err = server.New(st, reg, server.Config{Address: cfg.Server.Address, Templates: tmpl, MaxMailSize: cfg.Server.MaxMailSize,
		AuthservID: cfg.Server.AuthservID, SenderAuth: cfg.Server.SenderAuth,
		AnswersPerHour: cfg.Server.AnswersPerHour, StrangersPerHour: cfg.Server.StrangersPerHour, Now: opts.Now,
		UnsubscribeURL: cfg.Server.UnsubscribeURL, Report: fanOut(append(reports, logHandled(logger(cmd))))})
	if err != nil {
		st.Close()
		return nil, nil, exitWith(exitNo, err)
	}
	return srv, st, nil
}

// fanOut tells each report of a mail to every one of reports.
func fanOut(reports []func(server.Handled)) func(server.Handled) {
	return func(h server.Handled) {
		for _, r := range reports {
			r(h)
		}
	}
}
