package server

import (
	"pbem/server/core"

	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"image"
	"image/png"
	"io"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/emersion/go-message"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"pbem/engine"
	"pbem/mailer"
	"pbem/picture"
)

// mailParts is a composed mail taken apart: its MIME tree, its text and
// HTML parts, and its pictures by Content-ID.
type mailParts struct {
	shape, text, html string
	images            map[string][]byte
}

// partsOf reads a composed mail back with go-message.
func partsOf(t *testing.T, raw []byte) mailParts {
	t.Helper()
	e, err := message.Read(bytes.NewReader(raw))
	require.NoError(t, err)
	p := mailParts{images: map[string][]byte{}}
	p.shape = p.walk(t, e)
	return p
}

func (p *mailParts) walk(t *testing.T, e *message.Entity) string {
	kind, _, err := e.Header.ContentType()
	require.NoError(t, err)
	if mr := e.MultipartReader(); mr != nil {
		var kids []string
		for {
			part, err := mr.NextPart()
			if err == io.EOF {
				break
			}
			require.NoError(t, err)
			kids = append(kids, p.walk(t, part))
		}
		return kind + "{" + strings.Join(kids, " ") + "}"
	}
	body, err := io.ReadAll(e.Body)
	require.NoError(t, err)
	switch {
	case kind == "text/plain":
		p.text = strings.ReplaceAll(string(body), "\r\n", "\n")
	case kind == "text/html":
		p.html = strings.ReplaceAll(string(body), "\r\n", "\n")
	case strings.HasPrefix(kind, "image/"):
		p.images[strings.Trim(e.Header.Get("Content-ID"), "<>")] = body
	}
	return kind
}

// imgSrc finds the cid: an HTML part's <img> shows.
var imgSrc = regexp.MustCompile(`<img src="cid:([^"]+)"`)

// picture is the one picture the mail shows, decoded: its part found by
// the cid the HTML names.
func (p mailParts) picture(t *testing.T) (image.Image, []byte) {
	t.Helper()
	m := imgSrc.FindStringSubmatch(p.html)
	require.NotNil(t, m, "the HTML part shows a picture")
	data, ok := p.images[m[1]]
	require.True(t, ok, "the picture %s is in the mail", m[1])
	img, err := png.Decode(bytes.NewReader(data))
	require.NoError(t, err)
	return img, data
}

// lastTo is the last mail queued to address, taken apart.
func (g *clockedGame) lastTo(address string) mailParts {
	g.t.Helper()
	all := g.allQueuedTo(address)
	require.NotEmpty(g.t, all, address)
	return partsOf(g.t, all[len(all)-1].Raw)
}

// TestTurnMailsShowThePicture: for each game, the invitation and every
// turn mail carry the board as a PNG in multipart/related, named by the
// <img> of the HTML part, of the size picture.Size states for the board
// as the mail's recipient sees it, and different after another move; the
// text part keeps the ASCII board, which is the picture's alt text.
func TestTurnMailsShowThePicture(t *testing.T) {
	for _, kind := range []string{"amplitude", "chiffres", "ludicitude"} {
		t.Run(kind, func(t *testing.T) {
			g := newClockedGame(t, kind, nil, "ann", "bob")
			ctx := context.Background()
			inv := g.lastTo("ann@example.org")
			assert.Equal(t, "multipart/alternative{text/plain multipart/related{text/html image/png}}", inv.shape)
			inv.picture(t)

			var prev []byte
			for n := 1; n <= 2; n++ {
				mover, move := g.toMove()
				require.Equal(t, mailer.Accepted, g.send(mover, fmt.Sprintf("m%d@x", n), move), move)
				watcher := other(mover)
				m := g.lastTo(watcher)
				assert.Equal(t, "multipart/alternative{text/plain multipart/related{text/html image/png}}", m.shape)
				img, data := m.picture(t)
				assert.LessOrEqual(t, len(data), picture.MaxBytes)

				before, err := g.srv.Snapshot(ctx, g.id, n-1)
				require.NoError(t, err)
				after, err := g.srv.Snapshot(ctx, g.id, n)
				require.NoError(t, err)
				view := engine.View{Seat: g.seatOf(watcher), Names: core.Names(after.Game), Before: before.State}
				w, h := picture.Size(after.State.(engine.Diagrammer).Diagram(view))
				assert.Equal(t, image.Pt(w, h), img.Bounds().Size(), "the size picture.Size states")
				assert.GreaterOrEqual(t, w, picture.MinWidth)

				grid := strings.Split(after.State.Render(view), "\n\n")[0]
				assert.Contains(t, m.text, grid, "the text part keeps the ASCII board")
				assert.Contains(t, m.html, `alt="`+strings.SplitN(grid, "\n", 2)[0], "the ASCII board is the alt text")
				assert.NotContains(t, m.html, "<pre class=\"board\" style=\"font-family: monospace; font-size: 14px; line-height: 1.3;\">"+strings.SplitN(grid, "\n", 2)[0])
				if prev != nil {
					assert.NotEqual(t, prev, data, "another move, another picture")
				}
				prev = data
			}
		})
	}
}

