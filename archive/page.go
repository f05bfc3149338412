package archive

import (
	"bytes"
	_ "embed"
	"fmt"
	"html/template"
	"io"
	"strconv"
	"strings"

	"pbem/engine"
	"pbem/lang"
	"pbem/picture"
	"pbem/store"
)

// Page is what the HTML archive shows: the players by name (never by
// address: a page is made to be shared), the result, every move and the
// board at every position, 0 the start.
type Page struct {
	// Lang is the language the page is written in.
	Lang    lang.Tag
	Title   string
	Game    string // the game's name for people, as "Amplitude"
	ID      int64
	Status  string // in play, finished or aborted, in the page's language
	Created string
	Seed    uint64
	Options []string // KEY=VALUE, sorted
	Players []PagePlayer
	// Outcome is the result in a sentence: who won, or that the game is
	// drawn, aborted or goes on; Ending says why it ended, when the game
	// says.
	Outcome string
	Ending  string
	Moves   []PageMove
	// Boards are the positions as a spectator sees them, Boards[n] after
	// move n: what game show --at n prints.
	Boards []string
	// Pictures are the boards drawn as the mails' pictures are, Pictures[n]
	// after move n, each marking what move n placed, moved or captured
	// (not the old tokens a pose crossed); nil for a game that draws none.
	// They use the symbols of PictureDefs, and Legend says what they show.
	Pictures    []template.HTML
	PictureDefs template.HTML
	Legend      string
}

// PagePlayer is one seat, in seating order.
type PagePlayer struct {
	Name   string
	Bot    bool
	Score  int
	Winner bool
}

// PageMove is one move of the page's list.
type PageMove struct {
	Number   int
	Turn     int
	Aside    bool
	Player   string
	Notation string // as the other players saw it
	Score    int
	Events   []string
}

// Names are the seats' names on a page: the player's name, a computer's
// label, or "seat N" for a player who gave none, whose address stays out.
func Names(g store.Game) []string {
	names := make([]string, len(g.Seats))
	for i, s := range g.Seats {
		switch {
		case s.Bot != "":
			names[i] = s.Bot
		case s.Name != "":
			names[i] = s.Name
		default:
			names[i] = "seat " + strconv.Itoa(i+1)
		}
	}
	return names
}

// NewPage is the page of game kind g with its history, written in t:
// states[n] is the state after move n, states[0] the start, one more than
// moves. Board and sentences name the seats by names (see Names).
func NewPage(kind engine.Game, g store.Game, moves []store.Move, states []engine.State, t lang.Tag) (Page, error) {
	if len(states) != len(moves)+1 {
		return Page{}, fmt.Errorf("archive page of game %d: %d states for %d moves", g.ID, len(states), len(moves))
	}
	names := Names(g)
	view := engine.View{Seat: -1, Names: names, Lang: t}
	final := states[len(moves)]
	p := Page{
		Lang:  t,
		Title: lang.T("%s, game %d: %s", kind.Name(), g.ID, strings.Join(names, ", ")).In(t),
		Game:  kind.Name(), ID: g.ID, Status: store.StatusWord(g.Status).In(t), Created: g.CreatedAt.UTC().Format(TimeLayout), Seed: g.Seed,
		Ending: engine.Ending(final, view),
	}
	p.Options = OptionPairs(g.Options)
	scores := final.Scores()
	won := map[int]bool{}
	if final.Over() {
		for _, w := range final.Winners() {
			won[w] = true
		}
	}
	for i, s := range g.Seats {
		p.Players = append(p.Players, PagePlayer{Name: names[i], Bot: s.Bot != "", Score: scores[i], Winner: won[i]})
	}
	p.Outcome = outcome(g, final, names, len(moves)).In(t)
	for _, m := range moves {
		notation := m.Notation
		if m.Public != "" {
			notation = m.Public
		}
		notation = engine.NotationIn(kind, notation, t)
		if turn, ok := m.Undoes(); ok {
			notation = store.UndoSaid(turn).In(t)
		}
		p.Moves = append(p.Moves, PageMove{
			Number: m.Number, Turn: m.Turn, Aside: m.Aside, Player: pageNameAt(g, names, m.Seat, m.Number),
			Notation: notation, Score: m.Score, Events: lang.All(m.Events, t),
		})
	}
	for _, st := range states {
		p.Boards = append(p.Boards, st.Render(view))
	}
	if err := p.drawPictures(states, view); err != nil {
		return Page{}, fmt.Errorf("archive page of game %d: %w", g.ID, err)
	}
	return p, nil
}

