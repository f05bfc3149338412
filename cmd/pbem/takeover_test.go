package main

import (
	"bytes"
	"database/sql"
	"encoding/json"
	"fmt"
	"io"
	"mime"
	"mime/multipart"
	"mime/quotedprintable"
	"net/mail"
	"net/textproto"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"pbem/engine/chiffres"
	"pbem/mailer"
)

// TestBotTakesATimedOutSeat plays, through pbem ingest and the injected
// clock of pbem deadlines --now, a three-player Chiffres game with a
// clock, timeout=forfeit and replace=bot: the first player lets their
// time run out, a computer takes the seat and plays at once, the two
// others play to the end by mail. The history names who played each move
// and when the seat changed hands; game verify replays it; the ratings
// rate the three people, the leaver last.
func TestBotTakesATimedOutSeat(t *testing.T) {
	t.Setenv("PBEM_CLOCK_START", "move") // nothing sends the outbox here
	db := filepath.Join(t.TempDir(), "pbem.db")
	ann, bob, cat := "ann@example.org", "bob@example.org", "cat@example.org"
	id := strings.TrimSpace(ok(t, db, "game", "new", "chiffres", "--player", ann+":Ann", "--player", bob+":Bob", "--player", cat+":Cat",
		"--option", "clock=1d", "--option", "timeout=forfeit", "--option", "replace=bot", "--seed", "5"))
	g := &mailGame{t: t, db: db}
	first := showGame(t, db, id, "--json")
	require.Equal(t, ann, first.ToMove, "the first seat plays first")

	ok(t, db, "deadlines", "--now", time.Now().Add(25*time.Hour).UTC().Format(time.RFC3339))
	after := showGame(t, db, id, "--json")
	assert.Equal(t, "Computer", after.Players[0].Name)
	assert.True(t, after.Players[0].Bot)
	assert.Equal(t, 1, after.MoveNumber, "the computer played the turn at once")
	require.Len(t, after.Holders, 2)
	assert.Equal(t, ann, after.Holders[0].Email)
	assert.Equal(t, "timeout", after.Holders[1].Why)
	assert.Equal(t, bob, after.ToMove)
	assert.Contains(t, mailsTo(t, db, bob), "Ann ran out of time. A computer (Computer) takes seat 1 and plays on.")
	assert.Contains(t, mailsTo(t, db, ann), "The seat is no longer yours")

	for n := 0; ; n++ {
		require.Less(t, n, 100, "the game ends")
		now := showGame(t, db, id, "--json")
		if now.Status != "active" {
			break
		}
		require.Contains(t, []string{bob, cat}, now.ToMove, "the computer plays at once")
		g.send(now.ToMove, now.ToMove, fmt.Sprintf("#%d %s", now.NextMove, legalMove(t, db, id, seatOf(now, now.ToMove))))
	}

	history := ok(t, db, "game", "history", id)
	lines := strings.Split(history, "\n")
	assert.Contains(t, lines[1], "Computer", "move 1 was the computer's")
	assert.Contains(t, history, "Seats that changed hands:")
	assert.Regexp(t, `1 +1 +ann@example.org +start`, history)
	assert.Regexp(t, `1 +1 +Computer \(computer\) +timeout`, history)
	assert.NotContains(t, history, "timeout forfeit", "a change of hands is no move")
	assert.Equal(t, "game "+id+": ok\n", ok(t, db, "game", "verify", id))

	var rated []ratingJSON
	require.NoError(t, json.Unmarshal([]byte(ok(t, db, "ratings", "chiffres", "--json")), &rated))
	require.Len(t, rated, 3, "a computer that took a seat over leaves the game rated between its people")
	assert.Equal(t, ann, rated[2].Player, "the leaver places below those who played on")
	assert.Equal(t, 1, rated[2].Losses)
}

// seatOf is the seat of address in g.
func seatOf(g gameJSON, address string) int {
	for _, p := range g.Players {
		if p.Email == address {
			return p.Seat
		}
	}
	return -1
}