// TestPicturesOffByPlayer: a player who writes pictures off gets the
// text board alone in the HTML part and no image part, the other player
// still gets pictures, and pictures on brings them back.
func TestPicturesOffByPlayer(t *testing.T) {
	g := newClockedGame(t, "amplitude", nil, "ann", "bob")
	first, _ := g.toMove()
	off := other(first)
	require.Equal(t, mailer.Accepted, g.send(off, "off@x", "pictures off"))
	assert.Contains(t, flat(g.lastTo(off).text), "show the board in text alone")
	assert.True(t, g.row().Seats[g.seatOf(off)].NoPictures)

	mover, move := g.toMove()
	require.Equal(t, mailer.Accepted, g.send(mover, "m1@x", move))
	m := g.lastTo(off)
	assert.Equal(t, "multipart/alternative{text/plain text/html}", m.shape)
	assert.Empty(t, m.images)
	assert.NotContains(t, m.html, "<img")
	assert.Regexp(t, `<pre class="board[^"]*"[^>]*>    A  B  C`, m.html, "the text board in the HTML part")
	g.lastTo(first).picture(t)

	require.Equal(t, mailer.Accepted, g.send(off, "on@x", "Pictures on."))
	mover, move = g.toMove()
	require.Equal(t, mailer.Accepted, g.send(mover, "m2@x", move))
	g.lastTo(off).picture(t)

	_, err := g.srv.Accounts().SetPicturesPref(context.Background(), off, "maybe")
	assert.True(t, engine.IsRefusal(err), "%v", err)
	_, err = g.srv.Accounts().SetPicturesPref(context.Background(), "nobody@example.net", "off")
	assert.True(t, engine.IsRefusal(err), "%v", err)
}

// TestPicturesOffByGame: a game created with pictures=off sends no
// picture to anyone; a pictures option that does not read is refused.
func TestPicturesOffByGame(t *testing.T) {
	g := newClockedGame(t, "chiffres", engine.Options{"pictures": "off"}, "ann", "bob")
	for _, who := range []string{"ann@example.org", "bob@example.org"} {
		assert.Empty(t, g.lastTo(who).images, "the invitation to %s", who)
	}
	mover, move := g.toMove()
	require.Equal(t, mailer.Accepted, g.send(mover, "m1@x", move))
	m := g.lastTo(other(mover))
	assert.Equal(t, "multipart/alternative{text/plain text/html}", m.shape)
	assert.Contains(t, m.html, `<pre class="board"`)

	_, err := g.srv.Create(context.Background(), core.NewGame{Game: "chiffres", Players: []core.Player{{Email: "a@example.org"}, {Email: "b@example.org"}},
		Options: engine.Options{"pictures": "sometimes"}, Seed: seed(1)})
	assert.ErrorContains(t, err, "option pictures is on or off")
}

// TestWatchersSeeThePicture: a watcher's turn mail shows the board's
// picture too, drawn for a spectator; a watcher of a 2-player game whose
// players see the same marks gets the very picture they get.
func TestWatchersSeeThePicture(t *testing.T) {
	g := newClockedGame(t, "chiffres", nil, "ann", "bob")
	const watcher = "kibitz@example.net"
	_, err := g.srv.Watchers().Watch(context.Background(), g.id, watcher)
	require.NoError(t, err)
	mover, move := g.toMove()
	require.Equal(t, mailer.Accepted, g.send(mover, "m1@x", move))
	_, seen := g.lastTo(watcher).picture(t)
	_, player := g.lastTo(other(mover)).picture(t)
	assert.Equal(t, player, seen, "no rack in the picture: the same board, the same bytes")
}

// TestBoardPicturesShared: recipients who see the same board with the
// same marks share one picture, drawn once; another mark, another one.
func TestBoardPicturesShared(t *testing.T) {
	g := newClockedGame(t, "amplitude", nil, "ann", "bob")
	mover, move := g.toMove()
	require.Equal(t, mailer.Accepted, g.send(mover, "m1@x", move))
	snap, err := g.srv.Snapshot(context.Background(), g.id, -1)
	require.NoError(t, err)
	start, err := g.srv.Snapshot(context.Background(), g.id, 0)
	require.NoError(t, err)
	pics := g.srv.mail.pictures(snap.Game, snap.Kind)
	a := pics.describe(snap.State, engine.View{Seat: 0, Before: start.State})
	b := pics.describe(snap.State, engine.View{Seat: 1, Before: start.State})
	c := pics.describe(snap.State, engine.View{Seat: 1})
	assert.Same(t, a, b, "the rack is not in the picture: one drawing for both")
	assert.Equal(t, a.cid(), b.cid())
	assert.NotEqual(t, a.cid(), c.cid(), "the same tokens outlined, but the legend says why: another picture")
	assert.Len(t, pics.described, 2)
}

