package main

import (
	"context"
	"fmt"
	"io"
	"strings"
	"text/tabwriter"
	"time"

	"github.com/spf13/cobra"

	"pbem/engine"
	"pbem/mailer"
	"pbem/server"
	"pbem/server/report"
	"pbem/store"
)

func newStatusCmd(reg *engine.Registry) *cobra.Command {
	var asJSON bool
	cmd := &cobra.Command{
		Use:   "status [--json]",
		Short: "Show the server at a glance: games, outbox, last mail, refusals, daemon",
		Long: `Show the server at a glance, from the database alone: the games by type
and status; the mails waiting in the outbox (the oldest's age and last
error), abandoned and bounced; the last inbound mail handled; the mails
refused or rejected in the last 24 hours, counted by reason (the player's
words taken out); whether pbem serve runs (its last heartbeat is under
30 s old), with its process ID, start and IMAP connection's state; the
game clocks held, waiting for the relay to accept their turn mail or
stopped because it never reached the player; the tournaments signing up
or running and the ladders, a line each; and the database's last
full check (pbem serve's or pbem check's). Every figure
is read from counts the database keeps or the last rows of an index: the
report costs the same whatever the database holds.`,
		Example: `  pbem status
  pbem status --json`,
		Args:              cobra.NoArgs,
		ValidArgsFunction: noFiles,
		RunE: func(cmd *cobra.Command, _ []string) error {
			return withServer(cmd, reg, func(ctx context.Context, srv *server.Server) error {
				st, err := srv.Reports().Status(ctx)
				if err != nil {
					return err
				}
				if asJSON {
					return writeJSON(cmd, statusJSONOf(st))
				}
				return writeStatus(cmd.OutOrStdout(), st)
			})
		},
	}
	cmd.Flags().BoolVar(&asJSON, "json", false, "print JSON")
	return cmd
}

// statusLabel is the width of the labels of status's report.
const statusLabel = 12

// maxFailedShown is how many failed mails status lists, the newest.
const maxFailedShown = 5

