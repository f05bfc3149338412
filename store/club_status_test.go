package store

import (
	"context"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestClub: the tournaments signing up and running, the oldest first,
// each with the entrants who joined (not those only invited), none over;
// the ladders with their players and open challenges.
func TestClub(t *testing.T) {
	s, _ := openTemp(t)
	ctx := context.Background()
	closes := time.Date(2026, 12, 25, 0, 0, 0, 0, time.UTC)
	mk := func(format string, entrants ...NewEntrant) int64 {
		id, err := s.CreateTournament(ctx, NewTournament{Game: "chiffres", Format: format, Rounds: 3, Seats: 2, MaxEntrants: 8, ClosesAt: closes, Entrants: entrants})
		require.NoError(t, err)
		return id
	}
	signup := mk("swiss", NewEntrant{Email: "ann@example.org", Joined: true}, NewEntrant{Email: "bob@example.org"}, NewEntrant{Bot: "Robot 1"})
	running := mk("knockout", NewEntrant{Bot: "Robot 1"}, NewEntrant{Bot: "Robot 2"})
	over := mk("knockout", NewEntrant{Bot: "Robot 1"}, NewEntrant{Bot: "Robot 2"})
	require.NoError(t, s.StartTournament(ctx, running, nil))
	require.NoError(t, s.EndTournament(ctx, over, TournamentSignup, TournamentCancelled, nil))

	l, err := s.CreateLadder(ctx, Ladder{Game: "amplitude", Reach: 3, Answer: time.Hour})
	require.NoError(t, err)
	ann, err := s.PlayerID(ctx, "ann@example.org")
	require.NoError(t, err)
	bob, err := s.PlayerID(ctx, "bob@example.org")
	require.NoError(t, err)
	require.NoError(t, s.WriteLadder(ctx, LadderWrite{Ladder: l, After: []int64{ann, bob}}))

	c, err := s.Club(ctx)
	require.NoError(t, err)
	assert.Equal(t, []ClubTournament{
		{ID: signup, Game: "chiffres", Format: "swiss", Status: TournamentSignup, Rounds: 3, Seats: 2, Joined: 2, MaxEntrants: 8, ClosesAt: closes},
		{ID: running, Game: "chiffres", Format: "knockout", Status: TournamentRunning, Rounds: 3, Seats: 2, Joined: 2, MaxEntrants: 8, ClosesAt: closes},
	}, c.Tournaments)
	assert.Zero(t, c.More)
	assert.Equal(t, []ClubLadder{{ID: l, Game: "amplitude", Players: 2}}, c.Ladders)
}
