package tournament

import (
	"strings"

	"pbem/lang"
	"pbem/server/core"
	"pbem/store"
)

// Described is a tournament told in sentences, in its reader's language:
// the answer to tournament ID by mail and pbem tournament show. Rows of
// the standings are a list's (the cells separated by a tab), which a
// mail's HTML part lays out as a table that stacks on a phone.
type Described struct {
	T    store.Tournament
	Game string // the game's display name
}

// In is d in t.
func (d Described) In(tag lang.Tag) string {
	t := d.T
	var lines []string
	say := func(m lang.Msg) { lines = append(lines, m.In(tag)) }
	switch t.Status {
	case store.TournamentSignup:
		say(lang.T("Tournament %d: %s, %s, signing up: %d entrants joined.", t.ID, d.Game, FormatMsg(t), joined(t)))
		if t.MaxEntrants > 0 {
			say(lang.T("It starts when %d have joined.", t.MaxEntrants))
		}
		if !t.ClosesAt.IsZero() {
			say(lang.T("Its sign-up closes %s.", core.WhenIn(t.ClosesAt, tag)))
		}
	case store.TournamentRunning:
		say(lang.T("Tournament %d: %s, %s, round %d of %d.", t.ID, d.Game, FormatMsg(t), t.Round, rounds(t)))
	default:
		say(lang.T("Tournament %d: %s, %s, %s.", t.ID, d.Game, FormatMsg(t), StatusWord(t.Status)))
	}
	if t.Status == store.TournamentSignup {
		lines = append(lines, "")
		for _, e := range t.Entrants {
			if e.Joined {
				say(lang.T("%s\tjoined", publicName(e)))
			} else {
				say(lang.T("%s\tinvited", publicName(e)))
			}
		}
		return strings.Join(lines, "\n")
	}
	lines = append(lines, "")
	for _, r := range Standings(t) {
		note := ""
		switch {
		case r.Withdrawn:
			note = " (" + lang.T("withdrawn").In(tag) + ")"
		case r.Out:
			note = " (" + lang.T("out").In(tag) + ")"
		}
		say(lang.T("%d. %s%s\t%s · Buchholz %s · Sonneborn-Berger %s · won %d, drawn %d, lost %d",
			r.Place, r.Name, note, PointsText(r.Points, tag), Points(r.Buchholz, tag), Points(r.SonnebornBerger, tag), r.Won, r.Drawn, r.Lost))
	}
	round := 0
	for _, tt := range t.Tables {
		if tt.Round != round {
			round = tt.Round
			lines = append(lines, "")
			say(lang.T("Round %d:", round))
		}
		lines = append(lines, TableLine(t, tt).In(tag))
	}
	return strings.Join(lines, "\n")
}

// TableLine says a table of t: its entrants with their points once
// recorded, its game's number.
func TableLine(t store.Tournament, tt store.TournamentTable) lang.Msg {
	names := make([]string, len(tt.Seats))
	for i, id := range tt.Seats {
		e, _ := entrant(t, id)
		names[i] = publicName(e)
	}
	if len(tt.Seats) == 1 {
		return lang.T("%s\ta bye", names[0])
	}
	who := strings.Join(names, " – ")
	switch {
	case tt.Done() && tt.GameID != 0:
		pts := make([]string, len(tt.Points))
		for i, p := range tt.Points {
			pts[i] = Points(p, lang.English)
		}
		return lang.T("%s\t%s, game %d", who, strings.Join(pts, " – "), tt.GameID)
	case tt.GameID != 0:
		return lang.T("%s\tgame %d, going on", who, tt.GameID)
	}
	return lang.T("%s\tits game is being made", who)
}
