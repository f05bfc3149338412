package store

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"time"
)

// Seat is one place at a game's table: a player or a computer.
type Seat struct {
	Seat     int
	PlayerID int64 // 0 for a computer seat
	Email    string
	Name     string
	Bot      string // the label of a computer seat; "" for a player
	// BotLevel is the level a computer seat plays at (engine.Level): ""
	// for normal, "easy" or "strong".
	BotLevel string
	// TokenGen is the generation of the seat's reply token; a rekey moves
	// it on, revoking the earlier tokens.
	TokenGen int
	// Mail is the player's mail preference (MailEvery, MailTurn or
	// MailDigest; "" for a computer), loaded with the seat so that the
	// notifications of a move know whom to tell without a query each.
	Mail string
	// Lang is the player's language, "" until they choose one (the
	// server's default then), loaded with the seat for the same reason.
	Lang string
	// NoPictures says the player asked for mails without board pictures
	// (pictures off); false for a computer seat, which gets no mail.
	NoPictures bool
	// Offered, when not zero, says the seat is on offer (its player left
	// and nobody holds it; Bot is OnOffer) until then.
	Offered time.Time
}

// Label is how the seat is named to people: the player's name, else their
// address, or the computer seat's label.
func (s Seat) Label() string {
	switch {
	case s.Bot != "":
		return s.Bot
	case s.Name != "":
		return s.Name
	}
	return s.Email
}

// Game is a game as stored, with its seats in seating order.
type Game struct {
	ID         int64
	Type       string
	Options    map[string]string
	Seed       uint64
	Status     string
	Secret     []byte
	State      []byte
	MoveNumber int // moves stored, asides included
	// Turns is the moves played that took a turn: the next move a player
	// writes is #Turns+1.
	Turns int
	// Notified is the last move whose notifications are queued; later ones
	// wait for the computer seats' answers, to go in the same mail.
	Notified  int
	Clock     Clock // the clock of the player to move
	CreatedAt time.Time
	UpdatedAt time.Time
	Seats     []Seat
	// Holders are the holders over time of the seats that changed hands,
	// when the caller read them (Holders: a history, an export); nil
	// otherwise.
	Holders []Holder
}

// NewSeat describes a seat of a game to create: a player (Email, with an
// optional Name) or a computer (Bot, playing at BotLevel, "" for normal).
type NewSeat struct {
	Email, Name, Bot string
	BotLevel         string
	// OfferedUntil, when not zero, is a seat on offer (Bot is OnOffer)
	// until then: a game import's seat that waits for a taker.
	OfferedUntil time.Time
}

// NewGame is what CreateGame stores.
type NewGame struct {
	Type    string
	Options map[string]string
	Seed    uint64
	Secret  []byte
	State   []byte // the engine's initial state
	Seats   []NewSeat
	// BotToMove says a computer seat is to move first.
	BotToMove bool
	// Clock is the first player's clock, when the game has one.
	Clock Clock
	// CreatedBy is the player who started the game by mail, counted
	// against the lobby's limits; 0 for the operator's games.
	CreatedBy int64
	// Invite, when set, gives the mails announcing the game, composed once
	// the game has its ID; they are queued in the same transaction. When
	// it is nil, the invitations wait: Game.Notified is Uninvited until the
	// server sends them with the first notifications (a computer seat
	// playing first has its opening moves told in the invitation).
	Invite func(g Game) ([]OutMail, error)
	// Challenge, when set, is the answer that completes the challenge
	// this game starts: written in the same transaction.
	Challenge *ChallengeStart
	// TournamentTable, when set, is the tournament table (a
	// tournament_games row) the game plays: tied to it in the same
	// transaction, which fails with ErrConflict when the table has its
	// game already.
	TournamentTable int64
	// Inbound, when set, is the mail that asked for the game, recorded
	// about it in the same transaction.
	Inbound *Inbound
}

