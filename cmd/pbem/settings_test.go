package main

import (
	"database/sql"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// recordedSettings reads the settings table of db.
func recordedSettings(t *testing.T, db string) map[string]string {
	t.Helper()
	conn, err := sql.Open("sqlite", db)
	require.NoError(t, err)
	defer conn.Close()
	rows, err := conn.Query(`SELECT key, value FROM settings`)
	require.NoError(t, err)
	defer rows.Close()
	out := map[string]string{}
	for rows.Next() {
		var k, v string
		require.NoError(t, rows.Scan(&k, &v))
		out[k] = v
	}
	require.NoError(t, rows.Err())
	return out
}

// TestSettingsPrecedence: a command configured with server.address
// records its server settings, unset ones as unset; one without takes
// them; a configuration naming another address wins, is recorded, and
// says so on stderr.
func TestSettingsPrecedence(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	db := filepath.Join(dir, "pbem.db")
	configured := []string{"PBEM_ADDRESS=games@example.org", "PBEM_AUTHSERV_ID=mx.example.org", "PBEM_ANSWERS_PER_HOUR=3"}
	r := pbemIn(t, dir, configured, "--db", db, "game", "list")
	require.Equal(t, 0, r.code, r.stderr)
	assert.Empty(t, r.stderr)
	rec := recordedSettings(t, db)
	assert.Equal(t, "games@example.org", rec["server.address"])
	assert.Equal(t, "mx.example.org", rec["server.authserv_id"])
	assert.Equal(t, "not-fail", rec["server.sender_auth"])
	assert.Equal(t, "3", rec["server.answers_per_hour"])

	inviteTo := func(env []string) (string, string) {
		r := pbemIn(t, dir, env, "--db", db, "game", "new", "amplitude", "--player", "ann@example.net", "--bot", "R")
		require.Equal(t, 0, r.code, r.stderr)
		id := strings.TrimSpace(r.stdout)
		conn, err := sql.Open("sqlite", db)
		require.NoError(t, err)
		defer conn.Close()
		var raw string
		require.NoError(t, conn.QueryRow(`SELECT raw FROM outbox WHERE game_id = ? ORDER BY id LIMIT 1`, id).Scan(&raw))
		m := regexp.MustCompile(`(?m)^Reply-To: <([^>]*)>`).FindStringSubmatch(raw)
		require.NotNil(t, m, "the invitation has no Reply-To")
		return m[1], r.stderr
	}
	replyTo, _ := inviteTo(nil)
	assert.Regexp(t, `^games\+\d+-\w+@example\.org$`, replyTo, "without a configuration, the recorded address")

	replyTo, stderr := inviteTo([]string{"PBEM_ADDRESS=play@example.net"})
	assert.Regexp(t, `^play\+\d+-\w+@example\.net$`, replyTo, "the configuration wins")
	assert.Contains(t, stderr, "server.address is now play@example.net in the database "+db+", which recorded games@example.org")
	rec = recordedSettings(t, db)
	assert.Equal(t, "play@example.net", rec["server.address"])
	assert.Empty(t, rec["server.authserv_id"], "a setting the configuration leaves unset is recorded unset")
	assert.Equal(t, "off", rec["server.sender_auth"])

	replyTo, stderr = inviteTo(nil)
	assert.Regexp(t, `^play\+\d+-\w+@example\.net$`, replyTo)
	assert.Empty(t, stderr, "taking the record says nothing")
}
