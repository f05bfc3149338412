package main

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"time"

	"github.com/spf13/cobra"

	"pbem/config"
	"pbem/mailer"
	"pbem/store"
	"pbem/templates"
)

// doctorCheck is one line of pbem doctor, and one element of --json.
type doctorCheck struct {
	Check   string `json:"check"`
	OK      bool   `json:"ok"`
	Warning bool   `json:"warning"`
	Detail  string `json:"detail"`
}

func newDoctorCmd() *cobra.Command {
	var asJSON, strict, allowPolling bool
	var wait time.Duration
	cmd := &cobra.Command{
		Use:   "doctor",
		Short: "Check the configuration, the mail servers, plus-addressing and the database",
		Long: `Check everything pbem serve needs, one line per check: the configuration;
the IMAP server (connection, TLS and its certificate, login, the mailbox,
IDLE and MOVE, the folders pbem files mail in, created when missing); the
SMTP server (connection, TLS, AUTH); plus-addressing, by sending a mail to
LOCAL+doctor-…@DOMAIN and waiting for it in the mailbox (then deleting it);
the database (quick_check, schema version, free disk) and server.templates.

A line starts with ok, warn (works, with a limitation said in words) or
FAIL (what is wrong and how to fix it). A server without IDLE fails: pbem
works with it, by polling, but every move then waits up to server.poll;
--allow-polling accepts that (a warning). The exit status is 1 when a
check fails, or, with --strict, warns.`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			checks := doctor(cmd.Context(), cmd, wait)
			if !allowPolling {
				failWithoutIdle(checks)
			}
			failed := 0
			for _, c := range checks {
				if !c.OK || (strict && c.Warning) {
					failed++
				}
			}
			if err := printDoctor(cmd.OutOrStdout(), checks, asJSON); err != nil {
				return err
			}
			if failed > 0 {
				return exitWith(exitNo, fmt.Errorf("pbem doctor: %d of %d checks failed", failed, len(checks)))
			}
			return nil
		},
	}
	cmd.Flags().BoolVar(&asJSON, "json", false, "print an array of {check, ok, warning, detail}")
	cmd.Flags().BoolVar(&strict, "strict", false, "exit 1 on warnings too (a server without MOVE)")
	cmd.Flags().BoolVar(&allowPolling, "allow-polling", false, "accept a server without IDLE (pbem polls it): a warning, not a failure")
	cmd.Flags().DurationVar(&wait, "wait", 30*time.Second, "how long to wait for the plus-addressed test mail")
	return cmd
}

// failWithoutIdle turns the warning of a server without IDLE into a
// failure: pbem works with it, by polling every server.poll, but an
// operator who did not choose that should hear of it as a problem (moves
// wait, and polling costs the server a login's worth of work each time).
func failWithoutIdle(checks []doctorCheck) {
	for i, c := range checks {
		if c.Check == "imap idle" && c.Warning {
			checks[i].OK, checks[i].Warning = false, false
			checks[i].Detail += "; use an IMAP server or account that offers IDLE, or pass --allow-polling to accept polling"
		}
	}
}

// doctor runs every check; one that cannot run (no configuration) skips
// those that need it.
func doctor(ctx context.Context, cmd *cobra.Command, wait time.Duration) []doctorCheck {
	if ctx == nil {
		ctx = context.Background()
	}
	var out []doctorCheck
	add := func(cs ...mailer.Check) {
		for _, c := range cs {
			out = append(out, doctorCheck{Check: c.Name, OK: c.OK, Warning: c.Warning, Detail: c.Detail})
		}
	}
	cfg, err := settings(cmd)
	switch {
	case err != nil:
		add(mailer.Check{Name: "config", Detail: err.Error()})
	case cfg.CheckDaemon() != nil:
		add(mailer.Check{Name: "config", Detail: cfg.CheckDaemon().Error()})
	default:
		add(mailer.Check{Name: "config", OK: true, Detail: cfg.String()})
	}
	if err == nil {
		add(doctorMail(ctx, cfg, wait)...)
		if dir := cfg.Server.Templates; dir != "" {
			if _, err := templates.Load(dir); err != nil {
				add(mailer.Check{Name: "templates", Detail: fmt.Sprintf("%v: fix the file, or unset server.templates to use the built-in mails", err)})
			} else {
				add(mailer.Check{Name: "templates", OK: true, Detail: dir + " parses"})
			}
		}
	}
	// The files' modes are read before Diagnose opens the database,
	// which makes a -wal and a -shm of the database's mode.
	db := cmd.Flag("db").Value.String()
	files := store.FileModes(db, cfg.Server.DBGroup)
	for _, c := range append(store.Diagnose(ctx, db), files...) {
		add(mailer.Check{Name: c.Name, OK: c.OK, Warning: c.Warning, Detail: c.Detail})
	}
	return out
}

// doctorMail probes the IMAP and SMTP servers, then plus-addressing when
// both work.
func doctorMail(ctx context.Context, cfg config.Config, wait time.Duration) []mailer.Check {
	var checks []mailer.Check
	healthy := func(cs []mailer.Check) bool {
		checks = append(checks, cs...)
		for _, c := range cs {
			if !c.OK {
				return false
			}
		}
		return true
	}
	ip := mailer.IMAPProbe{Endpoint: cfg.IMAP.Endpoint, Mailbox: cfg.IMAP.Mailbox, Processed: cfg.IMAP.Processed,
		Rejected: cfg.IMAP.Rejected, Poll: cfg.Server.Poll}
	sp := mailer.SMTPProbe{Endpoint: cfg.SMTP.Endpoint, From: cfg.Server.Address}
	imapOK := cfg.IMAP.Addr != "" && healthy(mailer.ProbeIMAP(ctx, ip))
	smtpOK := cfg.SMTP.Addr != "" && healthy(mailer.ProbeSMTP(ctx, sp))
	switch {
	case cfg.IMAP.Addr == "":
		checks = append(checks, mailer.Check{Name: "imap", OK: true, Warning: true,
			Detail: "no imap.addr: pbem serve only sends, and mail must reach pbem ingest through the MTA (docs/operators.md)"})
	case imapOK && smtpOK:
		checks = append(checks, mailer.ProbePlus(ctx, mailer.PlusProbe{IMAP: ip, SMTP: sp, Wait: wait}))
	}
	return checks
}

func printDoctor(w io.Writer, checks []doctorCheck, asJSON bool) error {
	if asJSON {
		enc := json.NewEncoder(w)
		enc.SetIndent("", "  ")
		return enc.Encode(checks)
	}
	for _, c := range checks {
		mark := "ok"
		switch {
		case !c.OK:
			mark = "FAIL"
		case c.Warning:
			mark = "warn"
		}
		if _, err := fmt.Fprintf(w, "%s  %s: %s\n", mark, c.Check, c.Detail); err != nil {
			return err
		}
	}
	return nil
}
