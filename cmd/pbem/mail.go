package main

import (
	"context"
	"fmt"
	"io"
	"slices"
	"strconv"
	"strings"
	"text/tabwriter"
	"time"
	"unicode/utf8"

	"github.com/spf13/cobra"

	"pbem/engine"
	"pbem/server"
	"pbem/server/report"
	"pbem/store"
)

func newMailCmd(reg *engine.Registry) *cobra.Command {
	cmd := &cobra.Command{
		Use:   "mail",
		Short: "Find what became of inbound mails: list, show",
		Long: `Find what became of the mails the server received: mail list finds a
player's mail (newest first), mail show ID tells how the server read it,
what it did, why, and the mails it sent in answer.`,
	}
	cmd.AddCommand(newMailListCmd(reg), newMailShowCmd(reg))
	return cmd
}

func newMailListCmd(reg *engine.Registry) *cobra.Command {
	var (
		f      store.InboundFilter
		since  string
		asJSON bool
	)
	cmd := &cobra.Command{
		Use:   "list [--game ID] [--from ADDRESS] [--outcome applied|refused|ignored|rejected|failed] [--since DURATION] [--limit N] [--json]",
		Short: "List the inbound mails, newest first",
		Long: `List the inbound mails, newest first: ID, when received, sender, game,
outcome (applied, refused, ignored, rejected, failed), the reason, and the subject.
The filters combine; --since takes a Go duration (90m, 36h) or days (7d).`,
		Example: `  pbem mail list --from ann@example.org
  pbem mail list --game 12 --outcome refused --since 7d`,
		Args:              cobra.NoArgs,
		ValidArgsFunction: noFiles,
		RunE: func(cmd *cobra.Command, _ []string) error {
			if f.Outcome != "" && !slices.Contains(store.Outcomes, f.Outcome) {
				return exitWith(exitUsage, fmt.Errorf("--outcome is one of %s, not %q", strings.Join(store.Outcomes, ", "), f.Outcome))
			}
			if f.Limit < 0 {
				return exitWith(exitUsage, fmt.Errorf("--limit is a count of mails, 0 for all, not %d", f.Limit))
			}
			var window time.Duration
			if since != "" {
				d, err := sinceDuration(since)
				if err != nil {
					return exitWith(exitUsage, err)
				}
				window = d
			}
			return withServer(cmd, reg, func(ctx context.Context, srv *server.Server) error {
				if window > 0 {
					f.Since = time.Now().Add(-window)
				}
				mails, err := srv.Reports().Mails(ctx, f)
				if err != nil {
					return err
				}
				if asJSON {
					list := make([]mailJSON, 0, len(mails))
					for _, m := range mails {
						list = append(list, mailJSONOf(m))
					}
					return writeJSON(cmd, list)
				}
				return writeMailList(cmd.OutOrStdout(), mails)
			})
		},
	}
	cmd.Flags().Int64Var(&f.GameID, "game", 0, "only the mails about game `ID`")
	cmd.Flags().StringVar(&f.From, "from", "", "only the mails from `ADDRESS`")
	cmd.Flags().StringVar(&f.Outcome, "outcome", "", "only the mails with this `OUTCOME`: applied, refused, ignored, rejected or failed")
	cmd.Flags().StringVar(&since, "since", "", "only the mails of the last `DURATION` (90m, 36h, 7d)")
	cmd.Flags().IntVar(&f.Limit, "limit", 50, "at most `N` mails; 0 for all")
	cmd.Flags().BoolVar(&asJSON, "json", false, "print JSON")
	return cmd
}

// sinceDuration reads --since: a Go duration, or whole days as 7d.
func sinceDuration(s string) (time.Duration, error) {
	if days, ok := strings.CutSuffix(s, "d"); ok {
		if n, err := strconv.Atoi(days); err == nil && n > 0 {
			return time.Duration(n) * 24 * time.Hour, nil
		}
	}
	d, err := time.ParseDuration(s)
	if err != nil || d <= 0 {
		return 0, fmt.Errorf("--since is a duration such as 90m, 36h or 7d, not %q", s)
	}
	return d, nil
}

// listReason is how much of a reason mail list shows; mail show has it
// all.
const listReason = 60

func writeMailList(out io.Writer, mails []report.MailLine) error {
	if len(mails) == 0 {
		_, err := fmt.Fprintln(out, "no mail")
		return err
	}
	w := tabwriter.NewWriter(out, 0, 4, 2, ' ', 0)
	fmt.Fprintln(w, "ID\tRECEIVED\tFROM\tGAME\tOUTCOME\tREASON\tSUBJECT")
	for _, m := range mails {
		game := "-"
		if m.GameID != 0 {
			game = strconv.FormatInt(m.GameID, 10)
		}
		fmt.Fprintf(w, "%d\t%s\t%s\t%s\t%s\t%s\t%s\n", m.ID, m.ReceivedAt.UTC().Format(timeLayout), orNone(safeLine(m.From)), game,
			m.Outcome, cut(safeLine(m.Detail), listReason), cut(safeLine(m.Subject), listReason))
	}
	return w.Flush()
}

// cut is s to n runes, an ellipsis marking the cut.
func cut(s string, n int) string {
	if utf8.RuneCountInString(s) <= n {
		return s
	}
	return string([]rune(s)[:n-1]) + "…"
}

