package main

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"os"

	"github.com/spf13/cobra"

	"pbem/config"
	"pbem/engine"
	"pbem/store"
)

func newInitCmd(reg *engine.Registry) *cobra.Command {
	return &cobra.Command{
		Use:   "init",
		Short: "Write a commented pbem.toml and create the database",
		Long: `Set up a new installation, asking nothing: write the configuration file
(--config, default pbem.toml) listing every key commented out with its
default and meaning, so that it changes nothing until a line is
uncommented, and create the database (--db, default pbem.db) with its
schema. Neither is ever overwritten: when either exists, init does nothing
and exits 1. Settings given in the environment (PBEM_ADDRESS…) are
recorded in the new database, as every command records them.`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			ctx := cmd.Context()
			if ctx == nil {
				ctx = context.Background()
			}
			path := cmd.Flag("config").Value.String()
			if path == "" {
				path = config.DefaultFile
			}
			db := cmd.Flag("db").Value.String()
			for _, p := range []struct{ path, what, flag string }{{path, "configuration file", "--config"}, {db, "database", "--db"}} {
				_, err := os.Lstat(p.path)
				if err == nil {
					return exitWith(exitNo, fmt.Errorf("pbem init: the %s %s exists; init never overwrites one: move it away, or name another with %s", p.what, p.path, p.flag))
				}
				if !errors.Is(err, fs.ErrNotExist) {
					return exitWith(exitNo, fmt.Errorf("pbem init: %s: %w", p.what, err))
				}
			}
			if err := writeNew(path, []byte(config.Template())); err != nil {
				return exitWith(exitNo, fmt.Errorf("pbem init: write the configuration: %w", err))
			}
			v, err := createDatabase(ctx, cmd, reg)
			if err != nil {
				// All or nothing, so that init may be run again: neither
				// file existed before.
				for _, name := range []string{path, db, db + "-wal", db + "-shm"} {
					os.Remove(name)
				}
				return err
			}
			out := cmd.OutOrStdout()
			fmt.Fprintf(out, "wrote %s: every key, commented out; set server.address and smtp.* (imap.* to read a mailbox)\n", path)
			fmt.Fprintf(out, "created %s (schema version %d)\n", db, v)
			fmt.Fprintf(out, "then: pbem --config %s --db %s serve\n", path, db)
			return nil
		},
	}
}

// createDatabase creates the database of --db with its schema, records
// the settings the configuration (the file just written, and the
// environment) gives, and returns the schema version.
func createDatabase(ctx context.Context, cmd *cobra.Command, reg *engine.Registry) (int, error) {
	cfg, err := settings(cmd)
	if err != nil {
		return 0, err
	}
	st, err := openStore(ctx, cmd, store.Options{Group: cfg.Server.DBGroup})
	if err != nil {
		return 0, err
	}
	defer st.Close()
	if _, err := serverOn(ctx, cmd, reg, st, &cfg, nil); err != nil {
		return 0, err
	}
	v, err := st.SchemaVersion(ctx)
	if err != nil {
		return 0, exitWith(exitNo, err)
	}
	return v, nil
}

// writeNew writes data to a new file at path, readable by its owner only
// (the operator may put passwords in it); an existing file is an error.
func writeNew(path string, data []byte) error {
	f, err := os.OpenFile(path, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o600)
	if err != nil {
		return err
	}
	if _, err := f.Write(data); err != nil {
		f.Close()
		os.Remove(path)
		return err
	}
	return f.Close()
}