// legalMove is a move seat may play in Chiffres game id as it stands:
// the computer's choice, written by the player.
func legalMove(t *testing.T, db, id string, seat int) string {
	t.Helper()
	conn, err := sql.Open("sqlite", db)
	require.NoError(t, err)
	defer conn.Close()
	var state []byte
	require.NoError(t, conn.QueryRow(`SELECT state FROM games WHERE id = ?`, id).Scan(&state))
	st, err := chiffres.Game{}.Decode(state)
	require.NoError(t, err)
	m, err := st.BotMove(seat)
	require.NoError(t, err)
	return m.String()
}

// mailsTo is the text of every mail queued to address, in order.
func mailsTo(t *testing.T, db, address string) string {
	t.Helper()
	conn, err := sql.Open("sqlite", db)
	require.NoError(t, err)
	defer conn.Close()
	rows, err := conn.Query(`SELECT raw FROM outbox WHERE recipient = ? ORDER BY id`, address)
	require.NoError(t, err)
	defer rows.Close()
	var texts []string
	for rows.Next() {
		var raw []byte
		require.NoError(t, rows.Scan(&raw))
		texts = append(texts, decodedText(t, raw))
	}
	require.NoError(t, rows.Err())
	return strings.Join(texts, "\n")
}

// decodedText is the text/plain part of raw mail, decoded.
func decodedText(t *testing.T, raw []byte) string {
	t.Helper()
	m, err := mail.ReadMessage(bytes.NewReader(raw))
	require.NoError(t, err)
	return plainPart(t, textproto.MIMEHeader(m.Header), m.Body)
}

// plainPart is the first text/plain part under a part of header h, body.
func plainPart(t *testing.T, h textproto.MIMEHeader, body io.Reader) string {
	t.Helper()
	media, params, err := mime.ParseMediaType(h.Get("Content-Type"))
	require.NoError(t, err)
	if strings.HasPrefix(media, "multipart/") {
		r := multipart.NewReader(body, params["boundary"])
		for {
			p, err := r.NextRawPart()
			if err != nil {
				return ""
			}
			if text := plainPart(t, p.Header, p); text != "" {
				return text
			}
		}
	}
	if media != "text/plain" {
		return ""
	}
	if strings.EqualFold(h.Get("Content-Transfer-Encoding"), "quoted-printable") {
		body = quotedprintable.NewReader(body)
	}
	data, err := io.ReadAll(body)
	require.NoError(t, err)
	return strings.Join(strings.Fields(string(data)), " ") // the lines unwrapped
}

// offered is a three-player Chiffres game of Ann, Bob and Cat with
// replace=offer, and Dan signed up: lobby sends his mail to an address,
// lobbyAddress the welcome's, a reply to which proves him.
type offered struct {
	db, id       string
	g            *mailGame
	lobby        func(to, body string)
	lobbyAddress string
}

// offerGame starts an offered game.
func offerGame(t *testing.T) offered {
	t.Helper()
	db := filepath.Join(t.TempDir(), "pbem.db")
	ann, bob, cat, dan := "ann@example.org", "bob@example.org", "cat@example.org", "dan@example.org"
	id := strings.TrimSpace(ok(t, db, "game", "new", "chiffres", "--player", ann+":Ann", "--player", bob+":Bob", "--player", cat+":Cat",
		"--option", "replace=offer", "--seed", "5"))
	g := &mailGame{t: t, db: db}
	lobby := func(to, body string) {
		g.n++
		g.ingest(fmt.Sprintf("From: <%s>\r\nTo: <%s>\r\nSubject: hello\r\nMessage-ID: <lobby%d@example.test>\r\n\r\n%s\r\n", dan, to, g.n, body))
	}
	lobby("pbem@localhost", "signup Dan")
	confirm, found := mailer.ParseConfirmAddress(g.replyAddress(dan))
	require.True(t, found)
	lobby("pbem@localhost", "confirm "+confirm)
	return offered{db: db, id: id, g: g, lobby: lobby, lobbyAddress: g.replyAddress(dan)}
}

