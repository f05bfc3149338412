package e2e

import (
	"context"
	"encoding/base64"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"pbem/server/tournament"
)

// phoneMail is a mail to look at on a phone: what it is, and whether its
// HTML part must show a picture.
type phoneMail struct {
	kind    string // "turn, pictures off"
	name    string // its game, language and kind: "chiffres fr turn, pictures off"
	raw     []byte
	picture bool
}

// htmlForBrowser is the HTML part of raw with every cid: URL replaced by
// a data: URI of the part it names, as a mail client shows it; and how
// many pictures it holds.
func htmlForBrowser(t *testing.T, raw []byte) (string, int) {
	t.Helper()
	parts, err := mimeParts(raw)
	if err != nil {
		t.Fatal(err)
	}
	var html string
	images := map[string]string{}
	for _, p := range parts {
		switch {
		case p.Type == "text/html":
			html = string(p.Body)
		case strings.HasPrefix(p.Type, "image/"):
			images[p.ContentID] = "data:" + p.Type + ";base64," + base64.StdEncoding.EncodeToString(p.Body)
		}
	}
	if html == "" {
		t.Fatal("the mail has no HTML part")
	}
	n := 0
	html = regexp.MustCompile(`cid:([^"]+)`).ReplaceAllStringFunc(html, func(ref string) string {
		uri, ok := images[strings.TrimPrefix(ref, "cid:")]
		if !ok {
			t.Errorf("the HTML names %s, which the mail does not carry", ref)
			return ref
		}
		n++
		return uri
	})
	return html, n
}

// mailLangs are the languages every kind of mail is looked at in.
var mailLangs = []string{"en", "fr"}

// phoneMails plays through pbem ingest and the operator's commands what
// brings every kind of mail of every game, in each language (the
// server's, PBEM_LANG): the invitation, a turn mail with its picture and
// one to a player with pictures off, a watcher's turn mail and notice,
// the answers to board, help, history, try and standings, a refusal, the
// status that answers a mail without a command, a chat, a reminder, an
// opponent's vacation, a digest, the rekey mail and the revoked one, and
// the end of the game; and, once a language, the lobby's help, a
// player's vacation and a stranger's answer. The games are played side
// by side.
func phoneMails(t *testing.T) []phoneMail {
	t.Helper()
	var mu sync.Mutex
	var out []phoneMail
	t.Run("mails", func(t *testing.T) {
		for _, lang := range mailLangs {
			for _, kind := range []string{"amplitude", "chiffres", "ludicitude"} {
				t.Run(kind+"-"+lang, func(t *testing.T) {
					t.Parallel()
					mails := gameMails(t, kind, lang, kind == "chiffres")
					mu.Lock()
					defer mu.Unlock()
					out = append(out, mails...)
				})
			}
		}
	})
	if t.Failed() {
		t.FailNow()
	}
	slices.SortFunc(out, func(a, b phoneMail) int { return strings.Compare(a.name, b.name) })
	return out
}

