package archive

import (
	"bytes"
	"regexp"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"pbem/engine"
	"pbem/lang"
	"pbem/store"
)

// TestWriteHTMLGolden renders the page of one whole game of each type and
// compares it with testdata/GAME.html: the same game gives the same bytes.
func TestWriteHTMLGolden(t *testing.T) {
	for _, s := range samples() {
		t.Run(s.name, func(t *testing.T) {
			p := play(t, s)
			page, err := NewPage(p.kind, p.game, p.moves, p.states, lang.English)
			require.NoError(t, err)
			var a, b bytes.Buffer
			require.NoError(t, WriteHTML(&a, page))
			require.NoError(t, WriteHTML(&b, page))
			require.Equal(t, a.String(), b.String(), "one page, one output")
			golden(t, s.name+".html", a.Bytes())
		})
	}
}

// TestPageHoldsEveryPosition checks the page's content against the game:
// a board per position, each the spectator's rendering, a figure and a
// move-list entry per move, no address and no unescaped name.
func TestPageHoldsEveryPosition(t *testing.T) {
	for _, s := range samples() {
		t.Run(s.name, func(t *testing.T) {
			p := play(t, s)
			page, err := NewPage(p.kind, p.game, p.moves, p.states, lang.English)
			require.NoError(t, err)
			require.Len(t, page.Boards, len(p.moves)+1)
			names := Names(p.game)
			for n, st := range p.states {
				assert.Equal(t, st.Render(engine.View{Seat: -1, Names: names}), page.Boards[n])
			}
			var buf bytes.Buffer
			require.NoError(t, WriteHTML(&buf, page))
			html := buf.String()
			assert.Len(t, regexp.MustCompile(`<figure class="position" id="move-\d+"`).FindAllString(html, -1), len(p.moves)+1)
			assert.Len(t, regexp.MustCompile(`<li id="m-\d+"`).FindAllString(html, -1), len(p.moves)+1)
			assert.NotContains(t, html, "example.org", "a page names players, never their addresses")
			assert.NotContains(t, html, "<b>", "a name is text, not markup")
			assert.NotRegexp(t, `(?i)<(link|img|iframe)\b|src=|@import|url\(`, html, "a page fetches nothing")
			for _, seat := range p.game.Seats {
				if seat.Name == "" && seat.Bot == "" {
					assert.Contains(t, html, "seat 2", "a player without a name is their seat")
				}
			}
		})
	}
}

func TestNamesKeepAddressesOut(t *testing.T) {
	g := store.Game{Seats: []store.Seat{{Email: "ann@example.org", Name: "Ann"}, {Email: "bob@example.org"}, {Bot: "Robot"}}}
	assert.Equal(t, []string{"Ann", "seat 2", "Robot"}, Names(g))
}

func TestOutcome(t *testing.T) {
	p := play(t, samples()[0])
	names := Names(p.game)
	final := p.states[len(p.states)-1]
	for _, c := range []struct {
		name   string
		status string
		state  engine.State
		want   string
	}{
		{"finished", store.StatusFinished, final, "won."},
		{"aborted", store.StatusAborted, p.states[3], "Aborted after 17 moves."},
		{"going on", store.StatusActive, p.states[3], "In play after 17 moves: "},
	} {
		t.Run(c.name, func(t *testing.T) {
			g := p.game
			g.Status = c.status
			got := outcome(g, c.state, names, len(p.moves)).String()
			assert.True(t, strings.Contains(got, c.want), "%q should hold %q", got, c.want)
		})
	}
}

func TestNewPageNeedsAStatePerPosition(t *testing.T) {
	p := play(t, samples()[0])
	_, err := NewPage(p.kind, p.game, p.moves, p.states[1:], lang.English)
	assert.ErrorContains(t, err, "states")
}

// TestWriteHTMLInFrench: the page in French has French words around the
// same boards, the boards' own words in French, and moves in French words.
func TestWriteHTMLInFrench(t *testing.T) {
	for _, s := range samples() {
		t.Run(s.name, func(t *testing.T) {
			p := play(t, s)
			page, err := NewPage(p.kind, p.game, p.moves, p.states, lang.French)
			require.NoError(t, err)
			var b bytes.Buffer
			require.NoError(t, WriteHTML(&b, page))
			html := b.String()
			assert.Contains(t, html, `<html lang="fr">`)
			for _, fr := range []string{"<h2>Résultat</h2>", "<h2>Coups</h2>", "Le départ", `data-move="Coup %d sur %d"`, "finie"} {
				assert.Contains(t, html, fr)
			}
			for _, en := range []string{"<h2>Result</h2>", "The start", "Next move", "started"} {
				assert.NotContains(t, html, en)
			}
			view := engine.View{Seat: -1, Names: Names(p.game), Lang: lang.French}
			assert.Equal(t, p.states[len(p.moves)].Render(view), page.Boards[len(p.moves)], "the board as a French reader sees it")
			for _, m := range page.Moves {
				assert.NotRegexp(t, `\b(right|down|drop|pass|resign)\b`, m.Notation)
			}
		})
	}
}
