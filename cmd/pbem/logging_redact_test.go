package main

import (
	"bytes"
	"errors"
	"fmt"
	"log/slog"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
)

// TestRedactingHandler: a token is hidden wherever a line carries it — the
// message, a string, an error, a group, an attribute given With — and
// numbers and times are written as they are.
func TestRedactingHandler(t *testing.T) {
	const token = "abcdefghijklmnopqrst"
	thread := fmt.Sprintf("pbem.12.%s.thread@example.org", token)
	for _, format := range []string{"text", "json"} {
		var out bytes.Buffer
		var h slog.Handler = slog.NewTextHandler(&out, nil)
		if format == "json" {
			h = slog.NewJSONHandler(&out, nil)
		}
		log := slog.New(redacting{h}).With("reply", "games+12-"+token+"@example.org")
		log.Info("queued "+thread, "message_id", thread, "err", errors.New("queue mail "+thread+": disk full"),
			slog.Group("mail", "id", thread), "n", 3, "at", time.Date(2026, 12, 1, 9, 0, 0, 0, time.UTC),
			"reason", `line 1, "confirm `+token+`": this confirmation was used already`, "in_reply_to", "pbem.confirm."+token+"@example.org")
		assert.NotContains(t, out.String(), token, format)
		assert.Contains(t, out.String(), "pbem.12.redacted.thread@example.org", format)
		assert.Contains(t, out.String(), "games+12-redacted@example.org", format)
		assert.Contains(t, out.String(), "confirm redacted", format)
		assert.Contains(t, out.String(), "pbem.confirm.redacted@example.org", format)
		assert.Contains(t, out.String(), "2026-12-01T09:00:00", format)
		assert.Contains(t, out.String(), "3", format)
	}
}
