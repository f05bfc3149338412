package store

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"time"
)

// A tournament plays games of one type in rounds the server pairs
// (server/tournament, with package pairing): it signs up its entrants
// until a date or until full, then runs a round at a time, each round's
// games created as the previous round's are all over, and ends finished
// (or cancelled by the operator). Its rows: tournaments, its entrants
// (tournament_entrants), the tables of its rounds (tournament_games).

// Tournament statuses.
const (
	TournamentSignup    = "signup"
	TournamentRunning   = "running"
	TournamentFinished  = "finished"
	TournamentCancelled = "cancelled"
)

// Tournament is a tournament as stored, with its entrants in sign-up
// order and its tables in round then table order.
type Tournament struct {
	ID          int64
	Game        string
	Format      string // pairing.Format: round-robin, swiss, knockout
	Rounds      int    // the rounds of a Swiss; 0 for the format's own
	Seats       int    // the seats of each game
	Options     map[string]string
	Status      string
	ClosesAt    time.Time // sign-up closes then; zero for no date
	MaxEntrants int       // sign-up closes when this many joined; 0 for no cap
	CreatedBy   int64     // 0 for the operator
	CreatedAt   time.Time
	Round       int // the round paired last, 0 before the first
	Entrants    []Entrant
	Tables      []TournamentTable
}

// Entrant is one entrant of a tournament: a person or a computer seat.
type Entrant struct {
	ID       int64
	PlayerID int64  // 0 for a computer seat
	Email    string // the person's address
	Name     string // the person's name, "" when they chose none
	Lang     string // the person's language, "" for the server's default
	Bot      string // the computer seat's label, "" for a person
	BotLevel string // "" for normal
	Seed     int    // 1 the strongest, 0 before the start
	// Withdrawn is the last round paired before the entrant withdrew, 0
	// while they play.
	Withdrawn int
	Joined    bool // an invited person who has not joined yet does not play
}

// TournamentTable is one table of a round: its entrants in seat order (one
// alone is a bye), its game (0 for a bye, or until created) and its
// result, the points of each seat once recorded (nil before).
type TournamentTable struct {
	ID     int64
	Round  int
	Table  int
	Seats  []int64
	GameID int64
	Points []float64
	// GameStatus is its game's status (StatusActive…), read with it; ""
	// while it has none.
	GameStatus string
}

// Done reports whether the table's result is recorded.
func (t TournamentTable) Done() bool { return t.Points != nil }

// NewTournament is what CreateTournament stores.
type NewTournament struct {
	Game        string
	Format      string
	Rounds      int
	Seats       int
	Options     map[string]string
	ClosesAt    time.Time
	MaxEntrants int
	CreatedBy   int64
	Entrants    []NewEntrant
	// Mails are composed once the tournament has its ID, in the
	// transaction; Inbound is the mail that asked for it.
	Mails   func(id int64) ([]OutMail, error)
	Inbound *Inbound
}

// NewEntrant is an entrant as a tournament is created with: a person by
// address (created a player when new here), joined at once or invited,
// or a computer seat.
type NewEntrant struct {
	Email, Name   string
	Bot, BotLevel string
	Joined        bool
}

// CreateTournament stores a tournament with its first entrants and
// returns its ID.
func (s *Store) CreateTournament(ctx context.Context, t NewTournament) (int64, error) {
	opts, err := json.Marshal(nonNil(t.Options))
	if err != nil {
		return 0, fmt.Errorf("create tournament: %w", err)
	}
	var id int64
	err = s.inTx(ctx, func(tx *sql.Tx) error {
		now := s.stamp()
		var closes any
		if !t.ClosesAt.IsZero() {
			closes = t.ClosesAt.UTC().Format(timeFormat)
		}
		res, err := tx.ExecContext(ctx, `INSERT INTO tournaments (game, format, rounds, seats, options, closes_at, max_entrants, created_by, created_at)
			VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`, t.Game, t.Format, t.Rounds, t.Seats, string(opts), closes, t.MaxEntrants, nullID(t.CreatedBy), now)
		if err != nil {
			return err
		}
		if id, err = res.LastInsertId(); err != nil {
			return err
		}
		for _, e := range t.Entrants {
			if err := insertEntrant(ctx, tx, id, e, now); err != nil {
				return err
			}
		}
		if t.Mails == nil {
			return recordWith(ctx, tx, t.Inbound, 0, func() ([]OutMail, error) { return nil, nil }, now)
		}
		return recordWith(ctx, tx, t.Inbound, 0, func() ([]OutMail, error) { return t.Mails(id) }, now)
	})
	if err != nil {
		return 0, fmt.Errorf("create tournament: %w", err)
	}
	return id, nil
}

// insertEntrant adds e to tournament id.
func insertEntrant(ctx context.Context, tx *sql.Tx, id int64, e NewEntrant, now string) error {
	var player any
	if e.Bot == "" {
		pid, err := upsertPlayer(ctx, tx, e.Email, e.Name, now)
		if err != nil {
			return err
		}
		player = pid
	}
	var joined any
	if e.Joined || e.Bot != "" {
		joined = now
	}
	_, err := tx.ExecContext(ctx, `INSERT INTO tournament_entrants (tournament_id, player_id, bot, bot_level, joined_at) VALUES (?, ?, ?, ?, ?)`,
		id, player, nullString(e.Bot), e.BotLevel, joined)
	return err
}

