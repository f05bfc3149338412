package main

import (
	"context"
	"fmt"
	"strings"
	"time"

	"github.com/spf13/cobra"

	"pbem/store"
)

func newCheckCmd() *cobra.Command {
	var asJSON bool
	var by string
	cmd := &cobra.Command{
		Use:   "check [--json]",
		Short: "Check the whole database for damage, and record the result",
		Long: `Read the whole database (--db, which must exist) with SQLite's
quick_check, every page of every table and index, in about the time it
takes to read the file (seconds a GB), while serve, ingest and the other
commands go on. It prints the verdict and SQLite's first findings, and
records the result in the database (when its pages allow), where pbem
status and /healthz show it. It never migrates the database.

pbem serve runs the same check at its start and every server.check_every,
and stops when it finds damage; it does not start again, nor does pbem
ingest take mail, on a database whose last check found damage: restore the
last backup (docs/operators.md, Backups) and run pbem check on it.

Exit status: 0 when the database is sound; 1 when it is damaged (what to
do on stderr), or when it could not be checked.`,
		Example: `  pbem check
  pbem --db /var/lib/pbem/pbem.db check --json`,
		Args:              cobra.NoArgs,
		ValidArgsFunction: noFiles,
		RunE: func(cmd *cobra.Command, _ []string) error {
			ctx := cmd.Context()
			if ctx == nil {
				ctx = context.Background()
			}
			opts, err := withBusyTimeout(store.Options{})
			if err != nil {
				return err
			}
			if by != store.CheckedByCommand && by != store.CheckedByServe {
				return exitWith(exitUsage, fmt.Errorf("pbem check: --by is %s or %s, not %q", store.CheckedByCommand, store.CheckedByServe, by))
			}
			path := cmd.Flag("db").Value.String()
			r, recordErr, err := store.CheckFile(ctx, path, by, opts)
			if err != nil {
				return exitWith(exitNo, fmt.Errorf("pbem check: %w", err))
			}
			if recordErr != nil {
				fmt.Fprintf(cmd.ErrOrStderr(), "pbem check: the result is not recorded: %s\n", safeText(recordErr.Error()))
			}
			if asJSON {
				if err := writeJSON(cmd, checkJSONOf(path, r, recordErr == nil)); err != nil {
					return err
				}
			} else {
				writeCheck(cmd, path, r)
			}
			if !r.OK {
				return exitWith(exitNo, fmt.Errorf("pbem check: %s is damaged: stop pbem serve and the MTA's pipe, restore the last backup "+
					"(docs/operators.md, Backups), then run pbem check on it", path))
			}
			return nil
		},
	}
	cmd.Flags().BoolVar(&asJSON, "json", false, "print {database, ok, checked_at, took_ms, findings, recorded}")
	// serve runs its checks as pbem check --json --by serve (childCheck).
	cmd.Flags().StringVar(&by, "by", store.CheckedByCommand, "who the recorded check is by: check, or serve for the daemon's own")
	_ = cmd.Flags().MarkHidden("by")
	return cmd
}

// writeCheck prints the verdict of r on the database at path: a line, and
// a line per finding.
func writeCheck(cmd *cobra.Command, path string, r store.Integrity) {
	out := cmd.OutOrStdout()
	took := r.Took.Round(time.Millisecond)
	if r.OK {
		fmt.Fprintf(out, "ok: %s is sound (quick_check read it in %v)\n", path, took)
		return
	}
	fmt.Fprintf(out, "DAMAGED: %s (quick_check, %v):\n", path, took)
	for _, f := range r.Findings {
		fmt.Fprintf(out, "  %s\n", safeLine(f))
	}
}

// checkJSON is check --json: its fields are a contract, documented in
// docs/operators.md.
type checkJSON struct {
	Database  string   `json:"database"`
	OK        bool     `json:"ok"`
	CheckedAt string   `json:"checked_at"`
	TookMS    int64    `json:"took_ms"`
	Findings  []string `json:"findings"`
	Recorded  bool     `json:"recorded"`
}

func checkJSONOf(path string, r store.Integrity, recorded bool) checkJSON {
	findings := r.Findings
	if findings == nil {
		findings = []string{}
	}
	return checkJSON{Database: path, OK: r.OK, CheckedAt: stamp(r.At), TookMS: r.Took.Milliseconds(),
		Findings: findings, Recorded: recorded}
}

// checkLine is the database's last check as pbem status says it.
func checkLine(now time.Time, r *store.Integrity) string {
	if r == nil {
		return "never checked: pbem check, or serve, checks it"
	}
	if r.OK {
		return fmt.Sprintf("sound at its last check, %s ago by %s (%v)", age(now.Sub(r.At)), r.By, r.Took.Round(time.Millisecond))
	}
	return fmt.Sprintf("DAMAGED at its last check, %s ago by %s: %s; restore the last backup", age(now.Sub(r.At)), r.By,
		safeLine(strings.Join(r.Findings, "; ")))
}
