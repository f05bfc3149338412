package store

import (
	"context"
	"fmt"
	"testing"
	"time"
)

// BenchmarkDueTournaments is the Deadlines pass's look at the tournaments
// every minute: 1,000 running, each with its round's game going on, none
// due. Its cost is an index scan of the tournaments running and, for
// each, the open tables (tournament_games_open).
func BenchmarkDueTournaments(b *testing.B) {
	s, err := Open(context.Background(), b.TempDir()+"/pbem.db", time.Now)
	if err != nil {
		b.Fatal(err)
	}
	defer s.Close()
	ctx := context.Background()
	for i := range 1000 {
		id, err := s.CreateTournament(ctx, NewTournament{Game: "chiffres", Format: "swiss", Rounds: 3, Seats: 2,
			Entrants: []NewEntrant{{Email: fmt.Sprintf("p%d@example.org", i), Joined: true}, {Bot: "Robot 1"}}})
		if err != nil {
			b.Fatal(err)
		}
		t, err := s.Tournament(ctx, id)
		if err != nil {
			b.Fatal(err)
		}
		if err := s.StartTournament(ctx, id, map[int64]int{t.Entrants[0].ID: 1, t.Entrants[1].ID: 2}); err != nil {
			b.Fatal(err)
		}
		if err := s.PairRound(ctx, id, 1, []NewTable{{Seats: []int64{t.Entrants[0].ID, t.Entrants[1].ID}}}, nil); err != nil {
			b.Fatal(err)
		}
		t, _ = s.Tournament(ctx, id)
		if _, err := s.CreateGame(ctx, NewGame{Type: "chiffres", Seed: 1, Secret: []byte("s"), State: []byte("{}"),
			Seats: []NewSeat{{Email: fmt.Sprintf("p%d@example.org", i)}, {Bot: "Robot 1"}}, TournamentTable: t.Tables[0].ID}); err != nil {
			b.Fatal(err)
		}
	}
	b.ResetTimer()
	for range b.N {
		due, err := s.DueTournaments(ctx, time.Now(), 100)
		if err != nil || len(due) != 0 {
			b.Fatal(due, err)
		}
	}
}
