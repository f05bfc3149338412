package store

import (
	"context"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestTournamentLife: a tournament signs up a person, an invitee and a
// computer seat, is due when full, starts once (the invitee who never
// joined dropped), pairs each round once, ties a game to its table once,
// records a result once, and ends once.
func TestTournamentLife(t *testing.T) {
	s, _ := openTemp(t)
	ctx := context.Background()
	now := time.Now()
	id, err := s.CreateTournament(ctx, NewTournament{Game: "chiffres", Format: "swiss", Rounds: 3, Seats: 2, MaxEntrants: 3,
		Options:  map[string]string{"clock": "72h"},
		Entrants: []NewEntrant{{Email: "ann@example.org", Name: "Ann", Joined: true}, {Email: "bob@example.org"}, {Bot: "Robot 1", BotLevel: "easy"}}})
	require.NoError(t, err)
	due, err := s.DueTournaments(ctx, now, 10)
	require.NoError(t, err)
	assert.Empty(t, due, "two of three joined")

	tr, err := s.Tournament(ctx, id)
	require.NoError(t, err)
	assert.Equal(t, TournamentSignup, tr.Status)
	assert.Equal(t, "72h", tr.Options["clock"])
	require.Len(t, tr.Entrants, 3)
	assert.Equal(t, []string{"Ann", "Robot 1", "bob@example.org"}, []string{tr.Entrants[0].Name, tr.Entrants[1].Bot, tr.Entrants[2].Email}, "the joined first")
	assert.False(t, tr.Entrants[2].Joined)

	carol, err := s.db.Exec(`INSERT INTO players (email, name, created_at) VALUES ('carol@example.org', 'Carol', '2026')`)
	require.NoError(t, err)
	cid, _ := carol.LastInsertId()
	require.NoError(t, s.JoinTournament(ctx, id, cid))
	assert.ErrorIs(t, s.JoinTournament(ctx, id, tr.Entrants[2].PlayerID), ErrConflict, "full")
	due, err = s.DueTournaments(ctx, now, 10)
	require.NoError(t, err)
	assert.Equal(t, []int64{id}, due, "full")
	n, err := s.TournamentsCreatedBy(ctx, 0)
	require.NoError(t, err)
	assert.Zero(t, n)

	tr, _ = s.Tournament(ctx, id)
	seeds := map[int64]int{}
	for i, e := range tr.Entrants {
		seeds[e.ID] = i + 1
	}
	require.NoError(t, s.StartTournament(ctx, id, seeds))
	assert.ErrorIs(t, s.StartTournament(ctx, id, seeds), ErrConflict, "started once")
	tr, _ = s.Tournament(ctx, id)
	require.Len(t, tr.Entrants, 3, "bob never joined")
	a, r, c := tr.Entrants[0].ID, tr.Entrants[1].ID, tr.Entrants[2].ID
	assert.Equal(t, 3, tr.Entrants[2].Seed)

	tables := []NewTable{{Seats: []int64{a, r}}, {Seats: []int64{c}, Points: []float64{1}}}
	require.NoError(t, s.PairRound(ctx, id, 1, tables, nil))
	assert.ErrorIs(t, s.PairRound(ctx, id, 1, tables, nil), ErrConflict, "paired once")
	due, _ = s.DueTournaments(ctx, now, 10)
	assert.Equal(t, []int64{id}, due, "a game to create")
	tr, _ = s.Tournament(ctx, id)
	require.Len(t, tr.Tables, 2)
	assert.True(t, tr.Tables[1].Done(), "the bye")
	row := tr.Tables[0].ID

	g := NewGame{Type: "chiffres", Seed: 1, Secret: []byte("s"), State: []byte("{}"), Seats: []NewSeat{{Email: "ann@example.org"}, {Bot: "Robot 1"}}, TournamentTable: row}
	game, err := s.CreateGame(ctx, g)
	require.NoError(t, err)
	_, err = s.CreateGame(ctx, g)
	assert.ErrorIs(t, err, ErrConflict, "one game a table")
	due, _ = s.DueTournaments(ctx, now, 10)
	assert.Empty(t, due, "the game goes on")

	require.NoError(t, s.SetStatus(ctx, game, StatusActive, StatusFinished))
	due, _ = s.DueTournaments(ctx, now, 10)
	assert.Equal(t, []int64{id}, due, "over, not recorded")
	tid, table, err := s.TableOfGame(ctx, game)
	require.NoError(t, err)
	assert.Equal(t, id, tid)
	assert.Equal(t, []int64{a, r}, table.Seats)
	require.NoError(t, s.RecordTable(ctx, row, []float64{1, 0}))
	assert.ErrorIs(t, s.RecordTable(ctx, row, []float64{0, 1}), ErrConflict, "recorded once")

	require.NoError(t, s.WithdrawEntrant(ctx, id, c, 1))
	assert.ErrorIs(t, s.WithdrawEntrant(ctx, id, c, 1), ErrConflict)
	running, err := s.Tournaments(ctx, TournamentRunning)
	require.NoError(t, err)
	assert.Equal(t, []int64{id}, running)
	require.NoError(t, s.EndTournament(ctx, id, TournamentRunning, TournamentFinished, nil))
	assert.ErrorIs(t, s.EndTournament(ctx, id, TournamentRunning, TournamentFinished, nil), ErrConflict)
	due, _ = s.DueTournaments(ctx, now, 10)
	assert.Empty(t, due)
}

// TestTournamentSignupDate: a tournament signing up is due once its date
// passed, not before.
func TestTournamentSignupDate(t *testing.T) {
	s, _ := openTemp(t)
	ctx := context.Background()
	closes := time.Date(2027, 1, 2, 12, 0, 0, 0, time.UTC)
	id, err := s.CreateTournament(ctx, NewTournament{Game: "chiffres", Format: "knockout", Seats: 2, ClosesAt: closes,
		Entrants: []NewEntrant{{Email: "ann@example.org", Joined: true}}})
	require.NoError(t, err)
	due, err := s.DueTournaments(ctx, closes.Add(-time.Minute), 10)
	require.NoError(t, err)
	assert.Empty(t, due)
	due, err = s.DueTournaments(ctx, closes, 10)
	require.NoError(t, err)
	assert.Equal(t, []int64{id}, due)
	tr, err := s.Tournament(ctx, id)
	require.NoError(t, err)
	assert.True(t, tr.ClosesAt.Equal(closes))
	require.NoError(t, s.LeaveSignup(ctx, id, tr.Entrants[0].PlayerID))
	assert.ErrorIs(t, s.LeaveSignup(ctx, id, tr.Entrants[0].PlayerID), ErrConflict)
}
