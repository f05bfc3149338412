package main

import (
	"database/sql"
	"encoding/base64"
	"encoding/json"
	"fmt"
	"path/filepath"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestEscapeControls(t *testing.T) {
	for _, c := range []struct{ in, line, text string }{
		{"plain text, é and 数", "plain text, é and 数", "plain text, é and 数"},
		{"hi\r\n2026-12-02 level=INFO", `hi\r\n2026-12-02 level=INFO`, `hi\r` + "\n2026-12-02 level=INFO"},
		{"\x1b]0;pwned\x07\x1b[2J", `\x1b]0;pwned\x07\x1b[2J`, `\x1b]0;pwned\x07\x1b[2J`},
		{"a\tb\x00c\x7fd", `a\tb\x00c\x7fd`, "a\tb" + `\x00c\x7fd`},
		{"next\u0085line \u009b31m", `next\u0085line \u009b31m`, `next\u0085line \u009b31m`},
		{"\u202eevil\u202c \u2066x\u2069 \u200f \u2028", `\u202eevil\u202c \u2066x\u2069 \u200f \u2028`, `\u202eevil\u202c \u2066x\u2069 \u200f \u2028`},
		{"bad \xff byte", `bad \xff byte`, `bad \xff byte`},
	} {
		assert.Equal(t, c.line, escapeControls(c.in, false), "%q", c.in)
		assert.Equal(t, c.text, escapeControls(c.in, true), "%q", c.in)
	}
	assert.Equal(t, "Re: [#12-redacted] \\x1b[2J", safeLine("Re: [#12-abcdefghijklmnopqrst] \x1b[2J"), "tokens redacted too")

	doc := []byte(`{"name": "Ann` + "\u0085\u202e\x7f" + `"}` + "\n")
	var back, want map[string]string
	require.NoError(t, json.Unmarshal(jsonSafe(doc), &back))
	require.NoError(t, json.Unmarshal(doc, &want))
	assert.Equal(t, want, back, "the same document")
	assert.Equal(t, `{"name": "Ann\u0085\u202e\u007f"}`+"\n", string(jsonSafe(doc)))
}

// rawOnTerminal finds what acts on a terminal in out, checked apart from
// escapeControls: a C0 control but \n and \t, DEL, a C1 control, a bidi
// override or isolate.
func rawOnTerminal(out string) []string {
	var found []string
	for i, r := range out {
		bad := r < 0x20 && r != '\n' && r != '\t' || r == 0x7f || r >= 0x80 && r <= 0x9f ||
			r >= 0x202a && r <= 0x202e || r >= 0x2066 && r <= 0x2069 || r == utf8.RuneError
		if bad {
			found = append(found, fmt.Sprintf("%U at %d: …%q…", r, i, out[max(0, i-20):min(len(out), i+20)]))
		}
	}
	return found
}

// TestCommandsEscapeWhatMailsAndPlayersWrote: mails whose subject (RFC
// 2047-encoded), From name and body carry CR LF, ESC sequences, C1 and
// bidi controls, a player's name carrying them, an SMTP error and a
// bounce carrying them: every command that prints such a field prints no
// raw control (the escapes instead), and --json gives the text back whole.
func TestCommandsEscapeWhatMailsAndPlayersWrote(t *testing.T) {
	t.Parallel()
	db := filepath.Join(t.TempDir(), "pbem.db")
	ok(t, db, "game", "new", "amplitude", "--player", "ann@example.org:Ann", "--player", "bob@example.org:Bob", "--seed", "3")
	g := &mailGame{t: t, db: db}
	rack := showGame(t, db, "1", "--json").Players[1].Rack
	const (
		fakeLine = "hi\r\n2026-12-02 level=INFO fake=1"
		pwned    = "\x1b]0;pwned\x07\x1b[2J"
		name     = "Ann\x1b[31m \u202eX\u0085"
	)
	ingest := func(from, to, subject, body string) {
		g.n++
		g.ingest(fmt.Sprintf("From: =?utf-8?b?%s?= <%s>\r\nTo: <%s>\r\nSubject: %s\r\nMessage-ID: <esc%d@example.test>\r\n"+
			"Date: Tue, 01 Dec 2026 12:%02d:00 +0000\r\nContent-Type: text/plain; charset=utf-8\r\n\r\n%s\r\n",
			base64.StdEncoding.EncodeToString([]byte("Evil "+pwned)), from, to, subject, g.n, g.n, strings.ReplaceAll(body, "\n", "\r\n")))
	}
	bob, ann := "bob@example.org", "ann@example.org"
	ingest(ann, g.replyAddress(ann), "=?utf-8?q?hi=0D=0A2026-12-02_level=3DINFO_fake=3D1?=", "Thanks "+pwned+"!")
	ingest(bob, g.replyAddress(bob), "=?utf-8?b?"+base64.StdEncoding.EncodeToString([]byte(pwned+" \u202eevil\u0085"))+"?=",
		"Here goes "+pwned+"\n#1 "+firstPose(t, rack))
	ingest(bob, g.replyAddress(bob), "again", "#2 H8 rigth \x1b[5m123")

	conn, err := sql.Open("sqlite", db)
	require.NoError(t, err)
	defer conn.Close()
	_, err = conn.Exec(`UPDATE players SET name = ? WHERE email = ?`, name, ann)
	require.NoError(t, err)
	_, err = conn.Exec(`UPDATE outbox SET last_error = ? WHERE id = 1`, "451 busy\r\n"+pwned)
	require.NoError(t, err)
	_, err = conn.Exec(`UPDATE outbox SET bounced_at = '2026-12-01T12:05:00.000000000Z', bounce = ? WHERE id = 2`, "5.1.1 "+pwned+" \u202egone")
	require.NoError(t, err)

	want := map[string][]string{ // what each command shows escaped
		"mail list":                   {`hi\r\n2026-12-02 level=INFO fake=1`, `\x1b]0;pwned\x07\x1b[2J \u202eevil\u0085`, `\x1b[5m123`},
		"mail show 1":                 {"Subject:    " + `hi\r\n2026-12-02 level=INFO fake=1` + "\n", `  | Thanks \x1b]0;pwned\x07\x1b[2J!`},
		"mail show 2":                 {`Subject:    \x1b]0;pwned\x07\x1b[2J \u202eevil\u0085`, `  | Here goes \x1b]0;pwned\x07\x1b[2J`},
		"mail show 3":                 {`#2 H8 rigth \x1b[5m123`},
		"status":                      {`451 busy\r\n\x1b]0;pwned\x07\x1b[2J`, `5.1.1 \x1b]0;pwned\x07\x1b[2J \u202egone`, `\x1b[5m123`},
		"outbox list":                 {`451 busy\r\n\x1b]0;pwned\x07\x1b[2J`, `5.1.1 \x1b]0;pwned\x07\x1b[2J \u202egone`},
		"game list":                   {`Ann\x1b[31m \u202eX\u0085`},
		"game show 1":                 {`Ann\x1b[31m \u202eX\u0085`},
		"game history 1":              {"H8 right"},
		"game export 1 --format text": {`Ann\x1b[31m \u202eX\u0085`},
	}
	for command, shown := range want {
		out := ok(t, db, strings.Fields(command)...)
		assert.Empty(t, rawOnTerminal(out), "pbem %s:\n%s", command, out)
		for _, s := range shown {
			assert.Contains(t, out, s, "pbem %s", command)
		}
	}

	// --json: nothing raw either, and the text comes back whole.
	for _, command := range []string{"mail list --json", "status --json", "outbox list --json", "game list --json", "game show 1 --json",
		"game history 1 --json", "game export 1"} {
		out := ok(t, db, strings.Fields(command)...)
		assert.Empty(t, rawOnTerminal(out), "pbem %s:\n%s", command, out)
		assert.True(t, json.Valid([]byte(out)), "pbem %s", command)
	}
	var mails []mailJSON
	require.NoError(t, json.Unmarshal([]byte(ok(t, db, "mail", "list", "--json")), &mails))
	require.Len(t, mails, 3)
	assert.Equal(t, fakeLine, mails[2].Subject)
	assert.Equal(t, pwned+" \u202eevil\u0085", mails[1].Subject)
	assert.Equal(t, name, showGame(t, db, "1", "--json").Players[0].Name)
}