// TestTakeoverByMail: in a three-player Chiffres game with replace=offer,
// Ann resigns and her seat waits on offer, the others told; Dan, signed
// up, lists the seats on offer and takes hers over by mail, gets the
// board and his rack and plays; the operator gives Cat's seat to the
// computer; the history keeps every holder and game verify replays. A
// game of two refuses replace, on the command line and by mail.
func TestTakeoverByMail(t *testing.T) {
	t.Parallel()
	o := offerGame(t)
	db, id, g, lobby, lobbyAddress := o.db, o.id, o.g, o.lobby, o.lobbyAddress
	ann, bob, cat, dan := "ann@example.org", "bob@example.org", "cat@example.org", "dan@example.org"

	g.send(ann, ann, "resign")
	offered := showGame(t, db, id, "--json")
	assert.Equal(t, "active", offered.Status)
	assert.Equal(t, 0, offered.MoveNumber, "a change of hands is no move")
	assert.Equal(t, "(on offer)", offered.ToMove, "the game waits for the seat's taker")
	assert.Contains(t, mailsTo(t, db, bob), "Ann resigned. Seat 1 is on offer: any player of this server not in the game may take it over by writing takeover "+id)

	lobby(lobbyAddress, "takeovers")
	assert.Contains(t, mailsTo(t, db, dan), "Game "+id+", Chiffres: seat 1 is on offer until")
	lobby(lobbyAddress, "takeover "+id)
	taken := showGame(t, db, id, "--json")
	assert.Equal(t, dan, taken.ToMove)
	assert.Equal(t, "Dan", taken.Players[0].Name)
	assert.Contains(t, mailsTo(t, db, dan), "Your tokens:", "the game's first mail, with his rack")
	assert.Contains(t, mailsTo(t, db, cat), "Dan takes over seat 1 and plays on.")
	g.send(dan, dan, "#1 "+legalMove(t, db, id, 0))
	assert.Equal(t, bob, showGame(t, db, id, "--json").ToMove)

	assert.Equal(t, "game "+id+": seat 3 goes to the computer (strong)\n", ok(t, db, "game", "replace", id, "3", "--bot", "strong"))
	history := ok(t, db, "game", "history", id)
	assert.Regexp(t, `1 +dan@example.org +`, history, "move 1 was Dan's")
	for _, row := range []string{`1 +1 +ann@example.org +start`, `1 +1 +nobody \(on offer\) +resigned`, `1 +1 +dan@example.org +takeover`,
		`3 +1 +cat@example.org +start`, `3 +2 +Computer \(computer\) +operator`} {
		assert.Regexp(t, row, history)
	}
	assert.Equal(t, "game "+id+": ok\n", ok(t, db, "game", "verify", id))

	export := ok(t, db, "game", "export", id)
	imported := strings.TrimSpace(ok(t, db, "game", "import", writeTemp(t, export)))
	assert.Equal(t, showGame(t, db, id, "--json").Holders, showGame(t, db, imported, "--json").Holders, "the import carries the holders")

	r := pbemDB(t, db, "game", "new", "chiffres", "--player", ann, "--player", bob, "--option", "replace=bot")
	assert.Equal(t, 1, r.code)
	assert.Contains(t, r.stderr, "option replace=bot is for games of three or more players")
	lobby(lobbyAddress, "new chiffres with "+ann+" replace=offer")
	assert.Contains(t, mailsTo(t, db, dan), "Option replace=offer is for games of three or more players")
}

// writeTemp writes text to a new file and returns its path.
func writeTemp(t *testing.T, text string) string {
	t.Helper()
	path := filepath.Join(t.TempDir(), "file")
	require.NoError(t, os.WriteFile(path, []byte(text), 0o644))
	return path
}
