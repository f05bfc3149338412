package tournament

import (
	"context"
	"errors"
	"strconv"
	"strings"

	"pbem/engine"
	"pbem/lang"
	"pbem/parser"
	"pbem/server/core"
	"pbem/store"
)

// The tournament commands of a mail to the lobby, each the first word
// after tournament (tournoi): new GAME FORMAT …, join ID, withdraw ID,
// cancel ID (its maker, while it signs up), ID (the standings); and
// tournaments (tournois), the list of those signing up or under way; the
// words in either language are parser.Subcommand's. The lobby hands them here once it knows the sender is
// a registered player (pid) and that the mail proves its sender where the
// command changes something.

// Sub is the subcommand a tournament command's first argument names,
// "show" for a number, "" for none.
func Sub(args []string) string {
	if len(args) == 0 {
		return ""
	}
	if _, err := strconv.ParseInt(strings.TrimPrefix(args[0], "#"), 10, 64); err == nil {
		return "show"
	}
	switch sub := parser.Subcommand(args[0]); sub {
	case parser.SubNew, parser.SubJoin, parser.SubWithdraw, parser.SubCancel:
		return sub
	}
	return ""
}

// Mail does c, a tournament command (parser.Tournament or
// parser.Tournaments) that registered player pid wrote in mail m, and
// answers it. A refusal is returned unanswered: the lobby answers it.
func (ts Tournaments) Mail(ctx context.Context, in store.Inbound, m parser.Mail, c parser.LobbyCommand, pid int64) error {
	p := ts.Policy.withDefaults()
	if p.Who == WhoOff {
		return engine.Refuse("tournaments are not played by mail on this server")
	}
	if c.Verb == parser.Tournaments {
		return ts.answer(ctx, in, m, lang.T("tournaments"), ts.list(ctx))
	}
	switch Sub(c.Args) {
	case "new":
		if p.Who != WhoRegistered {
			return engine.Refuse("only the operator makes tournaments on this server: write tournaments to see those you may join")
		}
		return ts.newByMail(ctx, in, m, c.Args[1:], pid, p)
	case "join":
		id, err := idOf(c.Args)
		if err != nil {
			return err
		}
		return ts.join(ctx, in, m, id, pid)
	case "withdraw":
		id, err := idOf(c.Args)
		if err != nil {
			return err
		}
		t, err := ts.Withdraw(ctx, id, pid)
		if err != nil {
			return err
		}
		return ts.answer(ctx, in, m, lang.T("tournament %d", id), lang.T("You withdrew from tournament %d.\n\n%s", id, Described{T: t, Game: ts.gameName(t)}))
	case "cancel":
		id, err := idOf(c.Args)
		if err != nil {
			return err
		}
		return ts.cancelByMail(ctx, in, m, id, pid)
	case "show":
		id, _ := strconv.ParseInt(strings.TrimPrefix(c.Args[0], "#"), 10, 64)
		t, err := ts.load(ctx, id)
		if err != nil {
			return err
		}
		return ts.answer(ctx, in, m, lang.T("tournament %d", id), lang.T("%s", Described{T: t, Game: ts.gameName(t)}))
	}
	return engine.Refuse("write tournament new, tournament join 12, tournament withdraw 12, tournament cancel 12 or tournament 12 (its standings); tournaments lists them")
}

// idOf reads the tournament's number after join or withdraw.
func idOf(args []string) (int64, error) {
	if len(args) > 1 {
		if id, err := strconv.ParseInt(strings.TrimPrefix(args[1], "#"), 10, 64); err == nil && id > 0 {
			return id, nil
		}
	}
	return 0, engine.Refuse("name the tournament by its number, as tournament join 12: tournaments lists them")
}

// answer records in as applied and answers its sender with text.
func (ts Tournaments) answer(ctx context.Context, in store.Inbound, m parser.Mail, topic, text lang.Msg) error {
	out, err := ts.Core.LobbyNotice(ctx, m.From, topic, text, m)
	if err != nil {
		return err
	}
	in.Outcome, in.Detail = store.Applied, text.String()
	if len(in.Detail) > 200 {
		in.Detail = in.Detail[:200]
	}
	return ts.Store.RecordInbound(ctx, store.Record{Inbound: &in, Mails: []store.OutMail{out}})
}

// join enters player pid in tournament id, and it starts when that fills
// it.
func (ts Tournaments) join(ctx context.Context, in store.Inbound, m parser.Mail, id, pid int64) error {
	t, err := ts.load(ctx, id)
	if err != nil {
		return err
	}
	if t.Status != store.TournamentSignup {
		return engine.Refuse("tournament %d is %s: it takes no entrants now", id, StatusWord(t.Status))
	}
	for _, e := range t.Entrants {
		if e.PlayerID == pid && e.Joined {
			return engine.Refuse("you joined tournament %d already", id)
		}
	}
	err = ts.Store.JoinTournament(ctx, id, pid)
	if errors.Is(err, store.ErrConflict) {
		return engine.Refuse("tournament %d is full, or started meanwhile", id)
	}
	if err != nil {
		return err
	}
	if err := ts.answer(ctx, in, m, lang.T("tournament %d", id), lang.T("You joined tournament %d (%s, %s). Its games' mails come as it starts; write tournament %d to see where it stands.",
		id, ts.gameName(t), FormatMsg(t), id)); err != nil {
		return err
	}
	_, err = ts.Step(ctx, id, ts.Core.Now())
	return err
}

// list is the tournaments signing up or under way, a line each.
func (ts Tournaments) list(ctx context.Context) lang.Msg {
	ids, err := ts.Store.Tournaments(ctx, store.TournamentSignup, store.TournamentRunning)
	if err != nil || len(ids) == 0 {
		return lang.T("No tournament is signing up or under way. To make one: tournament new GAME FORMAT … (help says how).")
	}
	var lines []lang.Msg
	for _, id := range ids {
		t, err := ts.Store.Tournament(ctx, id)
		if err != nil {
			continue
		}
		if t.Status == store.TournamentSignup {
			lines = append(lines, lang.T("tournament %d\t%s, %s: signing up, %d of %d joined; tournament join %d to take part", id, ts.gameName(t), FormatMsg(t), joined(t), t.MaxEntrants, id))
			continue
		}
		lines = append(lines, lang.T("tournament %d\t%s, %s: round %d of %d", id, ts.gameName(t), FormatMsg(t), t.Round, rounds(t)))
	}
	return lang.T("%s", core.Joined{Msgs: lines, Sep: "\n"})
}