// drawPictures draws every position as the mails draw a board, as SVG
// (picture.Sheet: a symbol per distinct square, so that a long game's
// page stays small and every board shows without the script): each
// position seen with the one before it as View.Before, so that its marks
// are what its move did, as a mail's are what changed since the reader's
// last board. A game whose states draw no diagram keeps its text boards.
func (p *Page) drawPictures(states []engine.State, view engine.View) error {
	sheet := picture.NewSheet("s")
	for n, st := range states {
		dg, ok := st.(engine.Diagrammer)
		if !ok {
			p.Pictures = nil
			return nil
		}
		v := view
		label := lang.T("The board at the start")
		if n > 0 {
			v.Before = states[n-1]
			label = lang.T("The board after move %d", n)
		}
		d := dg.Diagram(v)
		svg, err := sheet.Board(d, label.In(p.Lang))
		if err != nil {
			return err
		}
		p.Pictures = append(p.Pictures, template.HTML(svg)) // built from escaped text by picture
	}
	p.PictureDefs = template.HTML(sheet.Defs())
	// The legend is the game's for a board seen alone, which calls the
	// marks the last move's, where one seen after another would call them
	// what changed since the reader's last board.
	for n := len(states) - 1; n >= 0 && p.Legend == ""; n-- {
		p.Legend = states[n].(engine.Diagrammer).Diagram(view).Legend
	}
	return nil
}

// outcome says how the game stands after its last move, in a sentence.
func outcome(g store.Game, final engine.State, names []string, moves int) lang.Msg {
	switch {
	case g.Status == store.StatusAborted:
		return lang.Plural(moves, "Aborted after %d move.", "Aborted after %d moves.", moves)
	case !final.Over():
		if seat := final.ToMove(); seat >= 0 {
			return lang.Plural(moves, "In play after %d move: %s to play.", "In play after %d moves: %s to play.", moves, names[seat])
		}
		return lang.Plural(moves, "In play after %d move.", "In play after %d moves.", moves)
	}
	var winners []any
	for _, w := range final.Winners() {
		winners = append(winners, names[w])
	}
	switch len(winners) {
	case 0:
		return lang.T("A draw.")
	case 1:
		return lang.T("%s won.", winners[0])
	}
	return lang.T("%s shared the win.", lang.List(winners...))
}

//go:embed page.html.tmpl
var pageText string

// pageTemplates are the page's template in each language, its sentences
// written through t (as the mail templates write theirs).
var pageTemplates = func() map[lang.Tag]*template.Template {
	out := map[lang.Tag]*template.Template{}
	for _, tag := range lang.Tags {
		out[tag] = template.Must(template.New("page").Funcs(template.FuncMap{
			"t":     func(format string, args ...any) string { return lang.T(format, args...).In(tag) },
			"lang":  func() string { return string(tag) },
			"notes": boardNotes,
		}).Parse(pageText))
	}
	return out
}()

// WriteHTML writes p as one self-contained HTML file: its style and script
// inline, nothing fetched, every board in the page so that it reads
// without the script too. The same page gives the same bytes.
func WriteHTML(w io.Writer, p Page) error {
	var buf bytes.Buffer
	tmpl, ok := pageTemplates[p.Lang]
	if !ok {
		tmpl = pageTemplates[lang.English]
	}
	if err := tmpl.Execute(&buf, p); err != nil {
		return fmt.Errorf("archive page of game %d: %w", p.ID, err)
	}
	_, err := w.Write(buf.Bytes())
	return err
}

// Position is one board of the page with the move that led to it; Move is
// nil for the start. Picture is "" when the page has no pictures.
type Position struct {
	N       int
	Board   string
	Picture template.HTML
	Move    *PageMove
}

// Positions are the page's boards, each with its move, for the template.
func (p Page) Positions() []Position {
	out := make([]Position, len(p.Boards))
	for n, b := range p.Boards {
		out[n] = Position{N: n, Board: b}
		if n < len(p.Pictures) {
			out[n].Picture = p.Pictures[n]
		}
		if n > 0 {
			out[n].Move = &p.Moves[n-1]
		}
	}
	return out
}

// boardNotes is what a rendered board says under its grid (the last move,
// the scores, whose turn it is): its lines after the first empty one. Under
// a picture the page shows these as text, as a mail's HTML part does.
func boardNotes(board string) string {
	lines := strings.Split(board, "\n")
	for i, line := range lines {
		if i > 0 && strings.TrimSpace(line) == "" {
			return strings.Trim(strings.Join(lines[i+1:], "\n"), "\n")
		}
	}
	return ""
}
