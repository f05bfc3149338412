package account

import (
	"context"
	"strconv"
	"strings"
	"time"

	"pbem/engine"
	"pbem/lang"
	"pbem/parser"
	"pbem/server/core"
	"pbem/store"
)

// SetMailPref sets how much mail the player who owns address gets, as
// they can by mail: spec is "every" (a mail for every move, the default),
// "turn" (only when it is their turn, and when a game ends) or "digest
// 08:30" (one mail a day at that time, UTC, listing the games that wait
// for them). Chat, answers, refusals, reminders and invitations go
// whatever it says. The player gets a confirmation; SetMailPref returns
// its text.
func (a Accounts) SetMailPref(ctx context.Context, address, spec string) (string, error) {
	return a.mailPref(ctx, address, spec, nil, parser.Mail{})
}

// mailPref is SetMailPref for a mail (in, answered) or the command line
// (in nil).
func (a Accounts) mailPref(ctx context.Context, address, spec string, in *store.Inbound, answered parser.Mail) (string, error) {
	return a.setChoice(ctx, address, in, answered, lang.T("pbem: your mail"), func(p store.Player) (choice, error) {
		change, err := readMailPref(spec, a.Core.Now())
		if err != nil {
			return choice{}, err
		}
		tag := a.Core.Chosen(p.Lang)
		example, err := a.Core.PlayExample(ctx, p.ID)
		if err != nil {
			return choice{}, err
		}
		return choice{tag: tag, text: mailPrefConfirmation(change, example).In(tag), write: func(mails []store.OutMail) error {
			change.PlayerID, change.Mails, change.Inbound = p.ID, mails, in
			return a.Store.SetMailPref(ctx, change)
		}}, nil
	})
}

// readMailPref reads a preference as written after "mail", at now: the
// first digest is the next one to come at its time.
func readMailPref(spec string, now time.Time) (store.MailPrefChange, error) {
	kind, at, _ := strings.Cut(strings.ToLower(strings.TrimSpace(spec)), " ")
	switch kind {
	case store.MailEvery, store.MailTurn:
		if at == "" {
			return store.MailPrefChange{Mail: kind}, nil
		}
	case store.MailDigest:
		minutes, err := readTimeOfDay(strings.TrimSpace(at))
		if err != nil {
			return store.MailPrefChange{}, err
		}
		return store.MailPrefChange{Mail: kind, DigestAt: minutes, NextDigest: core.NextDigest(minutes, now)}, nil
	}
	return store.MailPrefChange{}, engine.Refuse(parser.MailPrefHelp)
}

// readTimeOfDay reads "8:30" or "08:30" as minutes after midnight.
func readTimeOfDay(s string) (int, error) {
	h, m, ok := strings.Cut(s, ":")
	hours, err1 := strconv.Atoi(h)
	minutes, err2 := strconv.Atoi(m)
	if !ok || err1 != nil || err2 != nil || len(m) != 2 || hours < 0 || hours > 23 || minutes < 0 || minutes > 59 {
		return 0, engine.Refuse("%q is not a time of day: write mail digest 08:30, a time from 00:00 to 23:59, UTC", s)
	}
	return hours*60 + minutes, nil
}

// mailPrefConfirmation is what the player is told of their new
// preference, example a line that plays in one of their games.
func mailPrefConfirmation(c store.MailPrefChange, example lang.Msg) lang.Msg {
	switch c.Mail {
	case store.MailTurn:
		return lang.T("From now on you get a mail only when it is your turn, telling every move since your last, and when a game ends; what the other players say, and the answers to your own mails, still come. Reply with mail every on a line of its own to get a mail for every move again.")
	case store.MailDigest:
		return lang.T("From now on you get one mail a day at %s UTC, the first on %s, listing every game where it is your turn, each with its board and its reply address, and none on a day when no game waits for you. Answer it with one line per move, each naming its game: %s. A mail still comes when a game ends, and with what the other players say. Reply with mail every on a line of its own to get a mail for every move again.",
			core.TimeOfDay(c.DigestAt), core.WhenMsg(c.NextDigest), example)
	}
	return lang.T("From now on you get a mail for every move in each of your games.")
}
