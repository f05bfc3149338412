package main

import (
	"context"
	"os"

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

// openServer opens the database named by --db and a server over it, set
// up from the configuration; close releases them.
func openServer(ctx context.Context, cmd *cobra.Command, reg *engine.Registry, cfg config.Config) (srv *server.Server, st *store.Store, err error) {
	st, err = store.Open(ctx, cmd.Flag("db").Value.String(), nil)
	if err != nil {
		return nil, nil, exitWith(exitNo, err)
	}
	tmpl, err := templates.Load(cfg.Server.Templates)
	if err != nil {
		st.Close()
		return nil, nil, exitWith(exitNo, err)
	}
	srv, err = server.New(st, reg, server.Config{Address: cfg.Server.Address, Templates: tmpl, MaxMailSize: cfg.Server.MaxMailSize,
		AuthservID: cfg.Server.AuthservID, SenderAuth: cfg.Server.SenderAuth})
	if err != nil {
		st.Close()
		return nil, nil, exitWith(exitNo, err)
	}
	return srv, st, nil
}
