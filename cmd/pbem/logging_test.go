package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestIngestLogsTheMail: pbem ingest logs its mail's fate on stderr, one
// line in the format and at the level the flags ask; a wrong value of
// either flag is a usage error, whatever the command.
func TestIngestLogsTheMail(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	db := filepath.Join(dir, "pbem.db")
	ok(t, db, "game", "new", "amplitude", "--seed", "3", "--player", "ann@example.org", "--player", "bob@example.org")
	mail := filepath.Join(dir, "mail.eml")
	require.NoError(t, os.WriteFile(mail, []byte("From: Zed <zed@example.org>\r\nTo: pbem@localhost\r\nSubject: hello\r\n"+
		"Message-ID: <zed.1@example.org>\r\n\r\nH8 right 123\r\n"), 0o600))

	r := pbemDB(t, db, "--log-format", "json", "ingest", mail)
	require.Equal(t, 0, r.code, r.stderr)
	assert.Equal(t, "rejected\n", r.stdout)
	var line map[string]any
	require.NoError(t, json.Unmarshal([]byte(strings.TrimSpace(r.stderr)), &line), "one JSON line: %s", r.stderr)
	assert.Equal(t, "mail handled", line["msg"])
	assert.Equal(t, "INFO", line["level"])
	assert.Equal(t, "zed.1@example.org", line["message_id"])
	assert.Equal(t, "zed@example.org", line["from"])
	assert.Equal(t, "rejected", line["outcome"])
	assert.Equal(t, "not a reply to a game of this server", line["reason"])
	assert.Contains(t, line, "ms")
	assert.Contains(t, line, "time")

	r = pbemDB(t, db, "ingest", mail)
	require.Equal(t, 0, r.code, r.stderr)
	assert.Regexp(t, `^time=\S+ level=INFO msg="mail handled" message_id=zed.1@example.org from=zed@example.org game=0 outcome=duplicate reason="handled already" ms=\S+\n$`, r.stderr)

	r = pbemDB(t, db, "--log-level", "warn", "ingest", mail)
	require.Equal(t, 0, r.code, r.stderr)
	assert.Empty(t, r.stderr, "a duplicate is info, below warn")

	for _, args := range [][]string{{"--log-level", "loud", "game", "list"}, {"--log-format", "xml", "ingest", mail}} {
		r := pbemDB(t, db, args...)
		assert.Equal(t, 2, r.code, "%q", args)
		assert.Contains(t, r.stderr, "it is one of", "%q", args)
	}
}
