package store

import (
	"cmp"
	"context"
	"database/sql"
	"fmt"
	"slices"
	"time"
)

// What pbem status says of the club: the tournaments signing up or
// running and the ladders, a line each. It reads the tournaments through
// tournaments_status, a status at a time (never those over, however many
// ended), each one's entrants through tournament_entrants_of, and the
// ladders (one a game type) with their rungs by their key and their open
// challenges through ladder_challenges_open: what a club has now, never
// the games it played.

// ClubTournament is a tournament signing up or running, as status says it.
type ClubTournament struct {
	ID          int64
	Game        string
	Format      string
	Status      string // TournamentSignup or TournamentRunning
	Rounds      int    // a Swiss's rounds; 0 for the format's own
	Seats       int
	Round       int // the round paired last
	Joined      int // the entrants who joined (withdrawn ones too)
	MaxEntrants int
	ClosesAt    time.Time
}

// ClubLadder is a ladder as status says it.
type ClubLadder struct {
	ID         int64
	Game       string
	Players    int
	Challenges int // its challenges open: waiting for an answer, or their game going on
}

// Club is the club's tournaments under way and ladders; More counts the
// tournaments beyond the first ClubTournaments of each status.
type Club struct {
	Tournaments []ClubTournament
	More        int
	Ladders     []ClubLadder
}

// ClubTournaments is how many tournaments of each status Club lists.
const ClubTournaments = 20

// Club reads the club's tournaments signing up or running (the oldest
// first, at most ClubTournaments of each status) and its ladders.
func (s *Store) Club(ctx context.Context) (Club, error) {
	var c Club
	for _, status := range []string{TournamentSignup, TournamentRunning} {
		ts, err := s.clubTournaments(ctx, status)
		if err != nil {
			return c, err
		}
		var n int
		if err := s.db.QueryRowContext(ctx, `SELECT COUNT(*) FROM tournaments WHERE status = ?`, status).Scan(&n); err != nil {
			return c, fmt.Errorf("club: %w", err)
		}
		c.Tournaments, c.More = append(c.Tournaments, ts...), c.More+n-len(ts)
	}
	slices.SortStableFunc(c.Tournaments, func(a, b ClubTournament) int { return cmp.Compare(a.ID, b.ID) })
	rows, err := s.db.QueryContext(ctx, `SELECT l.id, l.game,
		(SELECT COUNT(*) FROM ladder_rungs r WHERE r.ladder_id = l.id),
		(SELECT COUNT(*) FROM ladder_challenges lc WHERE lc.ladder_id = l.id AND lc.outcome IS NULL)
		FROM ladders l ORDER BY l.game`)
	if err != nil {
		return c, fmt.Errorf("club ladders: %w", err)
	}
	defer rows.Close()
	for rows.Next() {
		var l ClubLadder
		if err := rows.Scan(&l.ID, &l.Game, &l.Players, &l.Challenges); err != nil {
			return c, fmt.Errorf("club ladders: %w", err)
		}
		c.Ladders = append(c.Ladders, l)
	}
	return c, rows.Err()
}

// clubTournaments are the first ClubTournaments tournaments in status,
// in the index's order (no sort).
func (s *Store) clubTournaments(ctx context.Context, status string) ([]ClubTournament, error) {
	rows, err := s.db.QueryContext(ctx, `SELECT t.id, t.game, t.format, t.rounds, t.seats, t.round, t.max_entrants, t.closes_at,
		(SELECT COUNT(*) FROM tournament_entrants e WHERE e.tournament_id = t.id AND e.joined_at IS NOT NULL)
		FROM tournaments t WHERE t.status = ? LIMIT ?`, status, ClubTournaments)
	if err != nil {
		return nil, fmt.Errorf("club tournaments: %w", err)
	}
	defer rows.Close()
	var out []ClubTournament
	for rows.Next() {
		t := ClubTournament{Status: status}
		var closes sql.NullString
		if err := rows.Scan(&t.ID, &t.Game, &t.Format, &t.Rounds, &t.Seats, &t.Round, &t.MaxEntrants, &closes, &t.Joined); err != nil {
			return nil, fmt.Errorf("club tournaments: %w", err)
		}
		if closes.Valid {
			t.ClosesAt = parseTime(closes.String)
		}
		out = append(out, t)
	}
	return out, rows.Err()
}
