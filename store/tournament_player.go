package store

import (
	"context"
)

// TournamentsEntered lists the tournaments signing up or running that
// player pid is an entrant of, withdrawn or not, oldest first: what a
// sign-off takes them out of. It reads the player's entries
// (tournament_entrants_of_player), never every tournament.
func (s *Store) TournamentsEntered(ctx context.Context, pid int64) ([]int64, error) {
	return s.queryIDs(ctx, "tournaments entered", `SELECT t.id FROM tournament_entrants e CROSS JOIN tournaments t ON t.id = e.tournament_id
		WHERE e.player_id = ? AND t.status IN (?, ?) ORDER BY t.id`, pid, TournamentSignup, TournamentRunning)
}
