package report

import (
	"context"
	"errors"
	"fmt"
	"sort"
	"time"

	"pbem/engine"
	"pbem/parser"
	"pbem/server/core"
	"pbem/store"
)

// Reports is the operator's view of the server: its status, the mails
// it read and queued, a mail made due again. The commands print what it
// returns.
type Reports struct {
	Store *store.Store
	Games *engine.Registry
	Now   func() time.Time // nil: time.Now
	Core  Core
}

// Core is what the report of one mail needs of the server's core: to read
// the mail as the server read it when it handled it.
type Core interface {
	Load(ctx context.Context, id int64) (core.Game, error)
	// WithoutOwnQuote is m without the quote of the server's own mail.
	WithoutOwnQuote(ctx context.Context, m parser.Mail) (parser.Mail, error)
	// WithoutGuide is text without the guide of game's mails it quotes.
	WithoutGuide(game engine.Game, text string) string
}

func (r Reports) now() time.Time {
	if r.Now == nil {
		return time.Now()
	}
	return r.Now()
}

// Status is the server at a glance, for pbem status: what an operator
// looks at first when a player asks where their move went.
type Status struct {
	Now      time.Time
	Games    []GameTally // one per game type, those the server offers first
	Outbox   store.OutboxSummary
	LastMail *MailLine     // the last inbound mail handled; nil when none
	Refusals []ReasonCount // mails refused or rejected within RefusalWindow, most first
	// Failed are the mails recorded as failed (store.Failed) within
	// FailureWindow, newest first: each a bug or data the code cannot
	// handle, set aside in the rejected folder for the operator.
	Failed []store.InboundRow
	Daemon Daemon
	// Check is the database's last full check (pbem serve's, or pbem
	// check's); nil when none ran.
	Check *store.Integrity
	// Clocks are the active games whose clock is held, by reason: waiting
	// for the relay to accept their turn mail (a broken outbox keeps them
	// all waiting), or stopped because it never reached the player.
	Clocks []store.HeldClocks
	// Club is the tournaments signing up or running and the ladders.
	Club store.Club
}

// GameTally is how many games of one type are in each status.
type GameTally struct {
	Type                      string
	Active, Finished, Aborted int
}

// ReasonCount is how many mails were refused, or rejected, for one kind
// of reason (ReasonGroup).
type ReasonCount struct {
	Outcome string // store.Refused or store.Rejected
	Reason  string
	Count   int
}

// RefusalWindow is how far back pbem status counts refusals;
// FailureWindow how far back it lists the mails that failed, rarer and
// worth a look even after a weekend.
const (
	RefusalWindow = 24 * time.Hour
	FailureWindow = 7 * 24 * time.Hour
)

// Daemon is what pbem serve last said of itself (its heartbeat row).
type Daemon struct {
	State string          // DaemonRunning, DaemonStopped or DaemonNever
	Beat  store.Heartbeat // zero for DaemonNever
}

// States of the daemon, as pbem status tells them.
const (
	DaemonRunning = "running" // it beat within BeatFresh
	DaemonStopped = "stopped" // its last beat is older
	DaemonNever   = "never"   // it never beat on this database
)

// BeatFresh is how recent serve's last heartbeat must be for pbem status
// to call it running: serve beats every few seconds.
const BeatFresh = 30 * time.Second

