package e2e

import (
	"context"
	"encoding/json"
	"fmt"
	"os/exec"
	"path/filepath"
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
// fetches nothing, never scrolls sideways, the right arrow steps through
// the moves showing after N presses the board pbem game show --at N
// prints, Home and End, a click on a move and a #move-N link go where
// they say, and with JavaScript off every board is on the page. Without
// chromium the test is skipped, unless PBEM_E2E_BROWSER=1 (as .ci/run
// sets once it installed chromium), where that is a failure.
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
			boards := cliBoards(t, e, id)
			t.Logf("%s: game show --at N for %d positions in %v", g.game, len(boards), time.Since(cli).Round(time.Millisecond))
			require.Greater(t, len(boards), 2)
			last := len(boards) - 1
			url := "file://" + file

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
				require.Equal(t, boards[want], v.Board, "%s: the board shown is game show --at %d's", what, want)
				if want > 0 || v.Hash != "" {
					require.Equal(t, fmt.Sprintf("#move-%d", want), v.Hash, "%s: the URL names the position", what)
				}
				require.Equal(t, fmt.Sprintf("m-%d", want), v.Current, "%s: the move is highlighted in the list", what)
				require.LessOrEqual(t, v.ScrollWidth, phoneWidth, "%s: the page scrolls sideways", what)
			}
			at("on load", 0)
			for n := 1; n <= last; n++ {
				require.NoError(t, chromedp.Do(ctx, chromedp.KeyEvent(kb.ArrowRight)))
				at(fmt.Sprintf("after %d presses of the right arrow", n), n)
			}
			require.NoError(t, chromedp.Do(ctx, chromedp.KeyEvent(kb.ArrowRight)))
			at("right arrow at the last move", last)
			require.NoError(t, chromedp.Do(ctx, chromedp.KeyEvent(kb.Home)))
			at("Home", 0)
			require.NoError(t, chromedp.Do(ctx, chromedp.KeyEvent(kb.ArrowLeft)))
			at("left arrow at the start", 0)
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
				Boards      []string `json:"boards"`
				Shown       int      `json:"shown"`
				ScrollWidth int      `json:"scrollWidth"`
				Steps       bool     `json:"steps"`
			}
			raw, err := chromedp.Run(ctx, chromedp.Evaluate[[]byte](`({
				boards: Array.from(document.querySelectorAll(".position pre"), p => p.textContent),
				shown: Array.from(document.querySelectorAll(".position"), f => getComputedStyle(f).display !== "none").filter(Boolean).length,
				scrollWidth: document.documentElement.scrollWidth,
				steps: !document.getElementById("steps").hidden,
			})`))
			require.NoError(t, err)
			require.NoError(t, json.Unmarshal(raw, &all))
			assert.Equal(t, boards, all.Boards, "without JavaScript every board is in the page")
			assert.Equal(t, len(boards), all.Shown, "without JavaScript every board shows")
			assert.False(t, all.Steps, "the step buttons stay hidden without the script that works them")
			assert.LessOrEqual(t, all.ScrollWidth, phoneWidth, "without JavaScript the page scrolls sideways")
			watch.check(t)
			t.Logf("%s: %d moves stepped through in %v", g.game, last, time.Since(began).Round(time.Millisecond))
		})
	}
}

// cliBoards are the boards pbem game show --at N prints for every N from
// 0 to the game's last move: the text after its heading line.
func cliBoards(t *testing.T, e *env, id string) []string {
	t.Helper()
	var h []historyMove
	require.NoError(t, json.Unmarshal([]byte(e.pbem(t, "game", "history", id, "--json")), &h))
	boards := make([]string, len(h)+1)
	var wg sync.WaitGroup
	errs := make([]error, len(boards))
	sem := make(chan struct{}, 4)
	for n := range boards {
		wg.Add(1)
		go func() {
			defer wg.Done()
			sem <- struct{}{}
			defer func() { <-sem }()
			out, err := e.command(context.Background(), "game", "show", id, "--at", strconv.Itoa(n)).Output()
			if err != nil {
				if exit, ok := err.(*exec.ExitError); ok {
					err = fmt.Errorf("%w: %s", err, exit.Stderr)
				}
				errs[n] = fmt.Errorf("game show --at %d: %w", n, err)
				return
			}
			head, board, ok := strings.Cut(string(out), "\n\n")
			if !ok || !strings.HasSuffix(head, fmt.Sprintf("after move %d of %d.", n, len(h))) {
				errs[n] = fmt.Errorf("game show --at %d printed no heading then board:\n%s", n, out)
				return
			}
			boards[n] = board
		}()
	}
	wg.Wait()
	for _, err := range errs {
		require.NoError(t, err)
	}
	return boards
}

// shownBoard is what a page shows: its boards displayed, the text of the
// one (or first) shown, the URL's fragment, the move highlighted and the
// page's width.
type shownBoard struct {
	Shown       int    `json:"shown"`
	Board       string `json:"board"`
	Hash        string `json:"hash"`
	Current     string `json:"current"`
	ScrollWidth int    `json:"scrollWidth"`
}

func visible(t *testing.T, ctx context.Context) shownBoard {
	t.Helper()
	raw, err := chromedp.Run(ctx, chromedp.Evaluate[[]byte](`(() => {
		const shown = Array.from(document.querySelectorAll(".position")).filter(f => getComputedStyle(f).display !== "none");
		const cur = document.querySelectorAll("#moves > li.current");
		return {
			shown: shown.length,
			board: shown.length ? shown[0].querySelector("pre").textContent : "",
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
