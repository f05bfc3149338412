package main

import (
	"bytes"
	"database/sql"
	"fmt"
	"net/mail"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"pbem/mailer"
)

// TestMailCommandsRedactTokens: a sign-up by mail, its confirm TOKEN line,
// and a reply whose subject carries the game's tag: mail list, mail show,
// outbox list and status, in text and --json, show where each token was
// (redacted) and never the token.
func TestMailCommandsRedactTokens(t *testing.T) {
	t.Parallel()
	db := filepath.Join(t.TempDir(), "pbem.db")
	ok(t, db, "game", "new", "amplitude", "--player", "ann@example.org:Ann", "--player", "bob@example.org:Bob", "--seed", "3")
	g := &mailGame{t: t, db: db}
	ingest := func(from, to, subject, body string) {
		g.n++
		g.ingest(fmt.Sprintf("From: <%s>\r\nTo: <%s>\r\nSubject: %s\r\nMessage-ID: <tok%d@example.test>\r\n\r\n%s\r\n", from, to, subject, g.n, body))
	}
	ingest("cyd@example.org", "pbem@localhost", "hello", "signup Cyd")
	confirm, ok1 := mailer.ParseConfirmAddress(g.replyAddress("cyd@example.org"))
	require.True(t, ok1)
	ingest("cyd@example.org", "pbem@localhost", "confirm "+confirm, "confirm "+confirm)
	_, game, ok2 := mailer.ParseReplyAddress(g.replyAddress("ann@example.org"))
	require.True(t, ok2)
	ingest("ann@example.org", g.replyAddress("ann@example.org"), "Re: "+mailer.SubjectTag(1, game)+" Amplitude", "Thanks!")
	tokens := []string{confirm, game}
	conn, err := sql.Open("sqlite", db)
	require.NoError(t, err)
	defer conn.Close()
	rows, err := conn.Query(`SELECT raw FROM outbox`)
	require.NoError(t, err)
	for rows.Next() {
		var raw []byte
		require.NoError(t, rows.Scan(&raw))
		m, err := mail.ReadMessage(bytes.NewReader(raw))
		require.NoError(t, err)
		for _, parse := range []func(string) (int64, string, bool){mailer.ParseReplyAddress, mailer.ParseDigestAddress} {
			if _, token, ok := parse(strings.Trim(m.Header.Get("Reply-To"), "<>")); ok {
				tokens = append(tokens, token)
			}
		}
	}
	require.NoError(t, rows.Err())

	want := map[string][]string{
		"mail list":          {"[#1-redacted] Amplitude", "confirm redacted"},
		"mail list --json":   {`"subject": "Re: [#1-redacted] Amplitude"`},
		"mail show 2":        {"Subject:    confirm redacted\n", "  | confirm redacted\n"},
		"mail show 3":        {"To:         pbem+1-redacted@localhost\n", "[#1-redacted]"},
		"outbox list":        {"[#1-redacted] Amplitude"},
		"outbox list --json": {`"message_id": "pbem.confirm.redacted@localhost"`, `"message_id": "pbem.1.redacted.thread@localhost"`},
		"status":             {"mail 3 from ann@example.org"},
		"status --json":      {`"subject": "Re: [#1-redacted] Amplitude"`},
	}
	for command, shown := range want {
		out := ok(t, db, strings.Fields(command)...)
		for _, token := range tokens {
			assert.NotContains(t, strings.ToLower(out), token, "pbem %s", command)
		}
		for _, s := range shown {
			assert.Contains(t, out, s, "pbem %s", command)
		}
	}
}
