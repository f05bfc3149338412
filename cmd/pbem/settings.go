package main

import (
	"context"
	"fmt"
	"os"
	"time"

	"github.com/spf13/cobra"

	"pbem/config"
	"pbem/engine"
	"pbem/lang"
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

// openStore opens the database named by --db as opts says, with the busy
// timeout from the environment.
func openStore(ctx context.Context, cmd *cobra.Command, opts store.Options) (*store.Store, error) {
	opts, err := withBusyTimeout(opts)
	if err != nil {
		return nil, err
	}
	st, err := store.OpenWith(ctx, cmd.Flag("db").Value.String(), opts)
	if err != nil {
		return nil, exitWith(exitNo, err)
	}
	return st, nil
}

// withBusyTimeout is opts with the busy timeout from the environment.
func withBusyTimeout(opts store.Options) (store.Options, error) {
	if v := os.Getenv(busyTimeoutVar); v != "" {
		d, err := time.ParseDuration(v)
		if err != nil || d <= 0 {
			return opts, exitWith(exitNo, fmt.Errorf("%s is a duration such as 10s, not %q", busyTimeoutVar, v))
		}
		opts.BusyTimeout = d
	}
	return opts, nil
}

// openServerWith is openServer with the store opened as opts says (the
// busy timeout from the environment, the database group from cfg). Each mail the server handles is
// logged (see logHandled) and told to reports.
func openServerWith(ctx context.Context, cmd *cobra.Command, reg *engine.Registry, cfg config.Config, opts store.Options, reports ...func(server.Handled)) (srv *server.Server, st *store.Store, err error) {
	opts.Group = cfg.Server.DBGroup
	st, err = openStore(ctx, cmd, opts)
	if err != nil {
		return nil, nil, err
	}
	srv, err = serverOn(ctx, cmd, reg, st, &cfg, opts.Now, reports...)
	if err != nil {
		st.Close()
		return nil, nil, err
	}
	return srv, st, nil
}

// serverOn is a server over st, set up from *cfg once reconciled with the
// settings the database records (see recordSettings): *cfg is left as the
// server runs with it. Each mail it handles is logged and told to
// reports.
func serverOn(ctx context.Context, cmd *cobra.Command, reg *engine.Registry, st *store.Store, cfg *config.Config, now func() time.Time, reports ...func(server.Handled)) (*server.Server, error) {
	if err := recordSettings(ctx, st, cfg, cmd.ErrOrStderr()); err != nil {
		return nil, exitWith(exitNo, err)
	}
	return serverFor(cmd, reg, st, *cfg, now, reports...)
}

// serverFor is a server over st set up from cfg, already reconciled with
// the recorded settings.
func serverFor(cmd *cobra.Command, reg *engine.Registry, st *store.Store, cfg config.Config, now func() time.Time, reports ...func(server.Handled)) (*server.Server, error) {
	tmpl, err := templates.Load(cfg.Server.Templates)
	if err != nil {
		return nil, exitWith(exitNo, err)
	}
	srv, err := server.New(st, reg, server.Config{Address: cfg.Server.Address, Templates: tmpl, MaxMailSize: cfg.Server.MaxMailSize,
		AuthservID: cfg.Server.AuthservID, SenderAuth: cfg.Server.SenderAuth,
		AnswersPerHour: cfg.Server.AnswersPerHour, StrangersPerHour: cfg.Server.StrangersPerHour, Now: now,
		UnsubscribeURL: cfg.Server.UnsubscribeURL, Report: fanOut(append(reports, logHandled(logger(cmd)))),
		Lobby: lobbyPolicy(cfg.Lobby), Lang: lang.Tag(cfg.Server.Lang), Logger: logger(cmd), ClockStart: cfg.Server.ClockStart})
	if err != nil {
		return nil, exitWith(exitNo, err)
	}
	return srv, nil
}

// lobbyPolicy is the server's lobby policy from the configuration's.
func lobbyPolicy(l config.Lobby) server.LobbyPolicy {
	return server.LobbyPolicy{Signup: l.Signup, GamesPerDay: l.GamesPerDay, GamesRunning: l.GamesRunning,
		MailsPerHour: l.MailsPerHour, MailsToAddressPerHour: l.MailsToAddressPerHour, ChallengeExpiry: time.Duration(l.ChallengeDays) * 24 * time.Hour,
		Rematch: l.Rematch, Undo: l.Undo, Ladders: l.Ladders, Takeover: l.Takeover,
		Tournaments: l.Tournaments, TournamentsPerPlayer: l.TournamentsPerPlayer}
}

// fanOut tells each report of a mail to every one of reports.
func fanOut(reports []func(server.Handled)) func(server.Handled) {
	return func(h server.Handled) {
		for _, r := range reports {
			r(h)
		}
	}
}
