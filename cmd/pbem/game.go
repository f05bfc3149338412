package main

import (
	"context"
	"strconv"
	"strings"
	"time"

	"github.com/spf13/cobra"

	"pbem/config"
	"pbem/engine"
	"pbem/server"
	"pbem/store"
)

// newGameCmd groups the operator's commands on stored games.
func newGameCmd(reg *engine.Registry) *cobra.Command {
	cmd := &cobra.Command{
		Use:   "game",
		Short: "Create, inspect, play, verify and abort stored games",
		Long: `Create, inspect, play, verify and abort the games stored in the
database given by --db (pbem.db in the working directory by default).

Errors go to stderr with exit status 1 (2 for a wrong command line), and
a refused command changes nothing.`,
	}
	cmd.AddCommand(
		newGameNewCmd(reg), newGameListCmd(reg), newGameShowCmd(reg), newGameHistoryCmd(reg),
		newGameExportCmd(reg), newGameVerifyCmd(reg), newGameMoveCmd(reg), newGameAbortCmd(reg), newGameRekeyCmd(reg), newGameRematchCmd(reg), newGameUndoCmd(reg),
		newGameReplaceCmd(reg),
		newGameNudgeCmd(reg), newGameClockCmd(reg), newGameWatchCmd(reg), newGameUnwatchCmd(reg),
	)
	cmd.AddCommand(newGameImportCmd(reg))
	return cmd
}

// withServer opens the database named by --db and runs fn with a server
// over it, closing the database afterwards.
func withServer(cmd *cobra.Command, reg *engine.Registry, fn func(ctx context.Context, srv *server.Server) error) error {
	return withServerAt(cmd, reg, nil, fn)
}

// withGame runs fn with the server and the ID of the game arg names, for
// the commands about one game: an argument that is no game ID is a usage
// error before the database is opened.
func withGame(cmd *cobra.Command, reg *engine.Registry, arg string, fn func(ctx context.Context, srv *server.Server, id int64) error) error {
	id, err := gameID(arg)
	if err != nil {
		return err
	}
	return withServer(cmd, reg, func(ctx context.Context, srv *server.Server) error { return fn(ctx, srv, id) })
}

// withServerAt is withServer with the clock now for every time the
// command stamps (nil: the real time), for pbem deadlines --now.
func withServerAt(cmd *cobra.Command, reg *engine.Registry, now func() time.Time, fn func(ctx context.Context, srv *server.Server) error) error {
	return withStoreAt(cmd, now, func(ctx context.Context, st *store.Store, cfg *config.Config) error {
		srv, err := serverFor(cmd, reg, st, *cfg, now)
		if err != nil {
			return err
		}
		return fn(ctx, srv)
	})
}

// withStore runs fn with the store alone, for a command that only reads
// it: the settings are recorded as by every configured process (see
// recordSettings), but no mail template is parsed and no server built, so
// that the command costs its queries.
func withStore(cmd *cobra.Command, fn func(ctx context.Context, st *store.Store) error) error {
	return withStoreAt(cmd, nil, func(ctx context.Context, st *store.Store, _ *config.Config) error {
		return fn(ctx, st)
	})
}

// withStoreAt opens the store with the clock now (nil: the real time),
// records the settings, and runs fn with the configuration as reconciled
// with them; an error that is not already an exit status exits 1.
func withStoreAt(cmd *cobra.Command, now func() time.Time, fn func(ctx context.Context, st *store.Store, cfg *config.Config) error) error {
	ctx := cmd.Context()
	if ctx == nil {
		ctx = context.Background()
	}
	cfg, err := settings(cmd)
	if err != nil {
		return err
	}
	st, err := openStore(ctx, cmd, store.Options{Now: now, Group: cfg.Server.DBGroup})
	if err != nil {
		return err
	}
	defer st.Close()
	if err := recordSettings(ctx, st, &cfg, cmd.ErrOrStderr()); err != nil {
		return exitWith(exitNo, err)
	}
	if err := fn(ctx, st, &cfg); err != nil {
		if _, ok := err.(*exitError); ok {
			return err
		}
		return exitWith(exitNo, err)
	}
	return nil
}

// gameID reads a game ID argument.
func gameID(arg string) (int64, error) {
	id, err := strconv.ParseInt(arg, 10, 64)
	if err != nil || id < 1 {
		return 0, exitWith(exitUsage, engine.Refuse("%q is not a game ID: IDs are whole numbers, as game list shows", arg))
	}
	return id, nil
}

// gameArg completes a command's first argument with the games of reg,
// and offers nothing after it.
func gameArg(reg *engine.Registry) cobra.CompletionFunc {
	return func(_ *cobra.Command, args []string, _ string) ([]cobra.Completion, cobra.ShellCompDirective) {
		if len(args) > 0 {
			return nil, cobra.ShellCompDirectiveNoFileComp
		}
		return reg.IDs(), cobra.ShellCompDirectiveNoFileComp
	}
}

// gameOptions reads the --option flags, KEY=VALUE each, as a game's
// options.
func gameOptions(list []string) (engine.Options, error) {
	opts := engine.Options{}
	for _, o := range list {
		key, value, ok := strings.Cut(o, "=")
		if !ok || key == "" {
			return nil, exitWith(exitUsage, engine.Refuse("--option takes KEY=VALUE, not %q", o))
		}
		opts[key] = value
	}
	return opts, nil
}

// noFiles keeps shell completion from offering file names.
func noFiles(*cobra.Command, []string, string) ([]cobra.Completion, cobra.ShellCompDirective) {
	return nil, cobra.ShellCompDirectiveNoFileComp
}
