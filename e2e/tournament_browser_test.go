package e2e

import (
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestTournamentPageInBrowser opens a finished tournament's page (pbem
// tournament export --format html) in headless Chromium at a phone's 390
// pixels: it fetches nothing and writes nothing to the console, never
// scrolls sideways though an entrant's name is long, and shows every
// entrant's line of the standings and every round. The tournament: a
// Swiss of three rounds for four computer seats and a person with a long
// name, whom the operator withdraws at once (their game resigned, the
// rest forfeited), so that the computers play it to the end.
func TestTournamentPageInBrowser(t *testing.T) {
	browser := newBrowser(t)
	e := newEnv(t, nil)
	long := "Ann Wolfeschlegelsteinhausenbergerdorff-Montgomery"
	id := strings.TrimSpace(e.pbem(t, "tournament", "new", "chiffres", "swiss", "--rounds", "3", "--player", "ann@example.org:"+long,
		"--bot", "easy", "--bot", "normal", "--bot", "easy", "--bot", "normal"))
	e.pbem(t, "tournament", "withdraw", id, "ann@example.org")
	require.Contains(t, e.pbem(t, "tournament", "list"), "finished")
	file := filepath.Join(t.TempDir(), "tournament.html")
	require.NoError(t, os.WriteFile(file, []byte(e.pbem(t, "tournament", "export", id, "--format", "html")), 0o644))
	url := "file://" + file

	tab, cancel := chromedp.NewContext(browser)
	defer cancel()
	ctx, cancelTimeout := context.WithTimeout(tab, time.Minute)
	defer cancelTimeout()
	watch := watchPage(t, ctx, url)
	require.NoError(t, chromedp.Do(ctx, chromedp.EmulateViewport(phoneWidth, 800), chromedp.Navigate(url)))
	var page struct {
		ScrollWidth int      `json:"scrollWidth"`
		Rows        []string `json:"rows"`
		Visible     int      `json:"visible"`
		TableRight  float64  `json:"tableRight"`
		Rounds      int      `json:"rounds"`
	}
	raw, err := chromedp.Run(ctx, chromedp.Evaluate[[]byte](`({
		scrollWidth: document.documentElement.scrollWidth,
		rows: Array.from(document.querySelectorAll("table.standings tbody tr"), r => r.innerText),
		visible: Array.from(document.querySelectorAll("table.standings tbody tr"), r => r.getBoundingClientRect().height > 0).filter(Boolean).length,
		tableRight: document.querySelector("table.standings").getBoundingClientRect().right,
		rounds: document.querySelectorAll("ol.tables").length,
	})`))
	require.NoError(t, err)
	require.NoError(t, json.Unmarshal(raw, &page))
	assert.LessOrEqual(t, page.ScrollWidth, phoneWidth, "the page scrolls sideways")
	assert.LessOrEqual(t, page.TableRight, float64(phoneWidth), "the standings fit the screen")
	require.Len(t, page.Rows, 5)
	assert.Equal(t, 5, page.Visible, "every line of the standings shows")
	assert.Contains(t, strings.Join(page.Rows, "\n"), "Wolfeschlegelsteinhausenbergerdorff")
	assert.Equal(t, 3, page.Rounds)
	watch.check(t)
}