// gameMails is phoneMails for one game of kind in lang; with lobby, the
// mails about no game too.
func gameMails(t *testing.T, kind, lang string, lobby bool) []phoneMail {
	e := newEnv(t, map[string]string{"PBEM_LANG": lang})
	s := spec{Kind: kind, Seed: 7, Seats: []seat{players[0], players[1]}}
	if kind == "ludicitude" {
		s.Opts = map[string]string{"bot_nodes": "1000"}
	}
	g := &mailGame{e: e, id: e.newGame(t, s.Kind, s.Seed, s.Seats, s.Opts), spec: s, plays: scripts(t, []spec{s}, 3)[0]}
	a, b := s.Seats[g.plays[0].Seat], s.Seats[g.plays[1].Seat]
	watcher := players[2]
	id := strconv.FormatInt(g.id, 10)
	var out []phoneMail
	last := func(email string) received {
		t.Helper()
		mails := queuedTo(t, e, g.id, email)
		if len(mails) == 0 {
			t.Fatalf("no mail to %s", email)
		}
		return mails[len(mails)-1]
	}
	add := func(name string, m received, picture bool) {
		out = append(out, phoneMail{name, kind + " " + lang + " " + name, m.Raw, picture})
	}
	// send is who's reply with body to their last mail, which must bring
	// who a new mail (a refusal's mail is rejected).
	send := func(who seat, body string) received {
		t.Helper()
		got, mails := g.send(t, who, body)
		if got != "processed" && got != "rejected" || len(mails) == 0 {
			t.Fatalf("%q: pbem ingest printed %q, and %d mails came back", body, got, len(mails))
		}
		return mails[len(mails)-1]
	}

	first := queuedTo(t, e, g.id, a.Email)[0]
	add("invitation", first, true)
	e.pbem(t, "player", "pictures", b.Email, "off")
	e.pbem(t, "game", "watch", id, watcher.Email)
	add("notice, watching", last(watcher.Email), false)
	if got, _ := g.send(t, a, "#1 "+g.plays[0].Text); got != "processed" {
		t.Fatalf("move 1: pbem ingest printed %q", got)
	}
	add("turn, pictures off", last(b.Email), false)
	add("turn, watching", last(watcher.Email), true)
	if got, _ := g.send(t, b, "#2 "+g.plays[1].Text); got != "processed" {
		t.Fatalf("move 2: pbem ingest printed %q", got)
	}
	add("turn", last(a.Email), true)
	if m, ok := computerAnswer(t, e, kind, a); ok {
		add("turn, the computer's answer", m, true)
	}
	add("answer, board", send(a, "board"), true)
	add("answer, help", send(a, "help"), false)
	add("answer, history", send(a, "history"), false)
	add("answer, try", send(a, "try "+g.plays[2].Text), false)
	add("refusal", send(a, "#3 Z99"), false)
	add("status", send(a, "Thank you, a fine game so far."), false)
	if got, _ := g.send(t, a, "say Well played, Bob!"); got != "processed" {
		t.Fatalf("say: pbem ingest printed %q", got)
	}
	add("chat", last(b.Email), false)
	e.pbem(t, "game", "nudge", id)
	add("reminder", last(a.Email), true)
	e.pbem(t, "player", "vacation", b.Email, "5d")
	add("notice, an opponent's vacation", last(a.Email), false)
	e.pbem(t, "player", "mail", a.Email, "digest", "08:00")
	e.pbem(t, "deadlines", "--now", time.Now().UTC().Add(25*time.Hour).Format(time.RFC3339))
	digests := digestsTo(t, e, a.Email)
	if len(digests) == 0 {
		t.Fatalf("no digest to %s", a.Email)
	}
	add("digest", digests[len(digests)-1], true)
	old := last(b.Email)
	e.pbem(t, "game", "rekey", id)
	add("rekey", last(b.Email), false)
	if got := e.ingest(t, reply{From: b, To: old.ReplyTo, Answered: old, MessageID: "revoked." + id + "@example.test", Body: "board"}.bytes()); got != "rejected" {
		t.Fatalf("a reply to an old address: pbem ingest printed %q", got)
	}
	add("revoked", last(b.Email), false)
	send(b, "resign")
	add("turn, the game over", last(b.Email), false)
	add("answer, standings", send(b, "standings"), false) // the game just rated

	if !lobby {
		return out
	}
	lobbyLast := func(email string) received {
		t.Helper()
		mails := lobbyMailsTo(t, e, email)
		if len(mails) == 0 {
			t.Fatalf("no mail about no game to %s", email)
		}
		return mails[len(mails)-1]
	}
	noGame := func(name string, m received) { out = append(out, phoneMail{name, lang + " " + name, m.Raw, false}) }
	noGame("notice, your vacation", lobbyLast(b.Email))
	e.ingest(t, lobbyMail(a, "", "", "help."+lang+"@example.test", "help"))
	noGame("notice, the lobby's help", lobbyLast(a.Email))
	// A tournament of the two, its one round over: the standings.
	e.pbem(t, "tournament", "new", "chiffres", "round-robin", "--player", a.Email+":"+a.Name, "--player", b.Email+":"+b.Name)
	var r tournament.Record
	if err := json.Unmarshal([]byte(e.pbem(t, "tournament", "show", "1", "--json")), &r); err != nil || len(r.Tables) != 1 {
		t.Fatalf("tournament show: %v, %d tables", err, len(r.Tables))
	}
	e.pbem(t, "game", "move", strconv.FormatInt(r.Tables[0].GameID, 10), "--as", b.Email, "resign")
	noGame("standings, a tournament's end", lobbyLast(a.Email))
	// A ladder of the two, as a player asks for it.
	e.pbem(t, "ladder", "new", "amplitude")
	for _, who := range []seat{a, b} {
		e.pbem(t, "ladder", "join", "amplitude", who.Email)
	}
	e.ingest(t, lobbyMail(a, "", "", "ladder."+lang+"@example.test", "ladder amplitude"))
	noGame("ladder", lobbyLast(a.Email))
	zed := seat{"zed@example.test", "Zed"}
	e.ingest(t, lobbyMail(zed, strings.Replace(first.ReplyTo, "+"+id+"-", "+"+id+"9-", 1), "", "stranger."+lang+"@example.test", "Hello?"))
	noGame("stranger", lobbyLast(zed.Email))
	return out
}

