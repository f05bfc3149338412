package main

import (
	"bytes"
	"database/sql"
	"encoding/json"
	"flag"
	"fmt"
	"net/mail"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

var update = flag.Bool("update", false, "rewrite the golden files of testdata")

// golden compares got with testdata/name; -update rewrites it.
func golden(t *testing.T, name, got string) {
	t.Helper()
	path := filepath.Join("testdata", name)
	if *update {
		require.NoError(t, os.MkdirAll("testdata", 0o755))
		require.NoError(t, os.WriteFile(path, []byte(got), 0o644))
		return
	}
	want, err := os.ReadFile(path)
	require.NoError(t, err, "run go test ./cmd/pbem -update to create it")
	assert.Equal(t, string(want), got, "%s differs; go test ./cmd/pbem -update rewrites it", path)
}

var (
	jsonTimes = regexp.MustCompile(`"\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ"`)
	jsonAges  = regexp.MustCompile(`"age_seconds": \d+`)
)

// normalized is --json output with its times and ages replaced: they
// come from the clock; every other field is the same on every run.
func normalized(s string) string {
	s = jsonTimes.ReplaceAllString(s, `"TIME"`)
	return jsonAges.ReplaceAllString(s, `"age_seconds": 0`)
}

// mailGame is a game played by mail through pbem ingest on one database.
type mailGame struct {
	t  *testing.T
	db string
	n  int
}

// replyAddress is the Reply-To of the last mail queued to email.
func (g *mailGame) replyAddress(email string) string {
	conn, err := sql.Open("sqlite", g.db)
	require.NoError(g.t, err)
	defer conn.Close()
	var raw []byte
	require.NoError(g.t, conn.QueryRow(`SELECT raw FROM outbox WHERE recipient = ? ORDER BY id DESC LIMIT 1`, email).Scan(&raw))
	m, err := mail.ReadMessage(bytes.NewReader(raw))
	require.NoError(g.t, err)
	to, err := mail.ParseAddress(m.Header.Get("Reply-To"))
	require.NoError(g.t, err)
	return to.Address
}

// send has from write body to the reply address of the last mail to
// seat's player, as pbem ingest gets it, and returns its Message-ID.
func (g *mailGame) send(from, seat, body string) string {
	g.n++
	id := fmt.Sprintf("reply%d@example.test", g.n)
	raw := fmt.Sprintf("From: <%s>\r\nTo: <%s>\r\nSubject: Re: move %d\r\nMessage-ID: <%s>\r\nDate: Tue, 01 Dec 2026 12:%02d:00 +0000\r\n"+
		"Content-Type: text/plain; charset=utf-8\r\n\r\n%s\r\n\r\nOn Mon, someone wrote:\r\n> the board\r\n", from, g.replyAddress(seat), g.n, id, g.n, body)
	g.ingest(raw)
	return id
}

// ingest hands raw to pbem ingest, as an MTA would.
func (g *mailGame) ingest(raw string) {
	path := filepath.Join(g.t.TempDir(), "mail.eml")
	require.NoError(g.t, os.WriteFile(path, []byte(raw), 0o644))
	ok(g.t, g.db, "ingest", path)
}

// TestStatusAndMailAfterAGameWithRefusals plays a game by mail with two
// mails out of turn, a stale one, a stranger's and a thank-you; status
// and mail list count them by reason, mail show of a refusal names the
// line and why and the refusal sent in answer, and outbox retry makes an
// abandoned mail due.
func TestStatusAndMailAfterAGameWithRefusals(t *testing.T) {
	t.Parallel()
	db := filepath.Join(t.TempDir(), "pbem.db")
	ok(t, db, "game", "new", "amplitude", "--player", "ann@example.org:Ann", "--player", "bob@example.org", "--seed", "3")
	g := &mailGame{t: t, db: db}
	ann, bob := "ann@example.org", "bob@example.org"
	rack := showGame(t, db, "1", "--json").Players[1].Rack

	outOfTurn := g.send(ann, ann, "H8 right 234") // Bob moves first
	g.send(bob, bob, "Here goes:\n#1 "+firstPose(t, rack))
	g.send(bob, bob, "#1 pass")               // stale
	g.send("eve@example.org", ann, "#2 pass") // a stranger with Ann's address
	g.send(ann, ann, "Thanks, nice move!")    // no command
	g.send(bob, bob, "pass")                  // not Bob's turn
	assert.Equal(t, 1, showGame(t, db, "1", "--json").MoveNumber)

	status := ok(t, db, "status")
	for _, want := range []string{
		"games       amplitude   1 active  0 finished  0 aborted\n",
		"refusals    4 in the last 24h\n",
		"               2  refused   it is not your turn\n",
		"               1  refused   #N is stale\n",
		"               1  rejected  ADDRESS is not the address of its seat of game N\n",
		"last mail   mail 6 from bob@example.org",
		"daemon      never ran on this database\n",
	} {
		assert.Contains(t, status, want)
	}
	golden(t, "status.json", normalized(ok(t, db, "status", "--json")))

	list := ok(t, db, "mail", "list", "--json")
	golden(t, "mail_list.json", normalized(list))
	var mails []mailJSON
	require.NoError(t, json.Unmarshal([]byte(list), &mails))
	require.Len(t, mails, 6)
	assert.Equal(t, int64(6), mails[0].ID, "newest first")

	var bobs []mailJSON
	require.NoError(t, json.Unmarshal([]byte(ok(t, db, "mail", "list", "--from", "BOB@example.org", "--json")), &bobs))
	assert.Len(t, bobs, 3)
	var refused []mailJSON
	require.NoError(t, json.Unmarshal([]byte(ok(t, db, "mail", "list", "--outcome", "refused", "--since", "1h", "--game", "1", "--json")), &refused))
	assert.Len(t, refused, 3)
	table := ok(t, db, "mail", "list", "--from", ann, "--limit", "1")
	assert.Contains(t, table, "ID  RECEIVED")
	assert.Contains(t, table, "ignored")
	assert.Equal(t, 2, strings.Count(table, "\n"), "a header and one mail:\n%s", table)

	var first mailJSON
	for _, m := range mails {
		if m.MessageID == outOfTurn {
			first = m
		}
	}
	require.Equal(t, "refused", first.Outcome)
	show := ok(t, db, "mail", "show", fmt.Sprint(first.ID))
	for _, want := range []string{
		"refused", `reason: line 1, "H8 right 234": it is not your turn`,
		"From:       ann@example.org\n", "Subject:    Re: move 1\n", "Message-ID: " + outOfTurn + "\n",
		"text read:\n  | H8 right 234\n\n", // the quoted board is not the player's
		"commands read:\n  line 1  move    H8 right 234\n",
		"answers:\n", "ann@example.org", "your command was refused", "pending",
	} {
		assert.Contains(t, show, want)
	}
	assert.NotContains(t, show, "> the board")

	// outbox retry: an abandoned mail is due again; a sent one is refused.
	conn, err := sql.Open("sqlite", db)
	require.NoError(t, err)
	defer conn.Close()
	_, err = conn.Exec(`UPDATE outbox SET abandoned_at = '2026-12-01T12:00:00.000000000Z', attempts = 8, last_error = '550 no such user',
		next_attempt_at = '2999-01-01T00:00:00.000000000Z' WHERE id = 1`)
	require.NoError(t, err)
	_, err = conn.Exec(`UPDATE outbox SET sent_at = '2026-12-01T12:00:00.000000000Z', attempts = 1 WHERE id = 2`)
	require.NoError(t, err)
	assert.Contains(t, ok(t, db, "status"), "            1 sent (kept), 1 abandoned, 0 bounced\n")
	assert.NotContains(t, ok(t, db, "outbox", "list", "--pending"), "\n1 ")
	assert.Equal(t, "mail 1 to ann@example.org (abandoned, 8 attempts) is due now\n", ok(t, db, "outbox", "retry", "1"))
	var abandoned sql.NullString
	var next string
	var attempts int
	require.NoError(t, conn.QueryRow(`SELECT abandoned_at, next_attempt_at, attempts FROM outbox WHERE id = 1`).Scan(&abandoned, &next, &attempts))
	assert.False(t, abandoned.Valid)
	assert.LessOrEqual(t, next, time.Now().UTC().Format("2006-01-02T15:04:05.000000000Z"), "due now")
	assert.Equal(t, 8, attempts, "attempts kept")
	var pending []outboxJSON
	require.NoError(t, json.Unmarshal([]byte(ok(t, db, "outbox", "list", "--pending", "--game", "1", "--json")), &pending))
	ids := []int64{}
	for _, p := range pending {
		ids = append(ids, p.ID)
		assert.Equal(t, "pending", p.State)
	}
	assert.Contains(t, ids, int64(1))
	assert.NotContains(t, ids, int64(2))

	r := pbemDB(t, db, "outbox", "retry", "2")
	assert.Equal(t, 1, r.code)
	assert.Contains(t, r.stderr, "mail 2 to bob@example.org was sent at 2026-12-01T12:00:00Z: retrying it would send it twice")
	// A bounce, as bounce matching records it, shows in status and the
	// outbox, and a bounced mail is not retried.
	_, err = conn.Exec(`UPDATE outbox SET bounced_at = '2026-12-01T12:05:00.000000000Z', bounce = '5.1.1 user unknown' WHERE id = 2`)
	require.NoError(t, err)
	status = ok(t, db, "status")
	assert.Contains(t, status, "            1 sent (kept), 0 abandoned, 1 bounced\n            last bounce: mail 2 to bob@example.org, ")
	assert.Contains(t, status, " ago: 5.1.1 user unknown\n")
	var box []outboxJSON
	require.NoError(t, json.Unmarshal([]byte(ok(t, db, "outbox", "list", "--game", "1", "--limit", "0", "--json")), &box))
	require.Equal(t, int64(2), box[len(box)-2].ID)
	assert.Equal(t, "bounced", box[len(box)-2].State)
	assert.Equal(t, "5.1.1 user unknown", box[len(box)-2].Bounce)
	r = pbemDB(t, db, "outbox", "retry", "2")
	assert.Equal(t, 1, r.code)
	assert.Contains(t, r.stderr, "and bounced (5.1.1 user unknown): the address refuses mail")

	r = pbemDB(t, db, "outbox", "retry", "999")
	assert.Equal(t, 1, r.code)
	assert.Contains(t, r.stderr, "there is no mail 999 in the outbox")
	assert.Equal(t, 2, pbemDB(t, db, "outbox", "retry", "x").code)
	assert.Equal(t, 2, pbemDB(t, db, "mail", "list", "--outcome", "lost").code)
	assert.Equal(t, 2, pbemDB(t, db, "mail", "list", "--since", "yesterday").code)
	assert.Equal(t, 1, pbemDB(t, db, "mail", "show", "999").code)
}

// TestStatusDaemon: status tells a daemon whose heartbeat is fresh as
// running, with its IMAP state and last error, and a stale one as not
// running since its last beat.
func TestStatusDaemon(t *testing.T) {
	t.Parallel()
	db := filepath.Join(t.TempDir(), "pbem.db")
	ok(t, db, "game", "list") // creates the database
	conn, err := sql.Open("sqlite", db)
	require.NoError(t, err)
	defer conn.Close()
	beat := func(at time.Time) {
		_, err := conn.Exec(`INSERT INTO heartbeat (name, pid, started_at, beat_at, imap, last_error) VALUES ('serve', 4242, ?, ?, 'idle', 'imap: dial: connection refused')
			ON CONFLICT (name) DO UPDATE SET beat_at = excluded.beat_at`,
			"2026-12-01T09:00:00.000000000Z", at.UTC().Format("2006-01-02T15:04:05.000000000Z"))
		require.NoError(t, err)
	}
	beat(time.Now())
	out := ok(t, db, "status")
	assert.Contains(t, out, "daemon      running, pid 4242, since 2026-12-01 09:00:00Z; IMAP idle\n            last error: imap: dial: connection refused\n")
	var st statusJSON
	require.NoError(t, json.Unmarshal([]byte(ok(t, db, "status", "--json")), &st))
	assert.Equal(t, "running", st.Daemon.State)
	assert.Equal(t, 4242, st.Daemon.PID)
	assert.Equal(t, "idle", st.Daemon.IMAP)

	beat(time.Now().Add(-time.Minute))
	out = ok(t, db, "status")
	assert.Contains(t, out, "daemon      not running (last seen ")
	assert.Contains(t, out, ", 1m ago, pid 4242)\n")
	require.NoError(t, json.Unmarshal([]byte(ok(t, db, "status", "--json")), &st))
	assert.Equal(t, "stopped", st.Daemon.State)
}
