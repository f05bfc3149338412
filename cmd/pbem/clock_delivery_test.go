package main

import (
	"bytes"
	"database/sql"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestClockOfABouncedTurnMail, through the command line: a new game's
// clock waits for its first mail to leave (game show --json, status);
// a delivery report piped to pbem ingest says that mail bounced: the clock
// is stopped, game show says why, status counts it, and a month of pbem
// deadlines plays no timeout; pbem game clock runs it again.
func TestClockOfABouncedTurnMail(t *testing.T) {
	db := filepath.Join(t.TempDir(), "pbem.db")
	id := strings.TrimSpace(ok(t, db, "game", "new", "amplitude", "--player", "ann@example.org:Ann", "--player", "bob@example.org:Bob",
		"--option", "clock=3d", "--seed", "4"))
	g := showGame(t, db, id, "--json")
	require.NotNil(t, g.Clock)
	assert.Equal(t, clockJSON{State: "waiting", StoppedReason: "delivery", LeftSeconds: 3 * 24 * 3600, Since: g.Clock.Since}, *g.Clock)
	assert.Empty(t, g.Deadline)
	assert.False(t, g.Stopped)
	assert.Contains(t, ok(t, db, "game", "show", id), "Clock: waiting for the relay to accept the turn mail")
	assert.Contains(t, ok(t, db, "status"), "1 waiting for the relay to accept their turn mail")

	report := filepath.Join(t.TempDir(), "dsn.eml")
	require.NoError(t, os.WriteFile(report, deliveryReport(t, db, g.ToMove), 0o600))
	assert.Equal(t, "processed\n", ok(t, db, "ingest", report))
	g = showGame(t, db, id, "--json")
	require.NotNil(t, g.Clock)
	assert.Equal(t, "stopped", g.Clock.State)
	assert.Equal(t, "bounced", g.Clock.StoppedReason)
	assert.Contains(t, g.Clock.StoppedDetail, "5.1.1")
	assert.Equal(t, int64(3*24*3600), g.Clock.LeftSeconds, "all the time: it never ran")
	assert.True(t, g.Stopped)
	var st statusJSON
	require.NoError(t, json.Unmarshal([]byte(ok(t, db, "status", "--json")), &st))
	require.Len(t, st.Clocks, 1)
	assert.Equal(t, "bounced", st.Clocks[0].Held)
	assert.Equal(t, []int64{1}, st.Clocks[0].IDs)

	assert.Contains(t, ok(t, db, "deadlines", "--now", time.Now().Add(30*24*time.Hour).UTC().Format(time.RFC3339)), "0 games acted on")
	assert.Equal(t, "[]\n", ok(t, db, "game", "history", id, "--json"), "no timeout")

	out := ok(t, db, "game", "clock", id, "+1h")
	assert.Contains(t, out, "the time runs out ")
	g = showGame(t, db, id, "--json")
	assert.Equal(t, "running", g.Clock.State)
	deadline, err := time.Parse(time.RFC3339, g.Clock.Deadline)
	require.NoError(t, err)
	assert.WithinDuration(t, time.Now().Add(73*time.Hour), deadline, time.Minute, "its three days and the hour, from the operator's word")
	assert.Equal(t, g.Deadline, g.Clock.Deadline)
	started, err := time.Parse(time.RFC3339, g.Clock.Started)
	require.NoError(t, err)
	assert.Equal(t, deadline.Add(-72*time.Hour), started, "as a vacation's end restarts it: the reminders keep their place")
}

// deliveryReport is a mail system's report that the first mail the
// database queued for to bounced, its header returned.
func deliveryReport(t *testing.T, db, to string) []byte {
	conn, err := sql.Open("sqlite", db)
	require.NoError(t, err)
	defer conn.Close()
	var raw []byte
	require.NoError(t, conn.QueryRow(`SELECT raw FROM outbox WHERE recipient = ? ORDER BY id LIMIT 1`, to).Scan(&raw))
	header, _, _ := bytes.Cut(raw, []byte("\r\n\r\n"))
	return fmt.Appendf(nil, "Return-Path: <>\r\nFrom: Mail Delivery System <MAILER-DAEMON@mx.example.net>\r\nTo: pbem@localhost\r\n"+
		"Subject: Undelivered Mail Returned to Sender\r\nMessage-ID: <dsn1@mx.example.net>\r\nMIME-Version: 1.0\r\n"+
		"Content-Type: multipart/report; report-type=delivery-status; boundary=\"B\"\r\n\r\n"+
		"--B\r\nContent-Type: text/plain\r\n\r\nYour message could not be delivered.\r\n"+
		"--B\r\nContent-Type: message/delivery-status\r\n\r\nReporting-MTA: dns; mx.example.net\r\n\r\n"+
		"Final-Recipient: rfc822; %s\r\nAction: failed\r\nStatus: 5.1.1\r\nDiagnostic-Code: smtp; 550 5.1.1 <%s>: User unknown\r\n\r\n"+
		"--B\r\nContent-Type: text/rfc822-headers\r\n\r\n%s\r\n--B--\r\n", to, to, header)
}
