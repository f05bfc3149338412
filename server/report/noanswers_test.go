package report

import (
	"testing"
	"time"

	"github.com/stretchr/testify/assert"

	"pbem/store"
)

// A mail without answers says why: its answers deleted, queued with a
// computer's answer, or none.
func TestNoAnswers(t *testing.T) {
	now := time.Date(2026, 12, 2, 12, 0, 0, 0, time.UTC)
	old := MailReport{InboundRow: store.InboundRow{ReceivedAt: now.Add(-48 * time.Hour), Outcome: store.Applied, GameID: 3}}
	assert.Contains(t, old.NoAnswers(now.Add(-24*time.Hour)), "none kept")
	assert.Contains(t, old.NoAnswers(time.Time{}), "pbem outbox list --game 3")
	refused := MailReport{InboundRow: store.InboundRow{ReceivedAt: now, Outcome: store.Refused}}
	assert.Equal(t, "none", refused.NoAnswers(time.Time{}))
	answered := MailReport{Answers: []OutboxLine{{}}}
	assert.Equal(t, "", answered.NoAnswers(now))
}