// Status gathers the Status at the server's clock. Each part reads a
// few rows whatever the database holds: the counts the database keeps
// (store.GameCounts, store.SummarizeOutbox), the last rows of indexes, and
// the refusals and failures of their windows from the index of those
// mails alone.
func (r Reports) Status(ctx context.Context) (Status, error) {
	st := Status{Now: r.now().UTC()}
	counts, err := r.Store.GameCounts(ctx)
	if err != nil {
		return Status{}, err
	}
	st.Games = tallies(r.Games.IDs(), counts)
	if st.Outbox, err = r.Store.SummarizeOutbox(ctx); err != nil {
		return Status{}, err
	}
	switch last, err := r.Store.LastInbound(ctx); {
	case errors.Is(err, store.ErrNotFound):
	case err != nil:
		return Status{}, err
	default:
		line := mailLine(last)
		st.LastMail = &line
	}
	refused, err := r.Store.InboundReasons(ctx, store.InboundFilter{Since: st.Now.Add(-RefusalWindow), Outcomes: []string{store.Refused, store.Rejected}})
	if err != nil {
		return Status{}, err
	}
	st.Refusals = groupReasons(refused)
	if st.Failed, err = r.Store.InboundReasons(ctx, store.InboundFilter{Since: st.Now.Add(-FailureWindow), Outcome: store.Failed}); err != nil {
		return Status{}, err
	}
	switch beat, err := r.Store.LastBeat(ctx, "serve"); {
	case errors.Is(err, store.ErrNotFound):
		st.Daemon = Daemon{State: DaemonNever}
	case err != nil:
		return Status{}, err
	case st.Now.Sub(beat.BeatAt) < BeatFresh:
		st.Daemon = Daemon{State: DaemonRunning, Beat: beat}
	default:
		st.Daemon = Daemon{State: DaemonStopped, Beat: beat}
	}
	if st.Clocks, err = r.Store.SummarizeHeldClocks(ctx); err != nil {
		return Status{}, err
	}
	if st.Club, err = r.Store.Club(ctx); err != nil {
		return Status{}, err
	}
	switch check, err := r.Store.LastIntegrity(ctx); {
	case errors.Is(err, store.ErrNotFound):
	case err != nil:
		return Status{}, err
	default:
		st.Check = &check
	}
	return st, nil
}

// tallies puts counts in a line per game type: those of ids first, in
// their order (with zeros), then any other type stored.
func tallies(ids []string, counts []store.GameCount) []GameTally {
	index := map[string]int{}
	var out []GameTally
	for _, id := range ids {
		index[id] = len(out)
		out = append(out, GameTally{Type: id})
	}
	for _, c := range counts {
		i, ok := index[c.Type]
		if !ok {
			i, index[c.Type] = len(out), len(out)
			out = append(out, GameTally{Type: c.Type})
		}
		switch c.Status {
		case store.StatusActive:
			out[i].Active += c.Count
		case store.StatusFinished:
			out[i].Finished += c.Count
		case store.StatusAborted:
			out[i].Aborted += c.Count
		}
	}
	return out
}

// groupReasons counts rows by outcome and ReasonGroup, most first.
func groupReasons(rows []store.InboundRow) []ReasonCount {
	type key struct{ outcome, reason string }
	counts := map[key]int{}
	for _, r := range rows {
		counts[key{r.Outcome, ReasonGroup(r.Detail)}]++
	}
	out := make([]ReasonCount, 0, len(counts))
	for k, n := range counts {
		out = append(out, ReasonCount{Outcome: k.outcome, Reason: k.reason, Count: n})
	}
	sort.Slice(out, func(i, j int) bool {
		a, b := out[i], out[j]
		if a.Count != b.Count {
			return a.Count > b.Count
		}
		if a.Outcome != b.Outcome {
			return a.Outcome < b.Outcome
		}
		return a.Reason < b.Reason
	})
	return out
}

// MailLine is an inbound mail as mail list shows it.
type MailLine struct {
	store.InboundRow
	Subject string // "" when the mail has none or its header is unreadable
}

// mailLine reads the sender and subject from r's header: the sender for
// mails recorded before the store kept it.
func mailLine(r store.InboundRow) MailLine {
	line := MailLine{InboundRow: r}
	if m, err := parser.ReadMail(r.Raw); err == nil {
		line.Subject = m.Subject
		if line.From == "" {
			line.From = m.From
		}
	}
	return line
}

// Mails lists the inbound mails f selects, newest first. A From is
// compared in its canonical form, as the server recorded it.
func (r Reports) Mails(ctx context.Context, f store.InboundFilter) ([]MailLine, error) {
	if f.From != "" {
		f.From = parser.CanonicalAddress(f.From)
	}
	rows, err := r.Store.InboundMails(ctx, f)
	if err != nil {
		return nil, err
	}
	out := make([]MailLine, 0, len(rows))
	for _, row := range rows {
		out = append(out, mailLine(row))
	}
	return out, nil
}

