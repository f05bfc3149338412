package tournament

import (
	"context"
	"strconv"
	"strings"

	"pbem/lang"
	"pbem/pairing"
	"pbem/parser"
	"pbem/server/core"
	"pbem/store"
	"pbem/templates"
)

// Row is one entrant's line of a tournament's standings, named.
type Row struct {
	pairing.Standing
	Name  string
	Email string // a person's address, "" for a computer seat
}

// Standings are t's standings now, named, best first.
func Standings(t store.Tournament) []Row {
	st := pairing.Standings(format(t), entrantsOf(t), gamesOf(t))
	out := make([]Row, len(st))
	for i, s := range st {
		e, _ := entrant(t, s.ID)
		out[i] = Row{Standing: s, Name: publicName(e), Email: e.Email}
	}
	return out
}

// Points is a number of points as a reader of t writes it: 2.5, 2,5 in
// French.
func Points(p float64, t lang.Tag) string {
	s := strconv.FormatFloat(p, 'f', -1, 64)
	if t == lang.French {
		s = strings.Replace(s, ".", ",", 1)
	}
	return s
}

// PointsText is a number of points in words, in t: "1 point", "2.5
// points", "0 point" in French.
func PointsText(p float64, t lang.Tag) string {
	n := 2
	if p == 0 || p == 1 {
		n = int(p)
	}
	return lang.Plural(n, "%s point", "%s points", Points(p, t)).In(t)
}

// FormatMsg says t's format, as "Swiss of 3 rounds".
func FormatMsg(t store.Tournament) lang.Msg {
	switch format(t) {
	case pairing.Swiss:
		return lang.T("Swiss of %d rounds", t.Rounds)
	case pairing.RoundRobin:
		return lang.T("round-robin")
	}
	return lang.T("knockout")
}

// standingsMails are the standings of t, after its last round (the end
// when next is nil), to every person in it, each with their tables of the
// next round.
func (ts Tournaments) standingsMails(ctx context.Context, t store.Tournament, next []pairing.Table) ([]store.OutMail, error) {
	if t.Round == 0 {
		return ts.startMails(ctx, t, next)
	}
	rows := Standings(t)
	kind, err := ts.Games.Lookup(t.Game)
	if err != nil {
		return nil, err
	}
	var out []store.OutMail
	for _, e := range t.Entrants {
		if e.Bot != "" || !e.Joined {
			continue
		}
		who, tag, err := ts.Core.Greeting(ctx, e.Email, e.Name)
		if err != nil {
			return nil, err
		}
		data := templates.Standings{Player: who, Tournament: t.ID, Game: kind.Name(), Format: FormatMsg(t).In(tag),
			Round: t.Round, Rounds: rounds(t), Final: next == nil, Address: ts.Core.Address()}
		for _, r := range rows {
			row := templates.StandingRow{Place: r.Place, Name: r.Name, Points: PointsText(r.Points, tag), Buchholz: Points(r.Buchholz, tag),
				SB: Points(r.SonnebornBerger, tag), Won: r.Won, Drawn: r.Drawn, Lost: r.Lost, You: r.ID == e.ID}
			switch {
			case r.Withdrawn:
				row.Note = lang.T("withdrawn").In(tag)
			case r.Out:
				row.Note = lang.T("out").In(tag)
			}
			data.Rows = append(data.Rows, row)
		}
		if line, ok := nextLine(t, next, e.ID); ok && e.Withdrawn == 0 {
			data.Next = []string{line.In(tag)}
		}
		subject := lang.T("pbem: tournament %d, standings after round %d", t.ID, t.Round)
		if next == nil {
			subject = lang.T("pbem: tournament %d is over", t.ID)
		}
		m, err := ts.Core.ComposeTo(ctx, tag, e.Email, "standings", subject, data, parser.Mail{})
		if err != nil {
			return nil, err
		}
		out = append(out, m)
	}
	return out, nil
}

// nextLine says entrant's table among next, round t.Round+1's: whom they
// play, or their bye; ok false when they have none.
func nextLine(t store.Tournament, next []pairing.Table, entrantID int64) (lang.Msg, bool) {
	for _, tb := range next {
		var others []string
		mine := false
		for _, id := range tb.Seats {
			if id == entrantID {
				mine = true
				continue
			}
			e, _ := entrant(t, id)
			others = append(others, publicName(e))
		}
		if !mine {
			continue
		}
		if len(others) == 0 {
			return lang.T("Round %d: you have a bye, which counts as a win; your game's mail comes the round after.", t.Round+1), true
		}
		return lang.T("Round %d: you play %s; the game's first mail follows.", t.Round+1, strings.Join(others, ", ")), true
	}
	return lang.Msg{}, false
}

// startMails tell every person in t, which starts, who entered and their
// first table.
func (ts Tournaments) startMails(ctx context.Context, t store.Tournament, next []pairing.Table) ([]store.OutMail, error) {
	var names []string
	for _, e := range t.Entrants {
		if e.Joined {
			names = append(names, publicName(e))
		}
	}
	var out []store.OutMail
	for _, e := range t.Entrants {
		if e.Bot != "" || !e.Joined {
			continue
		}
		text := lang.T("Tournament %d (%s, %s) starts with %d entrants: %s.", t.ID, ts.gameName(t), FormatMsg(t), len(names), strings.Join(names, ", "))
		if line, ok := nextLine(t, next, e.ID); ok {
			text = lang.T("%s %s", text, line)
		}
		m, err := ts.Core.LobbyNotice(ctx, e.Email, lang.T("tournament %d starts", t.ID), text, parser.Mail{})
		if err != nil {
			return nil, err
		}
		out = append(out, m)
	}
	return out, nil
}

// cancelMails tell every person who joined t that it is cancelled, and
// why: too few joined.
func (ts Tournaments) cancelMails(ctx context.Context, t store.Tournament, why error) ([]store.OutMail, error) {
	var out []store.OutMail
	for _, e := range t.Entrants {
		if e.Bot != "" || !e.Joined {
			continue
		}
		m, err := ts.Core.LobbyNotice(ctx, e.Email, lang.T("tournament %d is cancelled", t.ID),
			lang.T("Tournament %d is cancelled: its sign-up closed with %d entrants. %s", t.ID, joined(t), core.RefusalSentence(why)), parser.Mail{})
		if err != nil {
			return nil, err
		}
		out = append(out, m)
	}
	return out, nil
}
