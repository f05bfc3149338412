package server

import (
	"context"
	"errors"
	"fmt"
	"strconv"
	"strings"
	"time"

	"pbem/engine"
	"pbem/lang"
	"pbem/parser"
	"pbem/store"
	"pbem/templates"
)

// SetMailPref sets how much mail the player who owns address gets, as
// they can by mail: spec is "every" (a mail for every move, the default),
// "turn" (only when it is their turn, and when a game ends) or "digest
// 08:30" (one mail a day at that time, UTC, listing the games that wait
// for them). Chat, answers, refusals, reminders and invitations go
// whatever it says. The player gets a confirmation; SetMailPref returns
// its text.
func (s *Server) SetMailPref(ctx context.Context, address, spec string) (string, error) {
	return s.mailPref(ctx, address, spec, nil, parser.Mail{})
}

// mailPref is SetMailPref for a mail (in, answered) or the command line
// (in nil).
func (s *Server) mailPref(ctx context.Context, address, spec string, in *store.Inbound, answered parser.Mail) (string, error) {
	pid, err := s.playerOf(ctx, address)
	if err != nil {
		return "", err
	}
	change, err := readMailPref(spec, s.cfg.Now())
	if err != nil {
		return "", err
	}
	change.PlayerID, change.Inbound = pid, in
	p, err := s.store.Player(ctx, pid)
	if err != nil {
		return "", err
	}
	text := mailPrefConfirmation(change)
	tag := s.chosen(p.Lang)
	m, err := s.composeTo(tag, address, "notice", lang.T("pbem: your mail"), templates.Notice{Player: label(p), Text: text.In(tag)}, answered)
	if err != nil {
		return "", err
	}
	change.Mails = []store.OutMail{m}
	return text.String(), s.store.SetMailPref(ctx, change)
}

// playerOf is the ID of the player who owns address, their own or an
// alias; a refusal for an address that plays no game.
func (s *Server) playerOf(ctx context.Context, address string) (int64, error) {
	pid, err := s.store.PlayerID(ctx, parser.CanonicalAddress(address))
	if errors.Is(err, store.ErrNotFound) {
		return 0, engine.Refuse("%s plays no game here", address)
	}
	return pid, err
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
		return store.MailPrefChange{Mail: kind, DigestAt: minutes, NextDigest: nextDigest(minutes, now)}, nil
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

// nextDigest is the first time after now that is minutes after midnight
// UTC: a digest is due once a day, and one that a stopped server missed
// is not caught up, only sent at the next time.
func nextDigest(minutes int, now time.Time) time.Time {
	now = now.UTC()
	t := time.Date(now.Year(), now.Month(), now.Day(), 0, minutes, 0, 0, time.UTC)
	if !t.After(now) {
		t = t.AddDate(0, 0, 1)
	}
	return t
}

// timeOfDay writes minutes after midnight as a digest's time, "08:30".
func timeOfDay(minutes int) string {
	return fmt.Sprintf("%02d:%02d", minutes/60, minutes%60)
}

// mailPrefConfirmation is what the player is told of their new preference.
func mailPrefConfirmation(c store.MailPrefChange) lang.Msg {
	switch c.Mail {
	case store.MailTurn:
		return lang.T("From now on you get a mail only when it is your turn, telling every move since your last, and when a game ends; what the other players say, and the answers to your own mails, still come. Reply with mail every on a line of its own to get a mail for every move again.")
	case store.MailDigest:
		return lang.T("From now on you get one mail a day at %s UTC, the first on %s, listing every game where it is your turn, each with its board and its reply address, and none on a day when no game waits for you. Answer it with one line per move, each naming its game: game 12: #7 H8 right 34251. A mail still comes when a game ends, and with what the other players say. Reply with mail every on a line of its own to get a mail for every move again.",
			timeOfDay(c.DigestAt), whenMsg(c.NextDigest))
	}
	return lang.T("From now on you get a mail for every move in each of your games.")
}