// MailReport is one inbound mail as the server read it, for pbem mail
// show: its header, the text taken as the player's (the same reading as
// when it was handled), the commands that text holds, the outcome and its
// reason, and the mails queued in answer.
type MailReport struct {
	store.InboundRow
	Mail    parser.Mail // zero when ReadErr
	ReadErr error       // the mail could not be read: no header, or only its header kept
	// Commands are the commands read from the text for the mail's game (the
	// control commands when about no game); CommandsErr says why the text
	// gives none, as the refusal told.
	Commands    []parser.Command
	CommandsErr error
	Answers     []OutboxLine
}

// Mail reports inbound mail id; an engine refusal when there is none.
func (rs Reports) Mail(ctx context.Context, id int64) (MailReport, error) {
	row, err := rs.Store.InboundMail(ctx, id)
	if errors.Is(err, store.ErrNotFound) {
		return MailReport{}, fmt.Errorf("there is no mail %d: mail list shows the IDs", id)
	}
	if err != nil {
		return MailReport{}, err
	}
	r := MailReport{InboundRow: row}
	if r.Mail, r.ReadErr = parser.ReadMail(row.Raw); r.ReadErr == nil {
		if r.From == "" {
			r.From = r.Mail.From
		}
		// As it was read: without the server's own mail it quotes, while
		// that is kept.
		if r.Mail, err = rs.Core.WithoutOwnQuote(ctx, r.Mail); err != nil {
			return MailReport{}, err
		}
		if r.GameID != 0 {
			l, err := rs.Core.Load(ctx, r.GameID)
			if err != nil {
				return MailReport{}, err
			}
			r.Commands, r.CommandsErr = parser.Commands(rs.Core.WithoutGuide(l.Kind, r.Mail.Text), l.Kind)
		} else {
			r.Commands = parser.ControlCommands(r.Mail.Text)
		}
	}
	if r.Answers, err = rs.Outbox(ctx, store.OutboxFilter{InboundID: id}); err != nil {
		return MailReport{}, err
	}
	return r, nil
}

// NoAnswers says why mail r shows no answers, "" when it has some:
// deleted with the mails sent before purged (server.outbox_keep; zero
// when none are), queued with a computer seat's answer, or none at all.
func (r MailReport) NoAnswers(purged time.Time) string {
	switch {
	case len(r.Answers) > 0:
		return ""
	case r.ReceivedAt.Before(purged):
		return "none kept: the mails sent longer ago than server.outbox_keep are deleted"
	case r.Outcome == store.Applied && r.GameID != 0:
		return fmt.Sprintf("none queued with it: the turn mails of a move a computer seat answers go with its answer (pbem outbox list --game %d)", r.GameID)
	}
	return "none"
}

// OutboxLine is a queued mail as outbox list shows it.
type OutboxLine struct {
	store.OutboxRow
	Subject string
}

// Outbox lists the queued mails f selects, newest first.
func (r Reports) Outbox(ctx context.Context, f store.OutboxFilter) ([]OutboxLine, error) {
	rows, err := r.Store.OutboxMails(ctx, f)
	if err != nil {
		return nil, err
	}
	out := make([]OutboxLine, 0, len(rows))
	for _, row := range rows {
		line := OutboxLine{OutboxRow: row}
		if m, err := parser.ReadMail(row.Head); err == nil {
			line.Subject = m.Subject
		}
		out = append(out, line)
	}
	return out, nil
}

// RetryMail makes queued mail id due now, abandoned or not, its attempts
// kept; it returns the mail as it was. A sent mail, or none, is refused in
// words.
func (r Reports) RetryMail(ctx context.Context, id int64) (store.OutboxRow, error) {
	before, err := r.Store.RetryMail(ctx, id)
	switch {
	case errors.Is(err, store.ErrNotFound):
		return before, fmt.Errorf("there is no mail %d in the outbox: outbox list shows the IDs", id)
	case errors.Is(err, store.ErrSent):
		why := fmt.Sprintf("mail %d to %s was sent at %s: retrying it would send it twice", id, before.Recipient, before.SentAt.UTC().Format(time.RFC3339))
		if before.State() == store.MailBounced {
			why = fmt.Sprintf("mail %d to %s was sent at %s and bounced (%s): the address refuses mail, and sending it again would not help",
				id, before.Recipient, before.SentAt.UTC().Format(time.RFC3339), before.Bounce)
		}
		return before, errors.New(why)
	}
	return before, err
}