// TestRemindersAndBoardAnswersShowThePicture: a reminder and the answer
// to board show the board's picture as the turn mails do.
func TestRemindersAndBoardAnswersShowThePicture(t *testing.T) {
	g := newClockedGame(t, "ludicitude", engine.Options{"clock": "5d"}, "ann", "bob")
	mover := g.mover()
	before := len(g.allQueuedTo(mover))
	require.Equal(t, 1, g.deadlines(60*60*1e9*61), "half time: a reminder")
	all := g.allQueuedTo(mover)
	require.Len(t, all, before+1)
	reminder := partsOf(t, all[len(all)-1].Raw)
	assert.Contains(t, reminder.text, "It is your turn")
	reminder.picture(t)

	require.Equal(t, mailer.Accepted, g.send(other(mover), "board@x", "board"))
	answer := g.lastTo(other(mover))
	assert.Contains(t, answer.text, "The board of Ludicitude")
	answer.picture(t)
}

// brokenDiagram is a position whose board cannot be drawn: its diagram
// panics, or says it is 3×3 and holds no cell.
type brokenDiagram struct {
	engine.State
	panics bool
}

func (b brokenDiagram) Diagram(engine.View) engine.Diagram {
	if b.panics {
		panic("a drawing bug")
	}
	return engine.Diagram{Cols: 3, Rows: 3}
}

// A board that cannot be drawn is mailed as text: the move goes through.
func TestUndrawableBoardIsText(t *testing.T) {
	g := newClockedGame(t, "amplitude", nil, "ann", "bob")
	snap, err := g.srv.Snapshot(context.Background(), g.id, -1)
	require.NoError(t, err)
	pics := &boardPictures{domain: "example.org", described: map[string]*boardPicture{}}
	for _, panics := range []bool{false, true} {
		pic := pics.describe(brokenDiagram{State: snap.State, panics: panics}, engine.View{Seat: -1})
		assert.Nil(t, pic, "panics %v: no picture", panics)
		assert.Empty(t, pic.cid())
		assert.Zero(t, pic.px())
	}
	good := pics.describe(snap.State, engine.View{Seat: -1})
	require.NotNil(t, good, "a board that can be drawn still is")
}

// TestPicturesDrawnWhenSent: a move's mails are queued without their
// picture, its diagram stored once for all of them; the first mail
// finished draws it, the others get the same bytes without drawing again,
// and a picture the store has lost goes out blank rather than holding
// the mail back.
func TestPicturesDrawnWhenSent(t *testing.T) {
	g := newClockedGame(t, "chiffres", nil, "ann", "bob")
	ctx := context.Background()
	mover, move := g.toMove()
	require.Equal(t, mailer.Accepted, g.send(mover, "m1@x", move))
	due, err := g.st.DueMails(ctx, g.clock.Now().Add(time.Hour), 100)
	require.NoError(t, err)
	turn := due[len(due)-2:] // the move's two turn mails
	refs := mailer.Later(turn[0].Raw)
	require.Len(t, refs, 1, "the queued mail waits for one picture")
	assert.Equal(t, refs, mailer.Later(turn[1].Raw), "both players see the same board")
	assert.Less(t, len(turn[0].Raw), 12<<10, "no picture's bytes in the queue")

	source, err := g.st.PictureSource(ctx, refs[0])
	require.NoError(t, err)
	var d engine.Diagram
	require.NoError(t, json.Unmarshal(source, &d))
	want, err := picture.PNG(d)
	require.NoError(t, err)
	require.Eventually(t, g.srv.mail.drawn.idle, 10*time.Second, time.Millisecond)
	assert.Equal(t, want, g.srv.mail.drawn.get(refs[0]), "drawn ahead, in the background")

	first, err := g.srv.FinishMail(ctx, turn[0].Raw)
	require.NoError(t, err)
	_, data := partsOf(t, first).picture(t)
	assert.Equal(t, want, data, "the picture of the stored diagram")
	g.srv.mail.drawn.mu.Lock()
	g.srv.mail.drawn.byRef[refs[0]].data = []byte("drawn once") // not drawn again
	g.srv.mail.drawn.mu.Unlock()
	second, err := g.srv.FinishMail(ctx, turn[1].Raw)
	require.NoError(t, err)
	assert.Contains(t, string(second), "ZHJhd24gb25jZQ==")

	// The picture gone (an operator's hand in the database): blank.
	lost := bytes.Replace(turn[0].Raw, []byte(refs[0]), []byte("ffffffffffffffff"), -1)
	blank, err := g.srv.FinishMail(ctx, lost)
	require.NoError(t, err)
	img, _ := partsOf(t, blank).picture(t)
	assert.Equal(t, image.Pt(1, 1), img.Bounds().Size())
}

// idle reports whether no picture waits to be drawn ahead or is being
// drawn.
func (d *drawnPictures) idle() bool {
	d.mu.Lock()
	defer d.mu.Unlock()
	return !d.running && len(d.drawing) == 0
}