// gameRow is a games row as CreateGame and ImportGame insert it: the new
// game, and where it stands (a new game at the start, an imported one
// after its history).
type gameRow struct {
	NewGame
	status                 string
	state                  []byte
	moves, turns, notified int
	createdAt              string
}

// insertGame inserts r with its clock and its seats (creating the players
// met for the first time), at now, and returns the game's ID.
func insertGame(ctx context.Context, tx *sql.Tx, r gameRow, now string) (int64, error) {
	opts, err := json.Marshal(nonNil(r.Options))
	if err != nil {
		return 0, err
	}
	var creator any
	if r.CreatedBy != 0 {
		creator = r.CreatedBy
	}
	res, err := tx.ExecContext(ctx, `INSERT INTO games (game, options, seed, secret, state, status, move_number, turns, notified,
		created_at, updated_at, bot_to_move, created_by) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
		r.Type, string(opts), int64(r.Seed), r.Secret, r.state, r.status, r.moves, r.turns, r.notified,
		r.createdAt, now, r.BotToMove, creator)
	if err != nil {
		return 0, err
	}
	id, err := res.LastInsertId()
	if err != nil {
		return 0, err
	}
	if err := writeClock(ctx, tx, id, r.Clock, true); err != nil {
		return 0, err
	}
	return id, insertSeats(ctx, tx, id, r.Seats, now)
}

// Uninvited is Game.Notified of a game whose invitations wait for its
// computer seats' opening moves.
const Uninvited = -1

// CreateGame stores a new game with its seats, creating players met for the
// first time (and naming those who had no name yet), and returns its ID.
func (s *Store) CreateGame(ctx context.Context, g NewGame) (int64, error) {
	var id int64
	err := s.inTx(ctx, func(tx *sql.Tx) error {
		now := s.stamp()
		row := gameRow{NewGame: g, status: StatusActive, state: g.State, createdAt: now}
		if g.Invite == nil {
			row.notified = Uninvited
		}
		var err error
		if id, err = insertGame(ctx, tx, row, now); err != nil {
			return err
		}
		if g.Challenge != nil {
			if err := startChallenge(ctx, tx, *g.Challenge, id, now); err != nil {
				return err
			}
		}
		if g.TournamentTable != 0 {
			if err := linkTournamentGame(ctx, tx, g.TournamentTable, id); err != nil {
				return err
			}
		}
		var cause int64 // the mail that asked for the game, if any
		if g.Inbound != nil {
			if cause, err = insertInbound(ctx, tx, *g.Inbound, id, now); err != nil {
				return err
			}
		}
		if g.Invite == nil {
			return nil
		}
		created := Game{ID: id, Type: g.Type, Options: g.Options, Seed: g.Seed, Status: StatusActive, Secret: g.Secret, State: g.State, Clock: g.Clock}
		// The seats as the invitations read them: each player's language
		// and wishes, as this transaction sees them.
		if created.Seats, err = querySeats(ctx, tx, id); err != nil {
			return err
		}
		mails, err := g.Invite(created)
		if err != nil {
			return err
		}
		if err := queueMailsFor(ctx, tx, id, cause, mails, now); err != nil {
			return err
		}
		return startUnlinked(ctx, tx, id)
	})
	if err != nil {
		return 0, fmt.Errorf("create game: %w", err)
	}
	return id, nil
}

// insertSeats writes the seats of game id, creating the players met for
// the first time (and naming those who had no name yet).
func insertSeats(ctx context.Context, tx *sql.Tx, id int64, seats []NewSeat, now string) error {
	for i, seat := range seats {
		var player any
		if seat.Bot == "" {
			pid, err := upsertPlayer(ctx, tx, seat.Email, seat.Name, now)
			if err != nil {
				return err
			}
			player = pid
		}
		var bot any
		if seat.Bot != "" {
			bot = seat.Bot
		}
		insert, args := `INSERT INTO seats (game_id, seat, player_id, bot) VALUES (?, ?, ?, ?)`, []any{id, i, player, bot}
		switch {
		case !seat.OfferedUntil.IsZero():
			insert = `INSERT INTO seats (game_id, seat, player_id, bot, bot_level, offered_until) VALUES (?, ?, ?, ?, ?, ?)`
			args = append(args, seat.BotLevel, seat.OfferedUntil.UTC().Format(timeFormat))
		case seat.BotLevel != "": // the column's default is normal
			insert, args = `INSERT INTO seats (game_id, seat, player_id, bot, bot_level) VALUES (?, ?, ?, ?, ?)`, append(args, seat.BotLevel)
		}
		if _, err := tx.ExecContext(ctx, insert, args...); err != nil {
			return err
		}
	}
	return nil
}

func upsertPlayer(ctx context.Context, tx *sql.Tx, email, name, now string) (int64, error) {
	var id int64
	err := tx.QueryRowContext(ctx, `INSERT INTO players (email, name, created_at) VALUES (?, ?, ?)
		ON CONFLICT (email) DO UPDATE SET name = CASE WHEN excluded.name <> '' THEN excluded.name ELSE players.name END
		RETURNING id`, email, name, now).Scan(&id)
	if err != nil {
		return 0, fmt.Errorf("player %s: %w", email, err)
	}
	return id, nil
}

func nonNil(m map[string]string) map[string]string {
	if m == nil {
		return map[string]string{}
	}
	return m
}

const gameColumns = `id, game, options, seed, status, secret, state, move_number, turns, notified, created_at, updated_at, ` + clockColumns

// Game loads one game with its seats.
func (s *Store) Game(ctx context.Context, id int64) (Game, error) {
	g, err := scanGame(s.db.QueryRowContext(ctx, `SELECT `+gameColumns+` FROM games WHERE id = ?`, id))
	if errors.Is(err, sql.ErrNoRows) {
		return Game{}, fmt.Errorf("game %d: %w", id, ErrNotFound)
	}
	if err != nil {
		return Game{}, fmt.Errorf("load game %d: %w", id, err)
	}
	if g.Seats, err = s.seats(ctx, id); err != nil {
		return Game{}, err
	}
	return g, nil
}

// Games lists every game, oldest first, with its seats.
func (s *Store) Games(ctx context.Context) ([]Game, error) {
	rows, err := s.db.QueryContext(ctx, `SELECT `+gameColumns+` FROM games ORDER BY id`)
	if err != nil {
		return nil, fmt.Errorf("list games: %w", err)
	}
	var out []Game
	for rows.Next() {
		g, err := scanGame(rows)
		if err != nil {
			rows.Close()
			return nil, fmt.Errorf("list games: %w", err)
		}
		out = append(out, g)
	}
	rows.Close()
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("list games: %w", err)
	}
	for i := range out {
		if out[i].Seats, err = s.seats(ctx, out[i].ID); err != nil {
			return nil, err
		}
	}
	return out, nil
}

type scanner interface{ Scan(dest ...any) error }

func scanGame(row scanner) (Game, error) {
	var g Game
	var opts, created, updated string
	var seed int64
	var c clockScan
	err := row.Scan(&g.ID, &g.Type, &opts, &seed, &g.Status, &g.Secret, &g.State, &g.MoveNumber, &g.Turns, &g.Notified, &created, &updated,
		&c.started, &c.deadline, &c.reminded, &c.left, &c.due, &c.mail, &c.held, &c.why)
	if err != nil {
		return Game{}, err
	}
	if err := json.Unmarshal([]byte(opts), &g.Options); err != nil {
		return Game{}, fmt.Errorf("game %d options: %w", g.ID, err)
	}
	g.Seed, g.CreatedAt, g.UpdatedAt, g.Clock = uint64(seed), parseTime(created), parseTime(updated), c.clock()
	return g, nil
}

func (s *Store) seats(ctx context.Context, gameID int64) ([]Seat, error) {
	return querySeats(ctx, s.db, gameID)
}

// querySeats reads the seats of game gameID through q, in seating order.
func querySeats(ctx context.Context, q querier, gameID int64) ([]Seat, error) {
	rows, err := q.QueryContext(ctx, `SELECT s.seat, COALESCE(p.id, 0), COALESCE(p.email, ''), COALESCE(p.name, ''), COALESCE(s.bot, ''), s.bot_level, s.token_gen, COALESCE(p.mail_pref, ''), COALESCE(p.lang, ''), COALESCE(p.pictures, 1) = 0, s.offered_until
		FROM seats s LEFT JOIN players p ON p.id = s.player_id WHERE s.game_id = ? ORDER BY s.seat`, gameID)
	if err != nil {
		return nil, fmt.Errorf("seats of game %d: %w", gameID, err)
	}
	defer rows.Close()
	var out []Seat
	for rows.Next() {
		var st Seat
		var offered sql.NullString
		if err := rows.Scan(&st.Seat, &st.PlayerID, &st.Email, &st.Name, &st.Bot, &st.BotLevel, &st.TokenGen, &st.Mail, &st.Lang, &st.NoPictures, &offered); err != nil {
			return nil, fmt.Errorf("seats of game %d: %w", gameID, err)
		}
		st.Offered = nullTime(offered)
		out = append(out, st)
	}
	return out, rows.Err()
}

// SetStatus moves a game from one status to another, as when an operator
// aborts it; ErrConflict when the game is not in status from.
func (s *Store) SetStatus(ctx context.Context, id int64, from, to string) error {
	res, err := s.db.ExecContext(ctx, `UPDATE games SET status = ?, updated_at = ? WHERE id = ? AND status = ?`, to, s.stamp(), id, from)
	if err != nil {
		return fmt.Errorf("game %d status: %w", id, err)
	}
	if n, _ := res.RowsAffected(); n == 0 {
		if _, err := s.Game(ctx, id); err != nil {
			return err
		}
		return fmt.Errorf("game %d is not %s: %w", id, from, ErrConflict)
	}
	return nil
}

// PlayerID finds the player who owns address, as their main address or an
// alias.
func (s *Store) PlayerID(ctx context.Context, address string) (int64, error) {
	var id int64
	err := s.db.QueryRowContext(ctx, `SELECT id FROM players WHERE email = ?
		UNION ALL SELECT player_id FROM player_aliases WHERE address = ? LIMIT 1`, address, address).Scan(&id)
	if errors.Is(err, sql.ErrNoRows) {
		return 0, fmt.Errorf("address %s: %w", address, ErrNotFound)
	}
	if err != nil {
		return 0, fmt.Errorf("address %s: %w", address, err)
	}
	return id, nil
}

// AddAlias lets a player also send from address.
func (s *Store) AddAlias(ctx context.Context, email, address string) error {
	res, err := s.db.ExecContext(ctx, `INSERT INTO player_aliases (address, player_id) SELECT ?, id FROM players WHERE email = ?`, address, email)
	if err != nil {
		return fmt.Errorf("alias %s for %s: %w", address, email, err)
	}
	if n, _ := res.RowsAffected(); n == 0 {
		return fmt.Errorf("player %s: %w", email, ErrNotFound)
	}
	return nil
}

// StalledGames lists the active games whose seat to move is a computer's:
// after a player's move the computer answers at once, so one still waiting
// was stopped by a crash between the two.
func (s *Store) StalledGames(ctx context.Context) ([]int64, error) {
	return s.queryIDs(ctx, "stalled games", stalledGamesQuery)
}

// stalledGamesQuery reads the games_bot_to_move index alone, which holds
// the stalled games and nothing else. It names it: its WHERE must say
// status = 'active' as the index's does for the index to serve, and a
// planner without statistics then prefers games_status's equality on
// status, every active game, to any scan of a partial index. No shape of
// the query avoids that (a unary + on status, as dueGamesQuery has,
// would disqualify the partial index too), and INDEXED BY also turns the
// index's loss into an error rather than a slow tick.
const stalledGamesQuery = `SELECT id FROM games INDEXED BY games_bot_to_move WHERE bot_to_move = 1 AND status = 'active' ORDER BY id`
