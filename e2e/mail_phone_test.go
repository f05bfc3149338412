package e2e

import (
	"context"
	"encoding/base64"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// phoneMail is a mail to look at on a phone: what it is, and whether its
// HTML part must show a picture.
type phoneMail struct {
	name    string
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

// phoneMails plays through pbem ingest what brings every kind of mail
// that shows a board or a guide: the invitation and a turn mail of each
// game with its picture, a turn mail to a player with pictures off, the
// answers to board and help, a refusal, and a digest.
func phoneMails(t *testing.T) []phoneMail {
	t.Helper()
	var out []phoneMail
	for _, kind := range []string{"amplitude", "chiffres", "ludicitude"} {
		g := newMailGame(t, kind, 7, 2)
		first, second := g.plays[0], g.plays[1]
		a, b := g.spec.Seats[first.Seat], g.spec.Seats[second.Seat]
		out = append(out, phoneMail{kind + " invitation", queuedTo(t, g.e, g.id, a.Email)[0].Raw, true})
		if kind == "amplitude" {
			// b turns pictures off before a's move tells b of it.
			if said := g.e.pbem(t, "player", "pictures", b.Email, "off"); !strings.Contains(said, "text alone") {
				t.Fatalf("pbem player pictures printed %q", said)
			}
		}
		if got, _ := g.send(t, a, "#1 "+first.Text); got != "processed" {
			t.Fatalf("%s move 1: pbem ingest printed %q", kind, got)
		}
		toB := queuedTo(t, g.e, g.id, b.Email)
		if kind == "amplitude" {
			out = append(out, phoneMail{kind + " turn, pictures off", toB[len(toB)-1].Raw, false})
			if got, _ := g.send(t, b, "#2 "+second.Text); got != "processed" {
				t.Fatalf("%s move 2: pbem ingest printed %q", kind, got)
			}
			toA := queuedTo(t, g.e, g.id, a.Email)
			out = append(out, phoneMail{kind + " turn", toA[len(toA)-1].Raw, true})
			for _, c := range []struct {
				body, name string
				picture    bool
				subject    string
			}{{"board", "board answer", true, "the board"}, {"help", "help answer", false, "help"}, {"#3 Z99 right 7", "refusal", false, "refused"}} {
				_, mails := g.send(t, a, c.body)
				if len(mails) == 0 || !strings.Contains(mails[len(mails)-1].Subject, c.subject) {
					t.Fatalf("%q brought no mail about %s: %d mails", c.body, c.subject, len(mails))
				}
				out = append(out, phoneMail{kind + " " + c.name, mails[len(mails)-1].Raw, c.picture})
			}
			continue
		}
		out = append(out, phoneMail{kind + " turn", toB[len(toB)-1].Raw, true})
	}

	e := newEnv(t, nil)
	s := spec{Kind: "chiffres", Seed: 9, Seats: []seat{players[0], players[1]}}
	e.newGame(t, s.Kind, s.Seed, s.Seats, nil)
	who := s.Seats[scripts(t, []spec{s}, 1)[0][0].Seat]
	e.pbem(t, "player", "mail", who.Email, "digest", "08:00")
	e.pbem(t, "deadlines", "--now", time.Now().UTC().Add(25*time.Hour).Format(time.RFC3339))
	digests := digestsTo(t, e, who.Email)
	if len(digests) != 1 {
		t.Fatalf("%s got %d digests, want 1", who.Email, len(digests))
	}
	return append(out, phoneMail{"digest", digests[0].Raw, true})
}

// pageWidth is the scroll width of html in the browser of ctx, written to
// path to be loaded.
func pageWidth(ctx context.Context, t *testing.T, path, html string) float64 {
	t.Helper()
	if err := os.WriteFile(path, []byte(html), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := chromedp.Do(ctx, chromedp.Navigate("file://"+path)); err != nil {
		t.Fatal(err)
	}
	w, err := chromedp.Run(ctx, chromedp.Evaluate[float64](`document.documentElement.scrollWidth`))
	if err != nil {
		t.Fatal(err)
	}
	return w
}

// shownOnPhone is what the browser measures of a mail: the page's width
// and each picture's, as drawn and as decoded.
type shownOnPhone struct {
	ScrollWidth float64 `json:"scrollWidth"`
	Images      []struct {
		Width   float64 `json:"width"`
		Natural float64 `json:"natural"`
	} `json:"images"`
}

// TestMailsFitAPhone: every kind of mail's HTML part, shown by a real
// browser (headless chromium) on a 390-pixel-wide phone screen, needs no
// sideways scrolling, and the board's picture is shown scaled to the
// screen: wider than 300 pixels, no wider than the screen.
func TestMailsFitAPhone(t *testing.T) {
	t.Parallel()
	bctx := newBrowser(t)
	mails := phoneMails(t)

	ctx, cancel := context.WithTimeout(bctx, 2*time.Minute)
	defer cancel()
	if err := chromedp.Do(ctx, chromedp.EmulateViewport(phoneWidth, phoneHeight, chromedp.EmulateScale(2), chromedp.EmulateMobile, chromedp.EmulatePortrait)); err != nil {
		t.Fatalf("start chromium: %v", err)
	}
	dir := t.TempDir()
	// The control: without its style sheet, a mail's text board is wider
	// than the phone, so that the measure below can fail.
	control := mails[slices.IndexFunc(mails, func(m phoneMail) bool { return !m.picture })]
	bare, _ := htmlForBrowser(t, control.raw)
	bare = regexp.MustCompile(`(?s)<style>.*?</style>`).ReplaceAllString(bare, "")
	if w := pageWidth(ctx, t, filepath.Join(dir, "bare.html"), bare); w <= phoneWidth {
		t.Fatalf("the control page without its style sheet is %.0f px wide: the measure cannot fail", w)
	} else {
		t.Logf("%s without its style sheet: %.0f px wide", control.name, w)
	}
	for i, m := range mails {
		html, pictures := htmlForBrowser(t, m.raw)
		if m.picture != (pictures > 0) {
			t.Errorf("%s: %d pictures in the HTML part, want picture %v", m.name, pictures, m.picture)
		}
		path := filepath.Join(dir, fmt.Sprintf("mail%d.html", i))
		if err := os.WriteFile(path, []byte(html), 0o644); err != nil {
			t.Fatal(err)
		}
		if err := chromedp.Do(ctx, chromedp.Navigate("file://"+path)); err != nil {
			t.Fatalf("%s: %v", m.name, err)
		}
		got, err := chromedp.Run(ctx, chromedp.Evaluate[shownOnPhone](`({
			scrollWidth: document.documentElement.scrollWidth,
			images: [...document.images].map(i => ({width: i.getBoundingClientRect().width, natural: i.naturalWidth})),
		})`))
		if err != nil {
			t.Fatalf("%s: %v", m.name, err)
		}
		if got.ScrollWidth > phoneWidth {
			t.Errorf("%s: %.0f px wide on a %d-px screen: it scrolls sideways", m.name, got.ScrollWidth, phoneWidth)
		}
		if len(got.Images) != pictures {
			t.Errorf("%s: the browser shows %d pictures, the mail has %d", m.name, len(got.Images), pictures)
		}
		for _, img := range got.Images {
			if img.Natural == 0 || img.Width > phoneWidth || img.Width <= 300 {
				t.Errorf("%s: the picture (%.0f px drawn) is shown %.0f px wide, want 300 to %d", m.name, img.Natural, img.Width, phoneWidth)
			}
		}
		t.Logf("%s: %.0f px wide, pictures %v", m.name, got.ScrollWidth, got.Images)
	}
}