// Tournament loads a tournament with its entrants and tables;
// ErrNotFound when there is none.
func (s *Store) Tournament(ctx context.Context, id int64) (Tournament, error) {
	t := Tournament{ID: id}
	var opts, created string
	var closes sql.NullString
	var creator sql.NullInt64
	err := s.db.QueryRowContext(ctx, `SELECT game, format, rounds, seats, options, status, closes_at, max_entrants, created_by, created_at, round
		FROM tournaments WHERE id = ?`, id).
		Scan(&t.Game, &t.Format, &t.Rounds, &t.Seats, &opts, &t.Status, &closes, &t.MaxEntrants, &creator, &created, &t.Round)
	if errors.Is(err, sql.ErrNoRows) {
		return Tournament{}, fmt.Errorf("tournament %d: %w", id, ErrNotFound)
	}
	if err != nil {
		return Tournament{}, fmt.Errorf("tournament %d: %w", id, err)
	}
	if closes.Valid {
		t.ClosesAt = parseTime(closes.String)
	}
	t.CreatedBy, t.CreatedAt = creator.Int64, parseTime(created)
	if err := json.Unmarshal([]byte(opts), &t.Options); err != nil {
		return Tournament{}, fmt.Errorf("tournament %d options: %w", id, err)
	}
	if t.Entrants, err = s.entrants(ctx, id); err != nil {
		return Tournament{}, err
	}
	if t.Tables, err = s.tournamentTables(ctx, id); err != nil {
		return Tournament{}, err
	}
	return t, nil
}

// entrants reads the entrants of tournament id in sign-up order.
func (s *Store) entrants(ctx context.Context, id int64) ([]Entrant, error) {
	rows, err := s.db.QueryContext(ctx, `SELECT e.id, COALESCE(e.player_id, 0), COALESCE(p.email, ''), COALESCE(p.name, ''), COALESCE(p.lang, ''),
		COALESCE(e.bot, ''), e.bot_level, e.seed, e.withdrawn, e.joined_at
		FROM tournament_entrants e LEFT JOIN players p ON p.id = e.player_id WHERE e.tournament_id = ?
		ORDER BY e.joined_at IS NULL, e.joined_at, e.id`, id)
	if err != nil {
		return nil, fmt.Errorf("entrants of tournament %d: %w", id, err)
	}
	defer rows.Close()
	var out []Entrant
	for rows.Next() {
		var e Entrant
		var joined sql.NullString
		if err := rows.Scan(&e.ID, &e.PlayerID, &e.Email, &e.Name, &e.Lang, &e.Bot, &e.BotLevel, &e.Seed, &e.Withdrawn, &joined); err != nil {
			return nil, fmt.Errorf("entrants of tournament %d: %w", id, err)
		}
		e.Joined = joined.Valid
		out = append(out, e)
	}
	return out, rows.Err()
}

// tournamentTables reads the tables of tournament id, round by round.
func (s *Store) tournamentTables(ctx context.Context, id int64) ([]TournamentTable, error) {
	rows, err := s.db.QueryContext(ctx, `SELECT tg.id, tg.round, tg.tab, tg.seats, COALESCE(tg.game_id, 0), tg.points, COALESCE(g.status, '')
		FROM tournament_games tg LEFT JOIN games g ON g.id = tg.game_id
		WHERE tg.tournament_id = ? ORDER BY tg.round, tg.tab`, id)
	if err != nil {
		return nil, fmt.Errorf("tables of tournament %d: %w", id, err)
	}
	defer rows.Close()
	var out []TournamentTable
	for rows.Next() {
		var tt TournamentTable
		var seats string
		var points sql.NullString
		if err := rows.Scan(&tt.ID, &tt.Round, &tt.Table, &seats, &tt.GameID, &points, &tt.GameStatus); err != nil {
			return nil, fmt.Errorf("tables of tournament %d: %w", id, err)
		}
		if err := json.Unmarshal([]byte(seats), &tt.Seats); err != nil {
			return nil, fmt.Errorf("tables of tournament %d: %w", id, err)
		}
		if points.Valid {
			if err := json.Unmarshal([]byte(points.String), &tt.Points); err != nil {
				return nil, fmt.Errorf("tables of tournament %d: %w", id, err)
			}
		}
		out = append(out, tt)
	}
	return out, rows.Err()
}

// Tournaments lists the IDs of the tournaments in any of statuses (all
// when none), the newest first.
func (s *Store) Tournaments(ctx context.Context, statuses ...string) ([]int64, error) {
	if len(statuses) == 0 {
		return s.queryIDs(ctx, "tournaments", `SELECT id FROM tournaments ORDER BY id DESC`)
	}
	args := make([]any, len(statuses))
	marks := make([]string, len(statuses))
	for i, st := range statuses {
		args[i], marks[i] = st, "?"
	}
	return s.queryIDs(ctx, "tournaments", `SELECT id FROM tournaments WHERE status IN (`+strings.Join(marks, ", ")+`) ORDER BY id DESC`, args...)
}

// TournamentsCreatedBy counts the tournaments player pid made that sign up
// or run.
func (s *Store) TournamentsCreatedBy(ctx context.Context, pid int64) (int, error) {
	var n int
	err := s.db.QueryRowContext(ctx, `SELECT COUNT(*) FROM tournaments WHERE created_by = ? AND status IN (?, ?)`,
		pid, TournamentSignup, TournamentRunning).Scan(&n)
	if err != nil {
		return 0, fmt.Errorf("tournaments of player %d: %w", pid, err)
	}
	return n, nil
}