// computerAnswer is the mail to who after their first move in a game of
// kind against the computer, which tells its answer with the line that
// explains it; none for Ludicitude, whose first moves threaten nothing.
func computerAnswer(t *testing.T, e *env, kind string, who seat) (received, bool) {
	t.Helper()
	if kind == "ludicitude" {
		return received{}, false
	}
	out := strings.TrimSpace(e.pbem(t, "game", "new", kind, "--seed", "7", "--player", who.Email+":"+who.Name, "--bot", "Robot"))
	id, err := strconv.ParseInt(out, 10, 64)
	if err != nil {
		t.Fatalf("pbem game new printed %q, not a game ID", out)
	}
	g := &mailGame{e: e, id: id, spec: spec{Kind: kind, Seed: 7, Seats: []seat{who, {Name: "Robot"}}}}
	var notations []string
	for _, h := range e.history(t, id) {
		notations = append(notations, h.Notation)
	}
	st := replay(t, g.spec, notations)
	m, err := st.BotMove(0)
	if err != nil {
		t.Fatal(err)
	}
	got, mails := g.send(t, who, fmt.Sprintf("#%d %s", st.MoveCount()+1, m))
	if got != "processed" || len(mails) == 0 {
		t.Fatalf("a move against the computer: pbem ingest printed %q, and %d mails came back", got, len(mails))
	}
	answer := mails[len(mails)-1]
	if !regexp.MustCompile(`best score|only move that scores|meilleur score|seul coup qui marque`).MatchString(answer.Text) {
		t.Fatalf("the computer's answer does not say why it chose its move:\n%s", answer.Text)
	}
	return answer, true
}

// shownAt is what the browser measures of a mail at one width.
type shownAt struct {
	ScrollWidth float64 `json:"scrollWidth"`
	// Wide are the elements that reach out of the screen, Cut those whose
	// content is wider than their box (hidden, or scrolled sideways).
	Wide []string `json:"wide"`
	Cut  []string `json:"cut"`
	// Pre are the preformatted blocks: their lines as written and as
	// shown, their content's width and their box's.
	Pre []struct {
		Lines  int     `json:"lines"`
		Shown  int     `json:"shown"`
		Scroll float64 `json:"scroll"`
		Client float64 `json:"client"`
	} `json:"pre"`
	// Lists are the two-column lists' rows: each row's top and bottom,
	// its left cell's top, bottom and height in lines, its right cell's
	// top.
	Lists [][]struct {
		Top, Bottom, LeftTop, LeftBottom, LeftLines, RightTop float64
	} `json:"lists"`
	Images []struct {
		Width   float64 `json:"width"`
		Natural float64 `json:"natural"`
	} `json:"images"`
}

