package main

import (
	"context"
	"fmt"
	"os"

	"github.com/spf13/cobra"

	"pbem/store"
)

func newBackupCmd() *cobra.Command {
	return &cobra.Command{
		Use:   "backup FILE",
		Short: "Copy the database, consistently, while pbem serve runs",
		Long: `Write a consistent copy of the database (--db) to FILE, a new file: the
database as it was at one instant, every move committed by then and none in
part, taken while serve, ingest or other commands write (SQLite's VACUUM
INTO; writers are not held up). The copy is one file, readable by its
owner only. FILE is never overwritten: exit 1 when it exists. To restore,
see docs/operators.md, Backups.`,
		Args: cobra.ExactArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			ctx := cmd.Context()
			if ctx == nil {
				ctx = context.Background()
			}
			st, err := openStore(ctx, cmd, store.Options{Existing: true})
			if err != nil {
				return err
			}
			defer st.Close()
			if err := st.Backup(ctx, args[0]); err != nil {
				return exitWith(exitNo, err)
			}
			info, err := os.Stat(args[0])
			if err != nil {
				return exitWith(exitNo, err)
			}
			fmt.Fprintf(cmd.OutOrStdout(), "backed up %s to %s (%d bytes)\n", st.Path(), args[0], info.Size())
			return nil
		},
	}
}