// writeStatus prints st as a short aligned report.
func writeStatus(out io.Writer, st report.Status) error {
	var b strings.Builder
	line := func(label, format string, args ...any) {
		fmt.Fprintf(&b, "%-*s%s\n", statusLabel, label, fmt.Sprintf(format, args...))
	}
	// section writes texts under label, the label on the first line
	// alone; none when there is no text.
	section := func(label, none string, texts []string) {
		if len(texts) == 0 {
			texts = []string{none}
		}
		for i, text := range texts {
			if i > 0 {
				label = ""
			}
			line(label, "%s", text)
		}
	}
	var games strings.Builder
	w := tabwriter.NewWriter(&games, 0, 4, 2, ' ', 0)
	for _, g := range st.Games {
		fmt.Fprintf(w, "%s\t%d active\t%d finished\t%d aborted\n", g.Type, g.Active, g.Finished, g.Aborted)
	}
	w.Flush()
	var tallies []string
	for _, l := range strings.Split(strings.TrimSuffix(games.String(), "\n"), "\n") {
		tallies = append(tallies, strings.TrimRight(l, " "))
	}
	section("games", "", tallies)

	o := st.Outbox
	if o.Oldest == nil {
		line("outbox", "nothing waiting")
	} else {
		m := o.Oldest
		text := fmt.Sprintf("%d waiting, the oldest %s old (mail %d to %s, %s)", o.Waiting, age(st.Now.Sub(m.CreatedAt)), m.ID, safeLine(m.Recipient), plural(m.Attempts, "attempt"))
		line("outbox", "%s", text)
		if m.LastError != "" {
			line("", "its last error: %s", safeLine(m.LastError))
		}
	}
	line("", "%d sent (kept), %d abandoned, %d bounced", o.Sent, o.Abandoned, o.Bounced)
	if b := o.LastBounce; b != nil {
		line("", "last bounce: mail %d to %s, %s ago: %s", b.ID, safeLine(b.Recipient), age(st.Now.Sub(b.BouncedAt)), safeLine(b.Bounce))
	}

	if m := st.LastMail; m == nil {
		line("last mail", "none yet")
	} else {
		line("last mail", "mail %d from %s, %s ago, %s: %s", m.ID, orNone(safeLine(m.From)), age(st.Now.Sub(m.ReceivedAt)), gameOf(m.GameID), m.Outcome)
		if m.Detail != "" {
			line("", "%s", safeLine(m.Detail))
		}
	}

	total := 0
	for _, r := range st.Refusals {
		total += r.Count
	}
	line("refusals", "%d in the last %s", total, age(report.RefusalWindow))
	for _, r := range st.Refusals {
		line("", "%4d  %-8s  %s", r.Count, r.Outcome, safeLine(r.Reason))
	}

	line("failed", "%d in the last %s", len(st.Failed), age(report.FailureWindow))
	for i, m := range st.Failed {
		if i == maxFailedShown {
			line("", "… and %d more: pbem mail list --outcome %s", len(st.Failed)-i, store.Failed)
			break
		}
		line("", "mail %d from %s, %s ago, %s: %s", m.ID, orNone(m.From), age(st.Now.Sub(m.ReceivedAt)), gameOf(m.GameID), m.Detail)
	}

	d := st.Daemon
	switch d.State {
	case report.DaemonNever:
		line("daemon", "never ran on this database")
	case report.DaemonStopped:
		line("daemon", "not running (last seen %s, %s ago, pid %d)", d.Beat.BeatAt.UTC().Format(timeLayout), age(st.Now.Sub(d.Beat.BeatAt)), d.Beat.PID)
	default:
		line("daemon", "running, pid %d, since %s; IMAP %s", d.Beat.PID, d.Beat.StartedAt.UTC().Format(timeLayout), orNone(safeLine(d.Beat.IMAP)))
	}
	if d.State != report.DaemonNever && d.Beat.LastError != "" {
		line("", "last error: %s", safeLine(d.Beat.LastError))
	}
	var held []string
	for _, h := range st.Clocks {
		held = append(held, heldLine(st.Now, h))
	}
	section("clocks", "none held", held)
	section("tournaments", "none signing up or running", tournamentLines(st.Club))
	section("ladders", "none", ladderLines(st.Club))
	line("database", "%s", checkLine(st.Now, st.Check))
	_, err := io.WriteString(out, b.String())
	return err
}

// heldLine says how many clocks h holds, why, and since when the oldest
// turn waits.
func heldLine(now time.Time, h store.HeldClocks) string {
	why := map[string]string{
		store.HeldDelivery:  "waiting for the relay to accept their turn mail",
		store.HeldBounced:   "stopped: their turn mail bounced",
		store.HeldAbandoned: "stopped: the relay refused their turn mail",
	}[h.Held]
	if why == "" {
		why = h.Held
	}
	return fmt.Sprintf("%d %s, the oldest turn %s old (games %s)", h.Games, why, age(now.Sub(h.Oldest)), h.GameList())
}

// age is d for people: "42s", "5m", "2h5m", "3d4h".
func age(d time.Duration) string {
	d = max(d, 0).Round(time.Second)
	switch {
	case d < time.Minute:
		return fmt.Sprintf("%ds", int(d.Seconds()))
	case d < time.Hour:
		return fmt.Sprintf("%dm", int(d.Minutes()))
	case d < 48*time.Hour:
		h, m := int(d.Hours()), int(d.Minutes())%60
		if m == 0 {
			return fmt.Sprintf("%dh", h)
		}
		return fmt.Sprintf("%dh%dm", h, m)
	}
	days, h := int(d.Hours())/24, int(d.Hours())%24
	if h == 0 {
		return fmt.Sprintf("%dd", days)
	}
	return fmt.Sprintf("%dd%dh", days, h)
}

func plural(n int, word string) string {
	if n == 1 {
		return "1 " + word
	}
	return fmt.Sprintf("%d %ss", n, word)
}

func orNone(s string) string {
	if s == "" {
		return "(none)"
	}
	return s
}