// measure is the script that gives shownAt.
const measure = `(() => {
	const W = document.documentElement.clientWidth;
	const name = el => el.tagName.toLowerCase() + (el.className ? "." + el.className : "") + " " + JSON.stringify(el.textContent.slice(0, 40));
	const wide = [], cut = [];
	for (const el of document.body.querySelectorAll("*")) {
		const r = el.getBoundingClientRect();
		if (r.width === 0 && r.height === 0) continue;
		if (r.right > W + 0.5 || r.left < -0.5) wide.push(name(el) + " " + Math.round(r.left) + "-" + Math.round(r.right));
		if (el.clientWidth > 0 && el.scrollWidth > el.clientWidth + 1) cut.push(name(el) + " " + el.scrollWidth + ">" + el.clientWidth);
	}
	const pre = [...document.querySelectorAll("pre")].map(p => ({
		lines: p.textContent.replace(/\n$/, "").split("\n").length,
		shown: Math.round(p.clientHeight / parseFloat(getComputedStyle(p).lineHeight)),
		scroll: p.scrollWidth, client: p.clientWidth,
	}));
	const lists = [...document.querySelectorAll("table.list")].map(t => [...t.rows].map(tr => {
		const r = tr.getBoundingClientRect(), l = tr.cells[0].getBoundingClientRect(), rt = tr.cells[1].getBoundingClientRect();
		return {Top: r.top, Bottom: r.bottom, LeftTop: l.top, LeftBottom: l.bottom,
			LeftLines: tr.cells[0].firstChild.getClientRects().length, RightTop: rt.top};
	}));
	return {scrollWidth: document.documentElement.scrollWidth, wide, cut, pre, lists,
		images: [...document.images].map(i => ({width: i.getBoundingClientRect().width, natural: i.naturalWidth}))};
})()`

// screenshotDir is where TestMailsFitAPhone keeps a picture of each mail
// as a phone shows it: PBEM_E2E_SCREENSHOTS, else a folder of the test's
// own, which goes with it.
func screenshotDir(t *testing.T) string {
	if dir := os.Getenv("PBEM_E2E_SCREENSHOTS"); dir != "" {
		if err := os.MkdirAll(dir, 0o755); err != nil {
			t.Fatal(err)
		}
		return dir
	}
	return t.TempDir()
}

