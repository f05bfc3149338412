package store

import (
	"context"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestLadderRungsAndSettle: one ladder a game; players join at the
// bottom; a challenge is created once (a second open one as challenger
// refused), settled once with the records, and a write over rungs read
// before another is refused.
func TestLadderRungsAndSettle(t *testing.T) {
	s, _ := openTemp(t)
	ctx := context.Background()
	for _, p := range []string{"(1, 'ann@example.org', 'Ann')", "(2, 'bob@example.org', 'Bob')", "(3, 'cyd@example.org', 'Cyd')"} {
		_, err := s.db.Exec(`INSERT INTO players (id, email, name, created_at, registered_at) VALUES ` + p[:len(p)-1] + `, '2026-12-01', '2026-12-01')`)
		require.NoError(t, err)
	}
	id, err := s.CreateLadder(ctx, Ladder{Game: "amplitude", Options: map[string]string{"clock": "72h"}, Reach: 3, Answer: 7 * 24 * time.Hour})
	require.NoError(t, err)
	_, err = s.CreateLadder(ctx, Ladder{Game: "amplitude", Reach: 1, Answer: time.Hour})
	assert.ErrorIs(t, err, ErrConflict, "one ladder a game")
	l, err := s.LadderOf(ctx, "amplitude")
	require.NoError(t, err)
	assert.Equal(t, Ladder{ID: id, Game: "amplitude", Options: map[string]string{"clock": "72h"}, Reach: 3, Answer: 7 * 24 * time.Hour, CreatedAt: l.CreatedAt}, l)

	require.NoError(t, s.WriteLadder(ctx, LadderWrite{Ladder: id, After: []int64{1}}))
	require.NoError(t, s.WriteLadder(ctx, LadderWrite{Ladder: id, Before: []int64{1}, After: []int64{1, 2}}))
	require.NoError(t, s.WriteLadder(ctx, LadderWrite{Ladder: id, Before: []int64{1, 2}, After: []int64{1, 2, 3}}))
	assert.ErrorIs(t, s.WriteLadder(ctx, LadderWrite{Ladder: id, Before: []int64{1, 2}, After: []int64{2, 1}}), ErrConflict, "read before Cyd joined")

	challenge := func(challenger, defender int64) (int64, error) {
		return s.CreateLadderChallenge(ctx, NewLadderChallenge{Ladder: id, Challenger: challenger, Defender: defender, Challenge: NewChallenge{
			Game: "amplitude", CreatedBy: challenger, ExpiresAt: time.Now().Add(time.Hour),
			Seats: []ChallengeSeat{{PlayerID: defender, Address: "x@example.org"}, {PlayerID: challenger, Address: "y@example.org", Accepted: true}},
			Mails: func(int64) ([]OutMail, error) { return nil, nil }}})
	}
	cid, err := challenge(3, 1)
	require.NoError(t, err)
	_, err = challenge(3, 2)
	assert.ErrorIs(t, err, ErrConflict, "Cyd has a challenge open")
	c, err := s.Challenge(ctx, cid)
	require.NoError(t, err)
	assert.Equal(t, id, c.Ladder)
	open, err := s.OpenLadderChallenges(ctx, id)
	require.NoError(t, err)
	require.Len(t, open, 1)
	assert.Equal(t, ChallengePending, open[0].Status)

	win := LadderWrite{Ladder: id, Before: []int64{1, 2, 3}, After: []int64{3, 1, 2}, Settle: []LadderSettle{{Challenge: cid, Outcome: LadderForfeited, End: ChallengeExpired}}}
	require.NoError(t, s.WriteLadder(ctx, win))
	win.Before = win.After
	assert.ErrorIs(t, s.WriteLadder(ctx, win), ErrConflict, "settled once")
	rungs, err := s.Rungs(ctx, id)
	require.NoError(t, err)
	require.Len(t, rungs, 3)
	assert.Equal(t, []int64{3, 1, 2}, []int64{rungs[0].PlayerID, rungs[1].PlayerID, rungs[2].PlayerID})
	assert.Equal(t, [3]int{1, 0, 0}, [3]int{rungs[0].Wins, rungs[0].Losses, rungs[0].Draws})
	assert.Equal(t, [3]int{0, 1, 0}, [3]int{rungs[1].Wins, rungs[1].Losses, rungs[1].Draws})
	c, err = s.Challenge(ctx, cid)
	require.NoError(t, err)
	assert.Equal(t, ChallengeExpired, c.Status)
	open, err = s.OpenLadderChallenges(ctx, id)
	require.NoError(t, err)
	assert.Empty(t, open)

	require.NoError(t, s.WriteLadder(ctx, LadderWrite{Ladder: id, Before: []int64{3, 1, 2}, After: []int64{3, 2}}))
	rungs, err = s.Rungs(ctx, id)
	require.NoError(t, err)
	assert.Equal(t, 2, rungs[1].Rung)
	assert.Equal(t, int64(2), rungs[1].PlayerID)
}
