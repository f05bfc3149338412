package store

import (
	"context"
	"fmt"
	"strings"
	"time"
)

// GameFilter selects the games pbem game list shows; its zero value
// selects them all.
type GameFilter struct {
	Status string // only the games in this status (StatusActive…); "" for any
	Type   string // only the games of this type (the engine's ID); "" for any
	Limit  int    // at most this many, newest first; 0: no limit
}

// GameListing is a game as a list shows it: its own columns and its seats'
// labels, read without its state, so that a page of a list costs the page
// whatever the games stored.
type GameListing struct {
	ID         int64
	Type       string
	Status     string
	MoveNumber int
	UpdatedAt  time.Time
	Players    []string // each seat's Label, in seating order
}

// ListGames lists the games f selects, newest first, from the games_status
// and games_type indexes (migration 21) and the page's rows alone.
func (s *Store) ListGames(ctx context.Context, f GameFilter) ([]GameListing, error) {
	q, args := listGamesQuery(f)
	rows, err := s.db.QueryContext(ctx, q, args...)
	if err != nil {
		return nil, fmt.Errorf("list games: %w", err)
	}
	defer rows.Close()
	var out []GameListing
	for rows.Next() {
		var g GameListing
		var updated string
		var seat *int
		var st Seat
		if err := rows.Scan(&g.ID, &g.Type, &g.Status, &g.MoveNumber, &updated, &seat, &st.Bot, &st.Name, &st.Email); err != nil {
			return nil, fmt.Errorf("list games: %w", err)
		}
		if len(out) == 0 || out[len(out)-1].ID != g.ID {
			g.UpdatedAt = parseTime(updated)
			out = append(out, g)
		}
		if seat != nil {
			last := &out[len(out)-1]
			last.Players = append(last.Players, st.Label())
		}
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("list games: %w", err)
	}
	return out, nil
}

// listGamesQuery is the query of ListGames: the page of games, then its
// seats joined.
func listGamesQuery(f GameFilter) (string, []any) {
	var where []string
	var args []any
	if f.Status != "" {
		where, args = append(where, "status = ?"), append(args, f.Status)
	}
	if f.Type != "" {
		where, args = append(where, "game = ?"), append(args, f.Type)
	}
	page := `SELECT id, game, status, move_number, updated_at FROM games`
	if len(where) > 0 {
		page += " WHERE " + strings.Join(where, " AND ")
	}
	limit := f.Limit
	if limit <= 0 {
		limit = -1 // SQLite: no limit
	}
	page += " ORDER BY id DESC LIMIT ?"
	args = append(args, limit)
	return `WITH page AS (` + page + `)
		SELECT page.id, page.game, page.status, page.move_number, page.updated_at,
			s.seat, COALESCE(s.bot, ''), COALESCE(p.name, ''), COALESCE(p.email, '')
		FROM page LEFT JOIN seats s ON s.game_id = page.id LEFT JOIN players p ON p.id = s.player_id
		ORDER BY page.id DESC, s.seat`, args
}

// GameIDs lists every game's ID in order, read from the primary key alone:
// what pbem game verify --all goes through without holding every game.
func (s *Store) GameIDs(ctx context.Context) ([]int64, error) {
	rows, err := s.db.QueryContext(ctx, `SELECT id FROM games ORDER BY id`)
	if err != nil {
		return nil, fmt.Errorf("list game IDs: %w", err)
	}
	defer rows.Close()
	var ids []int64
	for rows.Next() {
		var id int64
		if err := rows.Scan(&id); err != nil {
			return nil, fmt.Errorf("list game IDs: %w", err)
		}
		ids = append(ids, id)
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("list game IDs: %w", err)
	}
	return ids, nil
}
