package store

import (
	"context"
	"database/sql"
	"fmt"
	"math"
	"sort"
	"strings"
	"time"
)

// Ratings are Elo ratings, one per player and game type. They change only
// in the transaction of the move that finishes a rated game (writeCommit
// applies Commit.Ratings), so a crash or a retried commit counts a game
// exactly as often as its last move is stored: once. Which games are rated
// and who placed where are game rules, the server's; the store holds the
// arithmetic, a pure function of the ratings before the game and the
// placings.

// StartRating is a player's rating before their first rated game of a
// type: Elo's customary 1500, so that ratings read as players expect.
const StartRating = 1500.0

// RatingK is the most one two-player game moves a rating, and
// RatingK/(n-1) the most one pair of an n-player game does: 32, the usual
// K for club players, makes a newcomer's rating settle within a few dozen
// games. Scaling it by the n-1 opponents bounds what any game moves a
// rating by RatingK, so a 4-player game is not worth three games.
const RatingK = 32.0

// Placing is where one human seat of a finished rated game placed: 1 for
// the best, equal places for a tie (a shared win, a draw). Between two
// seats the better place scores 1 and an equal one 0.5.
type Placing struct {
	PlayerID int64
	Place    int
}

// Rating is a player's standing in one game type, for the operator's
// ratings command and the players' standings mail.
type Rating struct {
	Game     string // the engine's game ID
	PlayerID int64
	Email    string
	Name     string
	Rating   float64 // unrounded; show it rounded
	// Games counts the rated games finished, each a win (placed first
	// alone), a draw (first, but shared) or a loss (any other place).
	Games, Wins, Draws, Losses int
	UpdatedAt                  time.Time
}

// Elo is the ratings after one game of the players rated before, placed as
// places: each pair counts as a game between them worth RatingK/(n-1), and
// every change is computed from the ratings before the game, never from a
// pair's result already applied, so the order of the seats changes
// nothing. Fewer than two players change nothing.
func Elo(before []float64, places []int) []float64 {
	after := append([]float64(nil), before...)
	n := len(before)
	if n < 2 {
		return after
	}
	k := RatingK / float64(n-1)
	for i := range before {
		for j := range before {
			if i == j {
				continue
			}
			score := 0.5
			switch {
			case places[i] < places[j]:
				score = 1
			case places[i] > places[j]:
				score = 0
			}
			expected := 1 / (1 + math.Pow(10, (before[j]-before[i])/400))
			after[i] += k * (score - expected)
		}
	}
	return after
}

// RateGame is the ratings of the players of placings after their game:
// current holds their ratings before it (a player without one starts at
// StartRating), and the result has one Rating per placing, in their order,
// with the game counted as a win, a draw or a loss. current is not
// changed.
func RateGame(game string, current []Rating, placings []Placing) []Rating {
	by := make(map[int64]Rating, len(current))
	for _, r := range current {
		by[r.PlayerID] = r
	}
	before := make([]float64, len(placings))
	places := make([]int, len(placings))
	firsts := 0
	out := make([]Rating, len(placings))
	for i, p := range placings {
		r, ok := by[p.PlayerID]
		if !ok {
			r = Rating{Game: game, PlayerID: p.PlayerID, Rating: StartRating}
		}
		out[i], before[i], places[i] = r, r.Rating, p.Place
		if p.Place == 1 {
			firsts++
		}
	}
	after := Elo(before, places)
	for i, p := range placings {
		out[i].Rating = after[i]
		out[i].Games++
		switch {
		case p.Place == 1 && firsts == 1:
			out[i].Wins++
		case p.Place == 1:
			out[i].Draws++
		default:
			out[i].Losses++
		}
	}
	return out
}

