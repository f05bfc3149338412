package main

import (
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"pbem/server/report"
	"pbem/store"
)

// TestMailShowPurgedAnswers: a mail older than server.outbox_keep whose
// answers were deleted says so, rather than that none was queued.
func TestMailShowPurgedAnswers(t *testing.T) {
	now := time.Date(2026, 12, 1, 12, 0, 0, 0, time.UTC)
	r := report.MailReport{InboundRow: store.InboundRow{ID: 7, GameID: 3, Outcome: store.Applied, ReceivedAt: now.AddDate(0, 0, -40)}}
	for _, c := range []struct {
		purged time.Time
		want   string
	}{
		{now.AddDate(0, 0, -30), "answers:\n  none kept: the mails sent longer ago than server.outbox_keep are deleted\n"},
		{time.Time{}, "answers:\n  none queued with it"}, // outbox_keep forever
		{now.AddDate(0, 0, -50), "answers:\n  none queued with it"},
	} {
		var b strings.Builder
		require.NoError(t, writeMailShow(&b, r, c.purged))
		assert.Contains(t, b.String(), c.want)
	}
}