// gameOf names game id, or says there is none.
func gameOf(id int64) string {
	if id == 0 {
		return "no game"
	}
	return fmt.Sprintf("game %d", id)
}

// statusJSON is status --json: its fields are a contract, documented in
// docs/operators.md.
type statusJSON struct {
	Now      string          `json:"now"`
	Games    []gameTallyJSON `json:"games"`
	Outbox   outboxSumJSON   `json:"outbox"`
	LastMail *mailJSON       `json:"last_mail"`
	Refusals refusalsJSON    `json:"refusals"`
	Failed   failedJSON      `json:"failed"`
	Daemon   daemonJSON      `json:"daemon"`
	Check    *lastCheckJSON  `json:"check"`  // null when the database was never checked
	Clocks   []heldJSON      `json:"clocks"` // the held clocks, by reason
	// The tournaments signing up or running (at most 20 of each status,
	// MoreTournaments the others) and the ladders.
	Tournaments     []clubTournamentJSON `json:"tournaments"`
	MoreTournaments int                  `json:"more_tournaments"`
	Ladders         []clubLadderJSON     `json:"ladders"`
}

// heldJSON is the clocks held for one reason.
type heldJSON struct {
	Held   string  `json:"held"` // delivery (waiting), bounced or abandoned (stopped)
	Games  int     `json:"games"`
	Oldest string  `json:"oldest"` // the earliest turn's start
	IDs    []int64 `json:"ids"`    // the first ten games, oldest first
}

// lastCheckJSON is the database's last full check.
type lastCheckJSON struct {
	CheckedAt string   `json:"checked_at"`
	By        string   `json:"by"` // serve or check
	OK        bool     `json:"ok"`
	TookMS    int64    `json:"took_ms"`
	Findings  []string `json:"findings"`
}

// failedJSON are the mails recorded as failed within the window, newest
// first.
type failedJSON struct {
	WindowHours int        `json:"window_hours"`
	Mails       []mailJSON `json:"mails"`
}

type gameTallyJSON struct {
	Game     string `json:"game"`
	Active   int    `json:"active"`
	Finished int    `json:"finished"`
	Aborted  int    `json:"aborted"`
}

type outboxSumJSON struct {
	Waiting    int               `json:"waiting"`
	Oldest     *outboxOldest     `json:"oldest"`
	Sent       int               `json:"sent"`
	Abandoned  int               `json:"abandoned"`
	Bounced    int               `json:"bounced"`
	LastBounce *outboxBounceJSON `json:"last_bounce"`
}

type outboxOldest struct {
	ID         int64  `json:"id"`
	Recipient  string `json:"recipient"`
	CreatedAt  string `json:"created_at"`
	AgeSeconds int64  `json:"age_seconds"`
	Attempts   int    `json:"attempts"`
	LastError  string `json:"last_error"`
}

type outboxBounceJSON struct {
	ID        int64  `json:"id"`
	Recipient string `json:"recipient"`
	BouncedAt string `json:"bounced_at"`
	Bounce    string `json:"bounce"`
}

type refusalsJSON struct {
	WindowHours int          `json:"window_hours"`
	Total       int          `json:"total"`
	ByReason    []reasonJSON `json:"by_reason"`
}

type reasonJSON struct {
	Outcome string `json:"outcome"`
	Reason  string `json:"reason"`
	Count   int    `json:"count"`
}

type daemonJSON struct {
	State     string  `json:"state"` // running, stopped, never
	PID       int     `json:"pid"`
	StartedAt *string `json:"started_at"`
	BeatAt    *string `json:"beat_at"`
	IMAP      string  `json:"imap"`
	LastError string  `json:"last_error"`
}

// jsonTime is t in RFC 3339 UTC to the second; nil (null) when zero.
func jsonTime(t time.Time) *string {
	if t.IsZero() {
		return nil
	}
	s := stamp(t)
	return &s
}