// TestMailsFitAPhone: every kind of mail of every game, in English and in
// French, its HTML part shown by a real browser (headless chromium) on a
// 390-pixel-wide phone and on a 1024-pixel-wide screen: nothing reaches
// out of the screen or out of its box (no sideways scrolling, no text
// hidden behind one), no preformatted line wraps, each row of a two-column
// list stands on its own, its example on one line, the explanation under
// it on the phone and beside it on the wide screen, and the board's
// picture is scaled to the screen. A screenshot of each mail on the phone
// is kept (screenshotDir).
func TestMailsFitAPhone(t *testing.T) {
	t.Parallel()
	bctx := newBrowser(t)
	mails := phoneMails(t)
	shots := screenshotDir(t)
	t.Logf("the mails as a phone shows them: %s", shots)

	ctx, cancel := context.WithTimeout(bctx, 3*time.Minute)
	defer cancel()
	dir := t.TempDir()
	load := func(width int, path, html string) {
		t.Helper()
		if err := os.WriteFile(path, []byte(html), 0o644); err != nil {
			t.Fatal(err)
		}
		opts := []chromedp.EmulateViewportOption{chromedp.EmulateScale(1)}
		if width == phoneWidth {
			opts = append(opts, chromedp.EmulateMobile)
		}
		if err := chromedp.Do(ctx, chromedp.EmulateViewport(int64(width), phoneHeight, opts...), chromedp.Navigate("file://"+path)); err != nil {
			t.Fatalf("%s: %v", path, err)
		}
	}
	// The control: without its style sheet, a mail's text board is wider
	// than the phone, so that the measure below can fail.
	control := mails[slices.IndexFunc(mails, func(m phoneMail) bool { return strings.HasSuffix(m.name, "pictures off") })]
	bare, _ := htmlForBrowser(t, control.raw)
	load(phoneWidth, filepath.Join(dir, "bare.html"), regexp.MustCompile(`(?s)<style>.*?</style>`).ReplaceAllString(bare, ""))
	if got, err := chromedp.Run(ctx, chromedp.Evaluate[shownAt](measure)); err != nil || len(got.Cut)+len(got.Wide) == 0 {
		t.Fatalf("the control page without its style sheet fits the phone (%v): the measure cannot fail", err)
	}
	kinds := map[string]bool{}
	for i, m := range mails {
		html, pictures := htmlForBrowser(t, m.raw)
		if m.picture != (pictures > 0) {
			t.Errorf("%s: %d pictures in the HTML part, want picture %v", m.name, pictures, m.picture)
		}
		kinds[m.kind] = true
		for _, width := range []int{phoneWidth, 1024} {
			load(width, filepath.Join(dir, fmt.Sprintf("mail%d.html", i)), html)
			got, err := chromedp.Run(ctx, chromedp.Evaluate[shownAt](measure))
			if err != nil {
				t.Fatalf("%s: %v", m.name, err)
			}
			at := fmt.Sprintf("%s at %d px", m.name, width)
			if got.ScrollWidth > float64(width) {
				t.Errorf("%s: %.0f px wide: it scrolls sideways", at, got.ScrollWidth)
			}
			for _, w := range got.Wide {
				t.Errorf("%s: out of the screen: %s", at, w)
			}
			for _, c := range got.Cut {
				t.Errorf("%s: wider than its box: %s", at, c)
			}
			if strings.HasSuffix(m.kind, "pictures off") && len(got.Pre) != 1 {
				t.Errorf("%s: %d preformatted blocks, want the text board's grid", at, len(got.Pre))
			}
			for _, p := range got.Pre {
				if p.Scroll > p.Client+1 || p.Shown != p.Lines {
					t.Errorf("%s: a preformatted block of %d lines is shown on %d, %.0f px of it in %.0f", at, p.Lines, p.Shown, p.Scroll, p.Client)
				}
			}
			for _, list := range got.Lists {
				for j, row := range list {
					if j > 0 && row.Top < list[j-1].Bottom-0.5 {
						t.Errorf("%s: a list's row %d shares a line with the one above", at, j)
					}
					if row.LeftLines != 1 {
						t.Errorf("%s: a list's row %d writes its example on %.0f lines", at, j, row.LeftLines)
					}
					if stacked := row.RightTop >= row.LeftBottom-0.5; stacked != (width == phoneWidth) {
						t.Errorf("%s: a list's row %d: its explanation under its example is %v", at, j, stacked)
					}
				}
			}
			if len(got.Images) != pictures {
				t.Errorf("%s: the browser shows %d pictures, the mail has %d", at, len(got.Images), pictures)
			}
			for _, img := range got.Images {
				if img.Natural == 0 || img.Width > float64(width) || img.Width <= 300 {
					t.Errorf("%s: the picture (%.0f px drawn) is shown %.0f px wide, want 300 to %d", at, img.Natural, img.Width, width)
				}
			}
			if width != phoneWidth {
				continue
			}
			png, err := chromedp.Run(ctx, chromedp.FullScreenshot(100))
			if err != nil {
				t.Fatalf("%s: screenshot: %v", m.name, err)
			}
			file := strings.NewReplacer(" ", "-", ",", "", "'", "").Replace(m.name) + ".png"
			if err := os.WriteFile(filepath.Join(shots, file), png, 0o644); err != nil {
				t.Fatal(err)
			}
		}
	}
	t.Logf("%d mails of %d kinds, each at %d and 1024 px", len(mails), len(kinds), phoneWidth)
}
