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
	Title, GameName, FormatText, StatusText string
	RoundsPlayed                            []pageRound
}

// pageRound is one round of the page.
type pageRound struct {
	Round  int
	Tables []pageTable
}

// pageTable is one table of a round, said.
type pageTable struct {
	Names  string
	Result string
	GameID int64
	Bye    bool
}

// Page is t's page in t's reader's language tag, named by gameName (the
// game's display name).
func Page(t store.Tournament, gameName string, tag lang.Tag) ([]byte, error) {
	tmpl, err := template.New("page").Funcs(template.FuncMap{
		"t":    func(format string, args ...any) string { return lang.T(format, args...).In(tag) },
		"pts":  func(p float64) string { return Points(p, tag) },
		"lang": func() string { return string(tag) },
	}).Parse(pageSource)
	if err != nil {
		return nil, fmt.Errorf("tournament page: %w", err)
	}
	p := page{Record: RecordOf(t), GameName: gameName, FormatText: FormatMsg(t).In(tag), StatusText: StatusWord(t.Status).In(tag)}
	p.Title = lang.T("Tournament %d: %s, %s", t.ID, gameName, FormatMsg(t)).In(tag)
	for _, rt := range p.Tables {
		if len(p.RoundsPlayed) == 0 || p.RoundsPlayed[len(p.RoundsPlayed)-1].Round != rt.Round {
			p.RoundsPlayed = append(p.RoundsPlayed, pageRound{Round: rt.Round})
		}
		pt := pageTable{Names: strings.Join(rt.Names, " – "), GameID: rt.GameID, Bye: rt.Bye}
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