// stamp is t in RFC 3339 UTC to the second, as --json writes times; ""
// when zero.
func stamp(t time.Time) string {
	if t.IsZero() {
		return ""
	}
	return t.UTC().Format(time.RFC3339)
}

func statusJSONOf(st report.Status) statusJSON {
	out := statusJSON{Now: stamp(st.Now), Games: []gameTallyJSON{}, Refusals: refusalsJSON{WindowHours: int(report.RefusalWindow.Hours()), ByReason: []reasonJSON{}},
		Clocks: []heldJSON{}}
	out.Tournaments, out.MoreTournaments, out.Ladders = clubJSONOf(st.Club)
	for _, h := range st.Clocks {
		out.Clocks = append(out.Clocks, heldJSON{Held: h.Held, Games: h.Games, Oldest: stamp(h.Oldest), IDs: h.IDs})
	}
	for _, g := range st.Games {
		out.Games = append(out.Games, gameTallyJSON{Game: g.Type, Active: g.Active, Finished: g.Finished, Aborted: g.Aborted})
	}
	o := st.Outbox
	out.Outbox = outboxSumJSON{Waiting: o.Waiting, Sent: o.Sent, Abandoned: o.Abandoned, Bounced: o.Bounced}
	if m := o.Oldest; m != nil {
		out.Outbox.Oldest = &outboxOldest{ID: m.ID, Recipient: m.Recipient, CreatedAt: stamp(m.CreatedAt),
			AgeSeconds: int64(max(st.Now.Sub(m.CreatedAt), 0) / time.Second), Attempts: m.Attempts, LastError: mailer.Redact(m.LastError)}
	}
	if b := o.LastBounce; b != nil {
		out.Outbox.LastBounce = &outboxBounceJSON{ID: b.ID, Recipient: b.Recipient, BouncedAt: stamp(b.BouncedAt), Bounce: mailer.Redact(b.Bounce)}
	}
	if m := st.LastMail; m != nil {
		j := mailJSONOf(*m)
		out.LastMail = &j
	}
	for _, r := range st.Refusals {
		out.Refusals.Total += r.Count
		out.Refusals.ByReason = append(out.Refusals.ByReason, reasonJSON{Outcome: r.Outcome, Reason: mailer.Redact(r.Reason), Count: r.Count})
	}
	out.Failed = failedJSON{WindowHours: int(report.FailureWindow.Hours()), Mails: []mailJSON{}}
	for _, m := range st.Failed {
		out.Failed.Mails = append(out.Failed.Mails, mailJSONOf(report.MailLine{InboundRow: m}))
	}
	d := st.Daemon
	out.Daemon = daemonJSON{State: d.State, PID: d.Beat.PID, StartedAt: jsonTime(d.Beat.StartedAt), BeatAt: jsonTime(d.Beat.BeatAt),
		IMAP: d.Beat.IMAP, LastError: mailer.Redact(d.Beat.LastError)}
	if c := st.Check; c != nil {
		findings := c.Findings
		if findings == nil {
			findings = []string{}
		}
		out.Check = &lastCheckJSON{CheckedAt: stamp(c.At), By: c.By, OK: c.OK, TookMS: c.Took.Milliseconds(), Findings: findings}
	}
	return out
}

// mailJSON is an inbound mail in mail list --json and status --json.
type mailJSON struct {
	ID         int64  `json:"id"`
	ReceivedAt string `json:"received_at"`
	From       string `json:"from"`
	Game       *int64 `json:"game"` // null for a mail about no game
	Outcome    string `json:"outcome"`
	Reason     string `json:"reason"`
	Subject    string `json:"subject"`
	MessageID  string `json:"message_id"`
}

func mailJSONOf(m report.MailLine) mailJSON {
	j := mailJSON{ID: m.ID, ReceivedAt: stamp(m.ReceivedAt), From: m.From, Outcome: m.Outcome, Reason: mailer.Redact(m.Detail),
		Subject: mailer.Redact(m.Subject), MessageID: mailer.Redact(m.MessageID)}
	if m.GameID != 0 {
		id := m.GameID
		j.Game = &id
	}
	return j
}
