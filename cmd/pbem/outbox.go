package main

import (
	"context"
	"fmt"
	"io"
	"strconv"
	"text/tabwriter"

	"github.com/spf13/cobra"

	"pbem/engine"
	"pbem/mailer"
	"pbem/server"
	"pbem/server/report"
	"pbem/store"
)

func newOutboxCmd(reg *engine.Registry) *cobra.Command {
	cmd := &cobra.Command{
		Use:   "outbox",
		Short: "See and retry the mails the server sends: list, retry",
		Long: `See the mails the server queued (pbem serve sends them), and make one
that failed due again.`,
	}
	cmd.AddCommand(newOutboxListCmd(reg), newOutboxRetryCmd(reg))
	return cmd
}

func newOutboxListCmd(reg *engine.Registry) *cobra.Command {
	var (
		f      store.OutboxFilter
		asJSON bool
	)
	cmd := &cobra.Command{
		Use:   "list [--pending] [--game ID] [--limit N] [--json]",
		Short: "List the queued mails, newest first",
		Long: `List the queued mails, newest first: ID, game, recipient, subject, when
queued, attempts, the next attempt, the state (pending, sent, abandoned,
bounced), the last error and the bounce's reason. --pending keeps the mails
not sent yet and still tried.`,
		Example: `  pbem outbox list --pending
  pbem outbox list --game 12 --json`,
		Args:              cobra.NoArgs,
		ValidArgsFunction: noFiles,
		RunE: func(cmd *cobra.Command, _ []string) error {
			if f.Limit < 0 {
				return exitWith(exitUsage, fmt.Errorf("--limit is a count of mails, 0 for all, not %d", f.Limit))
			}
			return withServer(cmd, reg, func(ctx context.Context, srv *server.Server) error {
				mails, err := srv.Reports().Outbox(ctx, f)
				if err != nil {
					return err
				}
				if asJSON {
					list := make([]outboxJSON, 0, len(mails))
					for _, m := range mails {
						list = append(list, outboxJSONOf(m))
					}
					return writeJSON(cmd, list)
				}
				return writeOutbox(cmd.OutOrStdout(), mails)
			})
		},
	}
	cmd.Flags().BoolVar(&f.Pending, "pending", false, "only the mails not sent yet and still tried")
	cmd.Flags().Int64Var(&f.GameID, "game", 0, "only the mails about game `ID`")
	cmd.Flags().IntVar(&f.Limit, "limit", 50, "at most `N` mails; 0 for all")
	cmd.Flags().BoolVar(&asJSON, "json", false, "print JSON")
	return cmd
}

// outboxJSON is one line of outbox list --json.
type outboxJSON struct {
	ID            int64   `json:"id"`
	Game          *int64  `json:"game"` // null for a mail about no game
	InboundID     *int64  `json:"inbound_id"`
	Recipient     string  `json:"recipient"`
	Subject       string  `json:"subject"`
	MessageID     string  `json:"message_id"`
	CreatedAt     string  `json:"created_at"`
	Attempts      int     `json:"attempts"`
	NextAttemptAt *string `json:"next_attempt_at"` // null once sent or abandoned
	State         string  `json:"state"`
	SentAt        *string `json:"sent_at"`
	AbandonedAt   *string `json:"abandoned_at"`
	LastError     string  `json:"last_error"`
	BouncedAt     *string `json:"bounced_at"`
	Bounce        string  `json:"bounce"`
}

func outboxJSONOf(m report.OutboxLine) outboxJSON {
	j := outboxJSON{ID: m.ID, Game: idOrNull(m.GameID), InboundID: idOrNull(m.InboundID), Recipient: m.Recipient, Subject: mailer.Redact(m.Subject),
		MessageID: mailer.Redact(m.MessageID), CreatedAt: stamp(m.CreatedAt), Attempts: m.Attempts, State: m.State(),
		SentAt: jsonTime(m.SentAt), AbandonedAt: jsonTime(m.AbandonedAt), LastError: mailer.Redact(m.LastError), BouncedAt: jsonTime(m.BouncedAt), Bounce: mailer.Redact(m.Bounce)}
	if j.State == store.MailPending {
		j.NextAttemptAt = jsonTime(m.NextAttempt)
	}
	return j
}

func idOrNull(id int64) *int64 {
	if id == 0 {
		return nil
	}
	return &id
}

func writeOutbox(out io.Writer, mails []report.OutboxLine) error {
	if len(mails) == 0 {
		_, err := fmt.Fprintln(out, "no mail")
		return err
	}
	w := tabwriter.NewWriter(out, 0, 4, 2, ' ', 0)
	fmt.Fprintln(w, "ID\tGAME\tRECIPIENT\tSUBJECT\tQUEUED\tATTEMPTS\tSTATE\tDETAIL")
	for _, m := range mails {
		game := "-"
		if m.GameID != 0 {
			game = strconv.FormatInt(m.GameID, 10)
		}
		fmt.Fprintf(w, "%d\t%s\t%s\t%s\t%s\t%d\t%s\t%s\n", m.ID, game, safeLine(m.Recipient), cut(safeLine(m.Subject), listReason),
			m.CreatedAt.UTC().Format(timeLayout), m.Attempts, m.State(), stateDetail(m.OutboxRow))
	}
	return w.Flush()
}

func newOutboxRetryCmd(reg *engine.Registry) *cobra.Command {
	return &cobra.Command{
		Use:   "retry ID",
		Short: "Make a pending or abandoned mail due now",
		Long: `Make queued mail ID (from outbox list) due now: an abandoned mail (refused
for good, say while an address was mistyped) is tried again, a pending one
sooner. Its attempts are kept. A mail already sent is refused: it would
arrive twice. pbem serve sends it within 30 s.`,
		Example:           `  pbem outbox retry 17`,
		Args:              cobra.ExactArgs(1),
		ValidArgsFunction: noFiles,
		RunE: func(cmd *cobra.Command, args []string) error {
			id, err := rowID(args[0], "mail", "outbox list")
			if err != nil {
				return err
			}
			return withServer(cmd, reg, func(ctx context.Context, srv *server.Server) error {
				before, err := srv.Reports().RetryMail(ctx, id)
				if err != nil {
					return err
				}
				_, err = fmt.Fprintf(cmd.OutOrStdout(), "mail %d to %s (%s, %s) is due now\n", id, safeLine(before.Recipient), before.State(), plural(before.Attempts, "attempt"))
				return err
			})
		},
	}
}
