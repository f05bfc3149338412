package main

import (
	"pbem/server/upkeep"

	"context"
	"errors"
	"fmt"
	"io"
	"os"

	"github.com/spf13/cobra"

	"pbem/engine"
	"pbem/mailer"
	"pbem/server"
	"pbem/store"
)

func newIngestCmd(reg *engine.Registry) *cobra.Command {
	return &cobra.Command{
		Use:   "ingest [FILE|-]",
		Short: "Handle one raw mail, as an MTA pipe delivers it",
		Long: `Handle one raw RFC 5322 mail from FILE, or standard input when FILE is
"-" or missing, through the same path as the daemon: exactly once, the
sender checked against the game's seat, the commands applied, the answers
queued in the outbox. Prints "processed" or "rejected" (where the daemon
would file the mail); a mail over server.max_mail_size is rejected unread.
The queued mails are sent by pbem serve.

The database must exist: ingest never creates one. It reads only what
its mail needs, whatever the database holds: damage on those pages, or a
last full check (pbem serve's or pbem check's) that found damage, stops
it (exit 75, nothing recorded).

Exit status: 0 once the mail is recorded, whatever its verdict — a mail
whose handling fails in a way no retry can cure (a bug, data the code
cannot handle) is recorded as failed and rejected, and so is one that
failed for passing reasons 10 times over an hour or more; 75
(EX_TEMPFAIL) on a passing failure — the database missing, damaged,
read-only, locked past PBEM_BUSY_TIMEOUT, the disk full, the
configuration refused — with the reason and the database's path on
stderr: nothing was recorded, and the MTA delivers the mail again later.`,
		Args: cobra.MaximumNArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			verdict, err := ingest(cmd, reg, args)
			var found *upkeep.DamageFound
			if errors.Is(err, store.ErrCorrupt) && !errors.As(err, &found) { // a DamageFound says it
				err = fmt.Errorf("%w; stop pbem, restore the last backup, then run pbem check", err)
			}
			if err != nil {
				// Nothing was recorded, whatever failed: only 75 makes an MTA
				// keep the mail and try again; any other status would bounce
				// it or, for 0, drop it.
				return exitWith(exitTempFail, fmt.Errorf("pbem ingest: the mail was not recorded (exit 75: the MTA delivers it again later): %w", err))
			}
			fmt.Fprintln(cmd.OutOrStdout(), verdict)
			return nil
		},
	}
}

// ingest handles the mail of args (standard input by default) on the
// database, which must exist, and returns where it belongs: "processed"
// or "rejected".
func ingest(cmd *cobra.Command, reg *engine.Registry, args []string) (string, error) {
	ctx := cmd.Context()
	if ctx == nil {
		ctx = context.Background()
	}
	cfg, err := settings(cmd)
	if err != nil {
		return "", err
	}
	st, err := openStore(ctx, cmd, store.Options{Existing: true, Group: cfg.Server.DBGroup})
	if err != nil {
		return "", err
	}
	defer st.Close()
	// No check of the whole file here (seconds a GB, for every mail): a
	// damaged page this mail's queries read fails them with
	// store.ErrCorrupt, and the transaction that would record the mail is
	// rolled back; serve and pbem check read the rest (upkeep.Upkeep.KeepChecking).
	// The server before the mail is read: the database's record completes
	// a configuration the MTA withheld, the mail size cap included.
	srv, err := serverOn(ctx, cmd, reg, st, &cfg, nil)
	if err != nil {
		return "", err
	}
	// Nor is a database whose last full check found damage written to,
	// whichever rows the mail needs, until a check passes again.
	if err := srv.Upkeep().RefuseDamaged(ctx); err != nil {
		return "", fmt.Errorf("database %s: %w", st.Path(), err)
	}
	in, stdin := cmd.InOrStdin(), true
	if len(args) == 1 && args[0] != "-" {
		f, err := os.Open(args[0])
		if err != nil {
			return "", fmt.Errorf("read the mail: %w", err)
		}
		defer f.Close()
		in, stdin = f, false
	}
	limit := cfg.Server.MaxMailSize
	if limit <= 0 {
		limit = server.DefaultMaxMailSize
	}
	// One byte over the cap is enough for HandleMail to know the mail too
	// big and record it as rejected (its header kept), as the daemon files
	// one in pbem/rejected unread.
	raw, err := io.ReadAll(io.LimitReader(in, int64(limit)+1))
	if err != nil {
		return "", fmt.Errorf("read the mail: %w", err)
	}
	if len(raw) > limit && stdin {
		// The rest is read and dropped rather than left in the pipe: an
		// MTA whose write fails (EPIPE, when the reader is gone) counts the
		// delivery as failed, whatever the exit status, and tries the same
		// mail again and again. Read to its end, the mail is delivered and
		// recorded as rejected, exit 0: neither retried nor bounced (a
		// bounce would go to whatever address the mail claims, and the
		// daemon answers no over-size mail either).
		if _, err := io.Copy(io.Discard, in); err != nil {
			return "", fmt.Errorf("read the mail: %w", err)
		}
	}
	verdict, err := srv.HandleMail(ctx, raw)
	if err != nil {
		return "", fmt.Errorf("database %s: %w", st.Path(), err)
	}
	if verdict == mailer.Rejected {
		return "rejected", nil
	}
	return "processed", nil
}
