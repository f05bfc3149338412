package tournament

import (
	"bytes"
	_ "embed"
	"fmt"
	"html/template"
	"strings"

	"pbem/lang"
	"pbem/store"
)

// The tournament's page (pbem tournament export --format html): one HTML
// file, self-contained (its style inline, no script, nothing fetched),
// that a club puts on its site: the standings with their tie-breaks, then
// each round's tables with their results and game numbers. Its tables fit
// a phone's 390 pixels: the standings' columns are narrow numbers beside a
// name that wraps, and the rounds are lists.

//go:embed page.html.tmpl
var pageSource string

// page is the data of the page.
type page struct {
	Record
	Title, Meta  string
	RoundsPlayed []pageRound
	// W are the page's words in its language, by their English.
	W map[string]string
}

// pageRound is one round of the page.
type pageRound struct {
	Round  int
	Title  string
	Tables []pageTable
}

// pageTable is one table of a round, said.
type pageTable struct {
	Names  string
	Result string
	Game   string // "game 12", "" for a bye
	Bye    bool
}

// Page is t's page in t's reader's language tag, named by gameName (the
// game's display name).
func Page(t store.Tournament, gameName string, tag lang.Tag) ([]byte, error) {
	tmpl, err := template.New("page").Funcs(template.FuncMap{
		"pts":  func(p float64) string { return Points(p, tag) },
		"lang": func() string { return string(tag) },
	}).Parse(pageSource)
	if err != nil {
		return nil, fmt.Errorf("tournament page: %w", err)
	}
	p := page{Record: RecordOf(t), W: map[string]string{}}
	for _, w := range []lang.Msg{lang.T("Standings"), lang.T("Name"), lang.T("Pts"), lang.T("W-D-L"), lang.T("withdrawn"), lang.T("out"),
		lang.T("Rounds"), lang.T("a bye"), lang.T("options"), lang.T("The tournament has not started."),
		lang.T("Pts: points (a win 1, a draw ½, a bye 1). Bh: Buchholz, the sum of the opponents' points. SB: Sonneborn–Berger, the points of the opponents beaten, and half those of the opponents drawn. W-D-L: won, drawn, lost.")} {
		p.W[w.Format] = w.In(tag)
	}
	p.Title = lang.T("Tournament %d: %s, %s", t.ID, gameName, FormatMsg(t)).In(tag)
	p.Meta = lang.T("Status: %s; round %d of %d; %d entrants", StatusWord(t.Status), t.Round, p.Rounds, len(p.Entrants)).In(tag)
	for _, rt := range p.Tables {
		if len(p.RoundsPlayed) == 0 || p.RoundsPlayed[len(p.RoundsPlayed)-1].Round != rt.Round {
			p.RoundsPlayed = append(p.RoundsPlayed, pageRound{Round: rt.Round, Title: lang.T("Round %d", rt.Round).In(tag)})
		}
		pt := pageTable{Names: strings.Join(rt.Names, " – "), Bye: rt.Bye}
		if rt.GameID != 0 {
			pt.Game = lang.T("game %d", rt.GameID).In(tag)
		}
		if rt.Points != nil && !rt.Bye {
			res := make([]string, len(rt.Points))
			for i, x := range rt.Points {
				res[i] = Points(x, tag)
			}
			pt.Result = strings.Join(res, " – ")
		}
		last := &p.RoundsPlayed[len(p.RoundsPlayed)-1]
		last.Tables = append(last.Tables, pt)
	}
	var b bytes.Buffer
	if err := tmpl.Execute(&b, p); err != nil {
		return nil, fmt.Errorf("tournament page: %w", err)
	}
	return b.Bytes(), nil
}
