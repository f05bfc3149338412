package e2e

import (
	"context"
	"encoding/json"
	"fmt"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/chromedp/cdproto/emulation"
	"github.com/chromedp/cdproto/network"
	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestArchivePageInBrowser opens the HTML archive of a finished game of
// each type in a real headless Chromium (Debian's chromium), 390×800 like
// a phone: the page loads without a console message or exception and
// fetches nothing, never scrolls sideways, opens on the last move, Home
// goes to the start, the right arrow steps through the moves showing
// after N presses the position pbem game show --at N prints (its picture
// holding game show --json's tokens square by square, as wide as the
// screen, and the text under its board), End, a click on a move and a
// #move-N link go where they say; each Amplitude pose marks exactly the
// tokens it laid, not the old ones its line crossed; and with JavaScript
// off every board is on the page, pictures and all. Without chromium the
// test is skipped, unless PBEM_E2E_BROWSER=1 (as .ci/run sets once it
// installed chromium), where that is a failure.
func TestArchivePageInBrowser(t *testing.T) {
	games := []struct {
		game string
		args []string
	}{
		// Names with the characters HTML escapes that a name may hold (a
		// name holds no < > or "): the board's text must still be the
		// CLI's, character for character.
		{"amplitude", []string{"--bot", `Ann &amp;`, "--bot", `Bob O'Neil & Co`, "--seed", "1"}},
		{"chiffres", []string{"--bot", "Ann", "--bot", "Bob", "--bot", "Cléo", "--seed", "3"}},
		{"ludicitude", []string{"--bot", "White", "--bot", "Black", "--seed", "1737", "--option", "bot_nodes=1000"}},
	}

	start := time.Now()
	browser := newBrowser(t)
	t.Logf("chromium started in %v", time.Since(start).Round(time.Millisecond))

	e := newEnv(t, nil)
	for _, g := range games {
		t.Run(g.game, func(t *testing.T) {
			began := time.Now()
			id := strings.TrimSpace(e.pbem(t, append([]string{"game", "new", g.game}, g.args...)...))
			file := filepath.Join(t.TempDir(), g.game+".html")
			e.pbem(t, "game", "export", id, "--format", "html", "-o", file)
			cli := time.Now()
			positions := cliPositions(t, e, id)
			t.Logf("%s: game show --at N for %d positions in %v", g.game, len(positions), time.Since(cli).Round(time.Millisecond))
			require.Greater(t, len(positions), 2)
			last := len(positions) - 1
			url := "file://" + file
			if g.game == "amplitude" {
				poseMarks(t, positions)
			}

			tab, cancel := chromedp.NewContext(browser)
			defer cancel()
			ctx, cancelTimeout := context.WithTimeout(tab, time.Minute)
			defer cancelTimeout()
			watch := watchPage(t, ctx, url)
			require.NoError(t, chromedp.Do(ctx, chromedp.EmulateViewport(phoneWidth, 800), chromedp.Navigate(url)))

			at := func(what string, want int) {
				t.Helper()
				v := visible(t, ctx)
				require.Equal(t, 1, v.Shown, "%s: one board shows at a time", what)
				require.Equal(t, positions[want].notes, v.Notes, "%s: the text under the board is game show --at %d's", what, want)
				positions[want].holds(t, v.Picture, fmt.Sprintf("%s: the picture", what))
				if want != last || v.Hash != "" {
					require.Equal(t, fmt.Sprintf("#move-%d", want), v.Hash, "%s: the URL names the position", what)
				}
				require.Equal(t, fmt.Sprintf("m-%d", want), v.Current, "%s: the move is highlighted in the list", what)
				require.LessOrEqual(t, v.ScrollWidth, phoneWidth, "%s: the page scrolls sideways", what)
			}
			at("on load, the last move", last)
			require.NoError(t, chromedp.Do(ctx, chromedp.KeyEvent(kb.ArrowRight)))
			at("right arrow at the last move", last)
			require.NoError(t, chromedp.Do(ctx, chromedp.KeyEvent(kb.Home)))
			at("Home", 0)
			require.NoError(t, chromedp.Do(ctx, chromedp.KeyEvent(kb.ArrowLeft)))
			at("left arrow at the start", 0)
			for n := 1; n <= last; n++ {
				require.NoError(t, chromedp.Do(ctx, chromedp.KeyEvent(kb.ArrowRight)))
				at(fmt.Sprintf("after %d presses of the right arrow", n), n)
			}
			require.NoError(t, chromedp.Do(ctx, chromedp.KeyEvent(kb.Home)))
			at("Home again", 0)
			require.NoError(t, chromedp.Do(ctx, chromedp.KeyEvent(kb.End)))
			at("End", last)
			require.NoError(t, chromedp.Do(ctx, chromedp.KeyEvent(kb.ArrowLeft)))
			at("left arrow from the end", last-1)
			require.NoError(t, chromedp.Do(ctx, chromedp.Click(chromedp.CSS("#m-2 a"))))
			at("a click on move 2", 2)
			require.NoError(t, chromedp.Do(ctx, chromedp.Click(chromedp.CSS(`#steps [data-step="next"]`))))
			at("the next button", 3)
			require.NoError(t, chromedp.Do(ctx, chromedp.Navigate(url+"#move-"+strconv.Itoa(last-1))))
			at("a link to a position", last-1)
			watch.check(t)

			// With JavaScript off, every board is on the page, in order.
			noJS, cancel := chromedp.NewContext(browser)
			defer cancel()
			ctx, cancelTimeout = context.WithTimeout(noJS, time.Minute)
			defer cancelTimeout()
			watch = watchPage(t, ctx, url)
			_, err := chromedp.Call(ctx, emulation.SetScriptExecutionDisabled, emulation.SetScriptExecutionDisabledParams{Value: true})
			require.NoError(t, err)
			require.NoError(t, chromedp.Do(ctx, chromedp.EmulateViewport(phoneWidth, 800), chromedp.Navigate(url)))
			var all struct {
				Notes       []string      `json:"notes"`
				Pictures    []pagePicture `json:"pictures"`
				Shown       int           `json:"shown"`
				ScrollWidth int           `json:"scrollWidth"`
				Steps       bool          `json:"steps"`
			}
			raw, err := chromedp.Run(ctx, chromedp.Evaluate[[]byte](pictureJS+`({
				notes: Array.from(document.querySelectorAll(".position pre"), p => p.textContent),
				pictures: Array.from(document.querySelectorAll(".position"), picture),
				shown: Array.from(document.querySelectorAll(".position"), f => getComputedStyle(f).display !== "none").filter(Boolean).length,
				scrollWidth: document.documentElement.scrollWidth,
				steps: !document.getElementById("steps").hidden,
			})`))
			require.NoError(t, err)
			require.NoError(t, json.Unmarshal(raw, &all))
			var notes []string
			for _, p := range positions {
				notes = append(notes, p.notes)
			}
			assert.Equal(t, notes, all.Notes, "without JavaScript every board is in the page")
			require.Len(t, all.Pictures, len(positions), "without JavaScript every picture is in the page")
			for n, p := range positions {
				p.holds(t, all.Pictures[n], fmt.Sprintf("without JavaScript, the picture of position %d", n))
			}
			assert.Equal(t, len(positions), all.Shown, "without JavaScript every board shows")
			assert.False(t, all.Steps, "the step buttons stay hidden without the script that works them")
			assert.LessOrEqual(t, all.ScrollWidth, phoneWidth, "without JavaScript the page scrolls sideways")
			watch.check(t)
			t.Logf("%s: %d moves stepped through in %v", g.game, last, time.Since(began).Round(time.Millisecond))
		})
	}
}

// position is what pbem game show --at N says of one position: the text
// under its board (its lines after the first empty one, what a page shows
// under the picture), from --json its board's rows, and the move that led
// to it from game history --json. laid, when set, are the squares whose
// marks the picture must show, and no other.
type position struct {
	notes string
	rows  []string
	move  string
	laid  map[[2]int]bool
}

// cliPositions are the positions pbem game show --at N prints for every N
// from 0 to the game's last move.
func cliPositions(t *testing.T, e *env, id string) []position {
	t.Helper()
	var h []historyMove
	require.NoError(t, json.Unmarshal([]byte(e.pbem(t, "game", "history", id, "--json")), &h))
	out := make([]position, len(h)+1)
	var wg sync.WaitGroup
	errs := make([]error, len(out))
	sem := make(chan struct{}, 4)
	show := func(n int, args ...string) ([]byte, error) {
		b, err := e.command(context.Background(), append([]string{"game", "show", id, "--at", strconv.Itoa(n)}, args...)...).Output()
		if exit, ok := err.(*exec.ExitError); ok {
			err = fmt.Errorf("%w: %s", err, exit.Stderr)
		}
		return b, err
	}
	for n := range out {
		if n > 0 {
			out[n].move = h[n-1].Notation
		}
		wg.Add(1)
		go func() {
			defer wg.Done()
			sem <- struct{}{}
			defer func() { <-sem }()
			text, err := show(n)
			if err != nil {
				errs[n] = fmt.Errorf("game show --at %d: %w", n, err)
				return
			}
			head, board, ok := strings.Cut(string(text), "\n\n")
			if !ok || !strings.HasSuffix(head, fmt.Sprintf("after move %d of %d.", n, len(h))) {
				errs[n] = fmt.Errorf("game show --at %d printed no heading then board:\n%s", n, text)
				return
			}
			if _, notes, ok := strings.Cut(board, "\n\n"); ok {
				out[n].notes = strings.Trim(notes, "\n")
			}
			raw, err := show(n, "--json")
			if err != nil {
				errs[n] = fmt.Errorf("game show --at %d --json: %w", n, err)
				return
			}
			var g struct {
				Board []string `json:"board"`
			}
			if err := json.Unmarshal(raw, &g); err != nil || len(g.Board) == 0 {
				errs[n] = fmt.Errorf("game show --at %d --json holds no board (%v):\n%s", n, err, raw)
				return
			}
			out[n].rows = g.Board
		}()
	}
	wg.Wait()
	for _, err := range errs {
		require.NoError(t, err)
	}
	return out
}

// tokens are the position's tokens by row and column as game show --json
// writes them: a digit, or Ludicitude's cube as its owner's letter and its
// level. Every board is square, so a square is a row's length over the
// number of rows in characters; dots are an empty square, ## a wall.
func (p position) tokens() map[[2]int]string {
	out := map[[2]int]string{}
	for r, row := range p.rows {
		width := len(row) / len(p.rows)
		for c := 0; c+width <= len(row); c += width {
			if sq := row[c : c+width]; strings.Trim(sq, ".#") != "" {
				out[[2]int{r, c / width}] = sq
			}
		}
	}
	return out
}

// holds checks that pic draws the position's tokens, each on its square
// (a cube's owner by its seat: White 0, Black 1) and nothing else, that it
// marks the squares of laid when those are known, and that it fills a
// phone's width.
func (p position) holds(t *testing.T, pic pagePicture, what string) {
	t.Helper()
	require.Positive(t, pic.Width, "%s: the position has a picture", what)
	got := map[[2]int]string{}
	marked := map[[2]int]bool{}
	for _, c := range pic.Cells {
		q := [2]int{c.Row, c.Col}
		if c.M == "1" {
			marked[q] = true
		}
		if c.T == "" {
			continue
		}
		if c.O != "" && len(p.rows[0]) == 2*len(p.rows) {
			got[q] = string("WB"[c.O[0]-'0']) + c.T
		} else {
			got[q] = c.T
		}
	}
	require.Equal(t, p.tokens(), got, "%s holds the position's tokens", what)
	if p.laid != nil {
		require.Equal(t, p.laid, marked, "%s marks the tokens the move laid, and no other", what)
	}
	require.Greater(t, pic.Width, 0.8*phoneWidth, "%s fills the screen's width", what)
	require.LessOrEqual(t, pic.Width, float64(phoneWidth), "%s fits the screen", what)
}

// poseMarks sets, for each pose of an Amplitude game, the squares its
// picture must mark: those it laid a token on, empty before it, never the
// old tokens its line crossed. A game whose poses crossed no token would
// not test that, so some pose must: its line, from its notation ("H3 down
// 691278"), holds an old token.
func poseMarks(t *testing.T, positions []position) {
	t.Helper()
	pose := regexp.MustCompile(`^([A-O])(\d+) (right|down) (\d+)`)
	crossing := 0
	for n := 1; n < len(positions); n++ {
		before := positions[n-1].tokens()
		positions[n].laid = map[[2]int]bool{}
		for q := range positions[n].tokens() {
			if _, old := before[q]; !old {
				positions[n].laid[q] = true
			}
		}
		m := pose.FindStringSubmatch(positions[n].move)
		if m == nil {
			continue
		}
		row, _ := strconv.Atoi(m[2])
		q := [2]int{row - 1, int(m[1][0] - 'A')}
		old := 0
		for range m[4] {
			if _, ok := before[q]; ok {
				old++
			}
			if m[3] == "down" {
				q[0]++
			} else {
				q[1]++
			}
		}
		require.Equal(t, len(m[4]), old+len(positions[n].laid), "move %d (%s): its line is the tokens it laid and those it crossed", n, positions[n].move)
		if old > 0 {
			crossing++
		}
	}
	require.Positive(t, crossing, "some pose of the game crosses old tokens")
}

// pagePicture is what a position's picture draws over its empty board,
// read back from its symbols' data attributes (see picture.Sheet), and
// its width on the screen.
type pagePicture struct {
	Cells []struct {
		Row int    `json:"row"`
		Col int    `json:"col"`
		T   string `json:"t"`
		O   string `json:"o"`
		M   string `json:"m"`
	} `json:"cells"`
	Width float64 `json:"width"`
}

// pictureJS defines picture(figure), which reads a position's picture as
// a pagePicture.
const pictureJS = `function picture(fig) {
	const svg = fig.querySelector("svg.pic");
	if (!svg) { return {cells: [], width: 0}; }
	const uses = Array.from(svg.querySelectorAll("use"));
	const sym = u => document.getElementById(u.getAttribute("href").slice(1));
	const board = sym(uses[0]).dataset;
	const cell = +board.cell, x0 = +board.x, y0 = +board.y;
	return {
		cells: uses.slice(1).map(u => {
			const d = sym(u).dataset;
			return {row: (u.y.baseVal.value - y0) / cell, col: (u.x.baseVal.value - x0) / cell, t: d.t || "", o: d.o || "", m: d.m || ""};
		}),
		width: svg.getBoundingClientRect().width,
	};
}
`

// shownBoard is what a page shows: its positions displayed, the text and
// the picture of the one (or first) shown, the URL's fragment, the move
// highlighted and the page's width.
type shownBoard struct {
	Shown       int         `json:"shown"`
	Notes       string      `json:"notes"`
	Picture     pagePicture `json:"picture"`
	Hash        string      `json:"hash"`
	Current     string      `json:"current"`
	ScrollWidth int         `json:"scrollWidth"`
}

func visible(t *testing.T, ctx context.Context) shownBoard {
	t.Helper()
	raw, err := chromedp.Run(ctx, chromedp.Evaluate[[]byte](pictureJS+`(() => {
		const shown = Array.from(document.querySelectorAll(".position")).filter(f => getComputedStyle(f).display !== "none");
		const cur = document.querySelectorAll("#moves > li.current");
		return {
			shown: shown.length,
			notes: shown.length ? shown[0].querySelector("pre").textContent : "",
			picture: shown.length ? picture(shown[0]) : {cells: [], width: 0},
			hash: location.hash,
			current: cur.length === 1 ? cur[0].id : "",
			scrollWidth: document.documentElement.scrollWidth,
		};
	})()`))
	require.NoError(t, err)
	var v shownBoard
	require.NoError(t, json.Unmarshal(raw, &v))
	return v
}

// pageWatch collects what a page must not do: write to the console, throw,
// or fetch anything but its own file.
type pageWatch struct {
	mu       sync.Mutex
	problems []string
}

func watchPage(t *testing.T, ctx context.Context, url string) *pageWatch {
	t.Helper()
	w := &pageWatch{}
	add := func(format string, args ...any) {
		w.mu.Lock()
		defer w.mu.Unlock()
		w.problems = append(w.problems, fmt.Sprintf(format, args...))
	}
	messages := chromedp.Console(ctx)
	requests := chromedp.Events(ctx, network.RequestWillBeSent)
	go func() {
		for m, err := range messages {
			if err != nil {
				return
			}
			add("console %s: %s", m.Type, m)
		}
	}()
	go func() {
		for ev, err := range requests {
			if err != nil {
				return
			}
			if u, _, _ := strings.Cut(ev.Request.URL, "#"); u != url {
				add("the page fetched %s", ev.Request.URL)
			}
		}
	}()
	return w
}

// check fails the test with every problem seen so far.
func (w *pageWatch) check(t *testing.T) {
	t.Helper()
	w.mu.Lock()
	defer w.mu.Unlock()
	assert.Empty(t, w.problems, "the page wrote to the console, threw or fetched something")
}