func newMailShowCmd(reg *engine.Registry) *cobra.Command {
	return &cobra.Command{
		Use:   "show ID",
		Short: "Show how the server read one inbound mail, what it did and answered",
		Long: `Show one inbound mail (its ID from mail list): its header, the text the
server took as the player's (quotes and signature stripped, the same
reading as when it was handled), the commands it read there, the outcome
and its reason, and the mails queued in answer with where each stands
(pending, sent, abandoned, bounced).`,
		Example:           `  pbem mail show 42`,
		Args:              cobra.ExactArgs(1),
		ValidArgsFunction: noFiles,
		RunE: func(cmd *cobra.Command, args []string) error {
			id, err := rowID(args[0], "mail", "mail list")
			if err != nil {
				return err
			}
			cfg, err := settings(cmd)
			if err != nil {
				return err
			}
			var purged time.Time // the mails sent before it are deleted
			if keep := cfg.Server.OutboxKeep; keep > 0 {
				purged = time.Now().Add(-keep)
			}
			return withServer(cmd, reg, func(ctx context.Context, srv *server.Server) error {
				r, err := srv.Reports().Mail(ctx, id)
				if err != nil {
					return err
				}
				return writeMailShow(cmd.OutOrStdout(), r, purged)
			})
		},
	}
}

// rowID reads the ID of a mail (what, listed by lister).
func rowID(arg, what, lister string) (int64, error) {
	id, err := strconv.ParseInt(arg, 10, 64)
	if err != nil || id < 1 {
		return 0, exitWith(exitUsage, engine.Refuse("%q is not a %s ID: IDs are whole numbers, as %s shows", arg, what, lister))
	}
	return id, nil
}

// writeMailShow prints r as mail show does; purged is the instant before
// which sent mails are deleted (server.outbox_keep), zero when none are,
// so that a mail whose answers were deleted says so.
func writeMailShow(out io.Writer, r report.MailReport, purged time.Time) error {
	var b strings.Builder
	fmt.Fprintf(&b, "mail %d, received %s, %s: %s\n", r.ID, r.ReceivedAt.UTC().Format(timeLayout), gameOf(r.GameID), r.Outcome)
	fmt.Fprintf(&b, "reason: %s\n\n", orNone(safeLine(r.Detail)))
	if r.ReadErr != nil {
		fmt.Fprintf(&b, "the mail cannot be read (%s)\n", safeLine(r.ReadErr.Error()))
	} else {
		m := r.Mail
		date := ""
		if !m.Date.IsZero() {
			date = m.Date.Format(time.RFC1123Z)
		}
		for _, h := range [][2]string{
			{"From", m.From}, {"To", strings.Join(m.To, ", ")}, {"Cc", strings.Join(m.Cc, ", ")},
			{"Subject", m.Subject}, {"Date", date}, {"Message-ID", m.MessageID},
		} {
			if h[1] != "" || h[0] != "Cc" {
				fmt.Fprintf(&b, "%-11s %s\n", h[0]+":", safeLine(h[1]))
			}
		}
		b.WriteString("\ntext read:\n")
		if strings.TrimSpace(m.Text) == "" {
			b.WriteString("  (none)\n")
		}
		for _, l := range strings.Split(strings.TrimRight(m.Text, "\n"), "\n") {
			if strings.TrimSpace(m.Text) != "" {
				fmt.Fprintf(&b, "  | %s\n", safeText(l))
			}
		}
		b.WriteString("\ncommands read:\n")
		switch {
		case r.CommandsErr != nil:
			fmt.Fprintf(&b, "  none: %s\n", safeLine(r.CommandsErr.Error()))
		case len(r.Commands) == 0:
			b.WriteString("  none\n")
		}
		for _, c := range r.Commands {
			fmt.Fprintf(&b, "  line %d  %-7s %s\n", c.Line, c.Verb, safeLine(c.Written))
			if c.Err != nil {
				fmt.Fprintf(&b, "          not a move the game reads: %s\n", safeLine(c.Err.Error()))
			}
		}
	}
	b.WriteString("\nanswers:\n")
	if note := r.NoAnswers(purged); note != "" {
		b.WriteString("  " + note + "\n")
	}
	w := tabwriter.NewWriter(&b, 0, 4, 2, ' ', 0)
	for _, a := range r.Answers {
		fmt.Fprintf(w, "  %d\t%s\t%s\t%s\t%s\n", a.ID, safeLine(a.Recipient), safeLine(a.Subject), a.State(), stateDetail(a.OutboxRow))
	}
	w.Flush()
	_, err := io.WriteString(out, b.String())
	return err
}

// stateDetail says when a queued mail got where it is, and why.
func stateDetail(r store.OutboxRow) string {
	switch r.State() {
	case store.MailBounced:
		return fmt.Sprintf("at %s: %s", r.BouncedAt.UTC().Format(timeLayout), safeLine(r.Bounce))
	case store.MailSent:
		return "at " + r.SentAt.UTC().Format(timeLayout)
	case store.MailAbandoned:
		return fmt.Sprintf("at %s: %s", r.AbandonedAt.UTC().Format(timeLayout), safeLine(r.LastError))
	}
	s := "next attempt " + r.NextAttempt.UTC().Format(timeLayout)
	if r.LastError != "" {
		s += ": " + safeLine(r.LastError)
	}
	return s
}
