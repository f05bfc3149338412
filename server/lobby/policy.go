package lobby

import (
	"pbem/server/core"

	"context"
	"fmt"
	"strings"
	"time"

	"pbem/engine"
	"pbem/lang"
	"pbem/parser"
	"pbem/store"
)

// The operator's policy for the lobby (Config.Lobby): who may sign up by
// mail, how many games a player may start a day and have going, and how
// many lobby mails an address may send an hour before it is ignored for a
// while.

// floodWindow is the period of the lobby's mail limit.
const floodWindow = time.Hour

// floodKey is the Limit key of the lobby mails from address (a base
// address: plus-tags are one sender), and floodNoticeKey that of the one
// notice telling it its mails go unread.
func floodKey(address string) string       { return "lobby:" + strings.ToLower(address) }
func floodNoticeKey(address string) string { return "lobby-notice:" + strings.ToLower(address) }

// floodHeld reports whether the sender of m has sent more lobby mail this
// hour than the operator's policy lets an address (MailsPerHour, counted
// from the first), in which case the mail is recorded, ignored, with a
// detail that says so (the daemon's log line), and goes unanswered until
// the hour is over. The first mail held gets one short notice that the
// next ones go unread for a while; after it, silence, so that a flood, or
// a loop with another robot, gets nothing.
func (lb Lobby) floodHeld(ctx context.Context, in store.Inbound, m parser.Mail) (bool, error) {
	base := parser.BaseAddress(m.From)
	held, err := lb.Store.Spend(ctx, store.Limit{Key: floodKey(base), Every: floodWindow, Max: lb.Policy.MailsPerHour})
	if err != nil || !held {
		return false, err
	}
	in.Outcome, in.Detail = store.Ignored, fmt.Sprintf("over the hourly limit of %d lobby mails", lb.Policy.MailsPerHour)
	notice, err := lb.Notice(ctx, m.From, lang.T("your mails are not read for a while"),
		lang.T("This address sent more than %d mails to %s within an hour: the next ones go unread, and unanswered, until the hour is over. Write again later.",
			lb.Policy.MailsPerHour, lb.Core.Address()), m)
	if err != nil {
		return true, err
	}
	return true, lb.Store.RecordInbound(ctx, store.Record{Inbound: &in, Limited: &store.LimitedMail{Mail: notice, Limits: []store.Limit{
		{Key: floodNoticeKey(base), Every: floodWindow},
	}}})
}

// maySignUp is nil when address may sign up by mail under the operator's
// policy, else a refusal that says who may.
func (lb Lobby) maySignUp(address string) error {
	domains := signupDomains(lb.Policy.Signup)
	switch {
	case lb.Policy.Signup == SignupAnyone:
		return nil
	case lb.Policy.Signup == SignupNobody || len(domains) == 0:
		return engine.Refuse("sign-up by mail is closed on this server: ask its operator to register you")
	}
	_, domain, _ := strings.Cut(parser.CanonicalAddress(address), "@")
	for _, d := range domains {
		if strings.EqualFold(domain, d) {
			return nil
		}
	}
	return engine.Refuse("only addresses at %s may sign up here: sign up from one, or ask the operator", orList(domains))
}

// signupDomains reads a sign-up policy's list of domains, separated by
// blanks or commas; none for anyone or nobody.
func signupDomains(policy string) []string {
	if policy == SignupAnyone || policy == SignupNobody {
		return nil
	}
	return strings.FieldsFunc(strings.ToLower(policy), func(r rune) bool { return r == ',' || r == ' ' || r == '\t' })
}

// orList is words as "a", "a or b", "a, b or c".
func orList(words []string) string {
	if len(words) <= 1 {
		return strings.Join(words, "")
	}
	return strings.Join(words[:len(words)-1], ", ") + " or " + words[len(words)-1]
}

// MayStart is nil when player pid may start another game now under the
// operator's policy (GamesPerDay started in the last 24 hours,
// GamesRunning going or waiting for their players, counting the games
// created with their ID as store.NewGame.CreatedBy), else a refusal that
// says which limit and when it lifts. The lobby calls it before creating a
// game.
func (lb Lobby) MayStart(ctx context.Context, pid int64) error {
	now := lb.Core.Now()
	started, err := lb.Store.GamesStartedBy(ctx, pid, now.Add(-24*time.Hour))
	if err != nil {
		return err
	}
	if n, most := len(started), lb.Policy.GamesPerDay; n >= most {
		return engine.Refuse("you have started %d games in the last 24 hours, the most this server allows: you may start another on %s",
			n, core.WhenMsg(started[n-most].Add(24*time.Hour)))
	}
	return lb.mayRun(ctx, pid)
}

// mayRun is nil when player pid has fewer games going or waiting for
// their players than the policy's GamesRunning (store.GamesRunningBy: the
// games they started, their challenges waiting, the seats they took
// over), else the refusal that says so: before starting a game, and
// before taking over a seat, which counts as one.
func (lb Lobby) mayRun(ctx context.Context, pid int64) error {
	running, err := lb.Store.GamesRunningBy(ctx, pid)
	if err != nil {
		return err
	}
	if most := lb.Policy.GamesRunning; running >= most {
		return engine.Refuse("you have %d games going or waiting for their players, the most this server allows at once: you may start another when one of them ends", running)
	}
	return nil
}