// rateGame applies the result of game gameID, finished by the commit
// being written, to its players' ratings. It reads their ratings inside
// the writer's transaction, so games finishing in one batch are counted
// one after the other, each from the ratings the one before left.
func rateGame(ctx context.Context, tx *sql.Tx, gameID int64, placings []Placing, now string) error {
	if len(placings) == 0 {
		return nil
	}
	var game string
	if err := tx.QueryRowContext(ctx, `SELECT game FROM games WHERE id = ?`, gameID).Scan(&game); err != nil {
		return fmt.Errorf("rate game %d: %w", gameID, err)
	}
	ids := make([]any, 0, len(placings)+1)
	ids = append(ids, game)
	for _, p := range placings {
		ids = append(ids, p.PlayerID)
	}
	rows, err := tx.QueryContext(ctx, `SELECT player_id, rating, games, wins, draws, losses FROM ratings
		WHERE game = ? AND player_id IN (?`+strings.Repeat(", ?", len(placings)-1)+`)`, ids...)
	if err != nil {
		return fmt.Errorf("rate game %d: %w", gameID, err)
	}
	var current []Rating
	for rows.Next() {
		r := Rating{Game: game}
		if err := rows.Scan(&r.PlayerID, &r.Rating, &r.Games, &r.Wins, &r.Draws, &r.Losses); err != nil {
			rows.Close()
			return fmt.Errorf("rate game %d: %w", gameID, err)
		}
		current = append(current, r)
	}
	rows.Close()
	if err := rows.Err(); err != nil {
		return fmt.Errorf("rate game %d: %w", gameID, err)
	}
	for _, r := range RateGame(game, current, placings) {
		_, err := tx.ExecContext(ctx, `INSERT INTO ratings (game, player_id, rating, games, wins, draws, losses, updated_at)
			VALUES (?, ?, ?, ?, ?, ?, ?, ?)
			ON CONFLICT (game, player_id) DO UPDATE SET rating = excluded.rating, games = excluded.games,
				wins = excluded.wins, draws = excluded.draws, losses = excluded.losses, updated_at = excluded.updated_at`,
			game, r.PlayerID, r.Rating, r.Games, r.Wins, r.Draws, r.Losses, now)
		if err != nil {
			return fmt.Errorf("rate game %d: player %d: %w", gameID, r.PlayerID, err)
		}
	}
	return nil
}

// Ratings lists the ratings of game type game, or of every game type when
// game is "": by game type, then best first (more games first between
// equal ratings, then by address), so the list reads as a table of
// standings.
func (s *Store) Ratings(ctx context.Context, game string) ([]Rating, error) {
	rows, err := s.db.QueryContext(ctx, `SELECT r.game, r.player_id, p.email, p.name, r.rating, r.games, r.wins, r.draws, r.losses, r.updated_at
		FROM ratings r JOIN players p ON p.id = r.player_id
		WHERE ? = '' OR r.game = ?`, game, game)
	if err != nil {
		return nil, fmt.Errorf("ratings: %w", err)
	}
	defer rows.Close()
	var out []Rating
	for rows.Next() {
		var r Rating
		var updated string
		if err := rows.Scan(&r.Game, &r.PlayerID, &r.Email, &r.Name, &r.Rating, &r.Games, &r.Wins, &r.Draws, &r.Losses, &updated); err != nil {
			return nil, fmt.Errorf("ratings: %w", err)
		}
		r.UpdatedAt = parseTime(updated)
		out = append(out, r)
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("ratings: %w", err)
	}
	SortRatings(out)
	return out, nil
}

// SortRatings puts ratings in the order of a table of standings: by game
// type, best first, more games first between equal ratings, then by
// address. Ratings sorts what it reads so; a caller that changed some
// sorts them again.
func SortRatings(rs []Rating) {
	sort.SliceStable(rs, func(i, j int) bool {
		a, b := rs[i], rs[j]
		switch {
		case a.Game != b.Game:
			return a.Game < b.Game
		case a.Rating != b.Rating:
			return a.Rating > b.Rating
		case a.Games != b.Games:
			return a.Games > b.Games
		}
		return a.Email < b.Email
	})
}
