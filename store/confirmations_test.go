package store

import (
	"context"
	"path/filepath"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestConfirmationsOnceBeforeExpiry: a confirmation completes its change
// once, before it expires, in the transaction of the change; a second use
// or a late one is ErrConflict and changes nothing.
func TestConfirmationsOnceBeforeExpiry(t *testing.T) {
	ctx := context.Background()
	now := time.Date(2026, 12, 1, 9, 0, 0, 0, time.UTC)
	s, err := Open(ctx, filepath.Join(t.TempDir(), "pbem.db"), func() time.Time { return now })
	require.NoError(t, err)
	defer s.Close()
	for _, hash := range []string{"h1", "h2"} {
		require.NoError(t, s.AddConfirmation(ctx, hash, Confirmation{Kind: ConfirmSignup, Address: "ann@example.org", Name: "Ann", Expires: now.Add(time.Hour)}, nil,
			[]OutMail{{MessageID: hash + "@x", Recipient: "ann@example.org", Base: "ann@example.org", Raw: []byte("x")}}, nil))
	}
	c, err := s.ConfirmationOf(ctx, "h1")
	require.NoError(t, err)
	assert.Equal(t, Confirmation{Kind: ConfirmSignup, Address: "ann@example.org", Name: "Ann", Expires: now.Add(time.Hour)}, c)
	_, err = s.ConfirmationOf(ctx, "nope")
	assert.ErrorIs(t, err, ErrNotFound)

	pid, err := s.ChangeAccount(ctx, AccountChange{Email: "ann@example.org", Name: "Ann", Register: true, Token: "h1"})
	require.NoError(t, err)
	_, ok, err := s.Registered(ctx, "ann@example.org")
	require.NoError(t, err)
	assert.True(t, ok)
	_, err = s.ChangeAccount(ctx, AccountChange{PlayerID: pid, Name: "Twice", Token: "h1"})
	assert.ErrorIs(t, err, ErrConflict, "used")
	now = now.Add(time.Hour)
	_, err = s.ChangeAccount(ctx, AccountChange{PlayerID: pid, Name: "Late", Token: "h2"})
	assert.ErrorIs(t, err, ErrConflict, "expired")
	p, err := s.Player(ctx, pid)
	require.NoError(t, err)
	assert.Equal(t, "Ann", p.Name, "neither changed anything")
}
