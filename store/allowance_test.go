package store

import (
	"context"
	"fmt"
	"path/filepath"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestAllowanceOf: what limits still allow is read without spending any:
// the fewest answers any of them leaves, and the end of that one's window;
// a window not begun, or over, allows its whole Max from now.
func TestAllowanceOf(t *testing.T) {
	ctx := context.Background()
	start := time.Date(2026, 12, 1, 9, 0, 0, 0, time.UTC)
	now := start
	s, err := Open(ctx, filepath.Join(t.TempDir(), "pbem.db"), func() time.Time { return now })
	require.NoError(t, err)
	defer s.Close()
	seat := Limit{Key: "refusals:1:0", Every: time.Hour, Max: 3}
	address := Limit{Key: "answers:ann@example.org", Every: time.Hour, Max: 5}
	allowance := func() Allowance {
		a, err := s.AllowanceOf(ctx, []Limit{address, seat})
		require.NoError(t, err)
		return a
	}
	assert.Equal(t, Allowance{Left: 3, Until: start.Add(time.Hour)}, allowance(), "nothing spent")
	assert.Equal(t, Allowance{Left: 3, Until: start.Add(time.Hour)}, allowance(), "reading spends nothing")
	for i := range 2 {
		now = start.Add(time.Duration(i) * 10 * time.Minute)
		in := Inbound{Key: fmt.Sprintf("m%d@x", i), Raw: []byte("x"), Outcome: Refused}
		mail := OutMail{MessageID: fmt.Sprintf("a%d@x", i), Recipient: "ann@example.org", Raw: []byte("a")}
		require.NoError(t, s.RecordInbound(ctx, Record{Inbound: &in, Limited: &LimitedMail{Mail: mail, Limits: []Limit{address, seat}}}))
	}
	assert.Equal(t, Allowance{Left: 1, Until: start.Add(time.Hour)}, allowance(), "the seat's window, begun at the first")
	now = start.Add(time.Hour)
	assert.Equal(t, Allowance{Left: 3, Until: now.Add(time.Hour)}, allowance(), "a new window")
}
