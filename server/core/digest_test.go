package core

import (
	"errors"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"

	"pbem/store"
)

// A digest is due at its time of day, UTC, the next time it comes: one a
// stopped server missed is not caught up.
func TestNextDigest(t *testing.T) {
	at := func(h, m int) time.Time { return time.Date(2026, 12, 2, h, m, 0, 0, time.UTC) }
	assert.Equal(t, at(8, 30), NextDigest(8*60+30, at(7, 0)))
	assert.Equal(t, at(8, 30).AddDate(0, 0, 1), NextDigest(8*60+30, at(8, 30)), "not twice at the same minute")
	assert.Equal(t, at(8, 30).AddDate(0, 0, 1), NextDigest(8*60+30, at(23, 0)))
	paris := time.FixedZone("CET", 3600)
	assert.Equal(t, at(8, 30), NextDigest(8*60+30, time.Date(2026, 12, 2, 8, 0, 0, 0, paris)), "07:00 UTC")
	assert.Equal(t, "08:05", TimeOfDay(8*60+5))
}

func TestLabel(t *testing.T) {
	assert.Equal(t, "Ann", Label(store.Player{Name: "Ann", Email: "ann@example.org"}))
	assert.Equal(t, "bob@example.org", Label(store.Player{Email: "bob@example.org"}))
}

// Retried tries again while a game moved meanwhile, MaxAttempts times in
// all, and not on any other error.
func TestRetried(t *testing.T) {
	tries := 0
	_, err := Retried(func() (int, error) { tries++; return 0, store.ErrConflict })
	assert.ErrorIs(t, err, store.ErrConflict)
	assert.Equal(t, MaxAttempts, tries)
	tries = 0
	v, err := Retried(func() (int, error) {
		tries++
		if tries < 3 {
			return 0, store.ErrConflict
		}
		return 7, nil
	})
	assert.NoError(t, err)
	assert.Equal(t, 7, v)
	tries = 0
	other := errors.New("disk full")
	_, err = Retried(func() (int, error) { tries++; return 0, other })
	assert.ErrorIs(t, err, other)
	assert.Equal(t, 1, tries)
}
