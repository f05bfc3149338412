// Package scaledb grows a pbem database into one shaped like production,
// for the tests and benchmarks that measure pbem at scale: 100,000 games,
// most of them finished, each with its moves, the replies that carried
// them and the notifications sent, spread over the players of a club.
//
// A query plan, the cost of a command or the daemon's memory depend on
// the shape of the tables (how many finished games an index skips, how
// deep its B-tree is, what SQLite's statistics say), which a database of
// a few games built by a test does not have. Fill clones template games
// that the caller made with pbem's real code (so every row it copies is a
// row pbem wrote and can read) in bulk SQL, a few hundred thousand rows a
// second, without importing pbem's packages: the store's own tests use it.
package scaledb

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"strings"
)

// Shape is what Fill grows a database to. Its zero fields take the
// defaults of Production.
type Shape struct {
	// Games is the number of games the database holds at the end, the
	// templates included.
	Games int
	// Finished and Aborted are the shares of the clones that are over;
	// the rest are active, each as its template is (its clock, the seat
	// to move).
	Finished, Aborted float64
	// Moves is the number of moves of a finished clone; an active or
	// aborted one has half of them. Each move of a seat with a person has
	// its reply kept (inbound_mails), as pbem keeps every reply for its
	// archive.
	Moves int
	// Players is the number of people seated in the clones.
	Players int
	// RecentShare is the share of the clones, the newest, whose
	// notifications are still in the outbox (sent, kept for
	// server.outbox_keep): two a move.
	RecentShare float64
}

// Production is the shape of a club's database after a few years: 85% of
// the games finished, 3% aborted, 30 moves a finished game, a person in
// about ten games, the last 5% of the games' mails still kept.
var Production = Shape{Finished: 0.85, Aborted: 0.03, Moves: 30, RecentShare: 0.05}

// withDefaults is sh with its zero fields taken from Production.
func (sh Shape) withDefaults() Shape {
	if sh.Finished == 0 && sh.Aborted == 0 {
		sh.Finished, sh.Aborted = Production.Finished, Production.Aborted
	}
	if sh.Moves == 0 {
		sh.Moves = Production.Moves
	}
	if sh.Players == 0 {
		sh.Players = max(sh.Games/5, 10)
	}
	if sh.RecentShare == 0 {
		sh.RecentShare = Production.RecentShare
	}
	return sh
}

// Fill adds clones of the template games to db until it holds sh.Games
// games, in one transaction. Each clone copies its template's row
// (options, state, secret, clock), seats and rows of moves, replies and
// sent mails, so that every row is one pbem wrote; a template should have
// made a move by mail, whose rows are the pattern of its clones' moves.
//
// An active clone is its template at the same point, with other people
// seated: its moves are the template's, and a reply to it is played as one
// to its template would be. A finished or aborted clone has sh.Moves
// moves (half for an aborted one) made of its template's last move, which
// its archive shows but a replay would not rebuild: nothing on the paths
// of a mail or of the clock reads a finished game's moves. The games are
// spread over three years, the active ones among the newest, and their
// ids follow their age, as a real database's do.
//
// Fill gathers no statistics: a database pbem made has none until
// something runs ANALYZE (see Analyze).
func Fill(ctx context.Context, db *sql.DB, templates []int64, sh Shape) error {
	if len(templates) == 0 {
		return errors.New("scaledb: no template game")
	}
	sh = sh.withDefaults()
	clones := sh.Games - len(templates)
	if clones < 0 {
		return fmt.Errorf("scaledb: %d templates for %d games", len(templates), sh.Games)
	}
	conn, err := db.Conn(ctx) // the temporary tables live on one connection
	if err != nil {
		return err
	}
	defer conn.Close()
	restore, err := bulk(ctx, conn)
	if err != nil {
		return err
	}
	defer restore()
	tx, err := conn.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	defer tx.Rollback()
	f := filler{ctx: ctx, tx: tx, sh: sh, clones: clones, templates: templates}
	for _, step := range []func() error{f.plan, f.players, f.games, f.seats, f.moves, f.replies, f.strangers, f.sent, f.digests} {
		if err := step(); err != nil {
			return fmt.Errorf("scaledb: %w", err)
		}
	}
	if _, err := f.exec(`DROP TABLE temp.scale_clone`); err != nil {
		return err
	}
	if _, err := f.exec(`DROP TABLE temp.scale_pattern`); err != nil {
		return err
	}
	return tx.Commit()
}

// bulk has conn write without a journal to copy the new pages to (the
// database is a test's, and a crash loses it whole) and returns what
// puts conn's journal back as it was.
func bulk(ctx context.Context, conn *sql.Conn) (restore func(), err error) {
	var mode string
	var sync int
	if err := conn.QueryRowContext(ctx, "PRAGMA journal_mode").Scan(&mode); err != nil {
		return nil, err
	}
	if err := conn.QueryRowContext(ctx, "PRAGMA synchronous").Scan(&sync); err != nil {
		return nil, err
	}
	for _, q := range []string{"PRAGMA journal_mode = MEMORY", "PRAGMA synchronous = OFF"} {
		if _, err := conn.ExecContext(ctx, q); err != nil {
			return nil, err
		}
	}
	return func() {
		conn.ExecContext(ctx, "PRAGMA journal_mode = "+mode)
		conn.ExecContext(ctx, fmt.Sprintf("PRAGMA synchronous = %d", sync))
	}, nil
}

// Analyze gathers SQLite's statistics of every table and index, as a
// database has them once ANALYZE or PRAGMA optimize has run: the query
// planner then weighs an index by what it holds.
func Analyze(ctx context.Context, db *sql.DB) error {
	_, err := db.ExecContext(ctx, "ANALYZE")
	return err
}

// filler holds what the steps of one Fill share.
type filler struct {
	ctx         context.Context
	tx          *sql.Tx
	sh          Shape
	clones      int
	templates   []int64
	firstPlayer int64
}

// exec runs q within the fill's transaction, its error saying which.
func (f *filler) exec(q string, args ...any) (sql.Result, error) {
	r, err := f.tx.ExecContext(f.ctx, q, args...)
	if err != nil {
		head := strings.Join(strings.Fields(q), " ")
		return nil, fmt.Errorf("%.70s: %w", head, err)
	}
	return r, nil
}

// step runs queries in turn.
func (f *filler) step(queries ...string) error {
	for _, q := range queries {
		if _, err := f.exec(q); err != nil {
			return err
		}
	}
	return nil
}

// span is the time the clones' creation spans, from 2023-12-01.
const spanSeconds = 3 * 365 * 24 * 3600

// plan lists the clones to make (temp.scale_clone: the clone's rank by
// age, its template, its status, when it was created and how many moves
// it has) and each template's pattern move (temp.scale_pattern).
func (f *filler) plan() error {
	var values []string
	for k, id := range f.templates {
		values = append(values, fmt.Sprintf("(%d, %d)", k, id))
	}
	active := 1 - f.sh.Finished - f.sh.Aborted
	window := min(1, 2*active) // the newest clones, half of them active
	aborted := f.sh.Aborted / (f.sh.Finished + f.sh.Aborted)
	if err := f.step(
		`CREATE TEMP TABLE scale_template (k INTEGER PRIMARY KEY, id INTEGER NOT NULL)`,
		`INSERT INTO temp.scale_template VALUES `+strings.Join(values, ", "),
		`CREATE TEMP TABLE scale_clone (
			i        INTEGER PRIMARY KEY,
			template INTEGER NOT NULL,
			status   TEXT NOT NULL,
			at       TEXT NOT NULL,
			moves    INTEGER NOT NULL DEFAULT 0,
			id       INTEGER,
			recent   INTEGER NOT NULL DEFAULT 0)`,
	); err != nil {
		return err
	}
	// A clone's draw: a number in [0, 1000) spread evenly over the ranks.
	_, err := f.exec(`WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < ?1),
		d(i, draw, age) AS (SELECT i, (i * 7919) % 1000, CAST(i AS REAL) / ?1 FROM n)
		INSERT INTO temp.scale_clone (i, template, status, at, recent)
		SELECT i, (SELECT id FROM temp.scale_template WHERE k = i % ?2),
			CASE WHEN age > 1 - ?3 AND draw % 2 = 0 THEN 'active'
				WHEN draw < ?4 * 1000 THEN 'aborted' ELSE 'finished' END,
			strftime('%Y-%m-%dT%H:%M:%S.000000000Z', '2023-12-01', '+' || CAST(age * ?5 AS INTEGER) || ' seconds'),
			age > 1 - ?6
		FROM d`, f.clones, len(f.templates), window, aborted, spanSeconds, f.sh.RecentShare)
	if err != nil {
		return err
	}
	return f.step(
		`UPDATE temp.scale_clone SET moves = CASE status
			WHEN 'active' THEN (SELECT COUNT(*) FROM moves WHERE game_id = template)
			WHEN 'aborted' THEN `+fmt.Sprint(f.sh.Moves/2)+` ELSE `+fmt.Sprint(f.sh.Moves)+` END`,
		`CREATE TEMP TABLE scale_pattern AS
			SELECT g.id AS template, coalesce(m.text, 'pass') AS text, coalesce(m.notation, 'pass') AS notation,
				coalesce(m.public, '') AS public, coalesce(m.score, 0) AS score, coalesce(m.events, '[]') AS events,
				coalesce(m.state, g.state) AS state,
				(SELECT COUNT(*) FROM seats WHERE game_id = g.id) AS seats,
				coalesce((SELECT raw FROM inbound_mails WHERE game_id = g.id AND outcome = 'applied' ORDER BY id DESC LIMIT 1), zeroblob(2500)) AS reply,
				coalesce((SELECT raw FROM outbox WHERE game_id = g.id ORDER BY id DESC LIMIT 1), zeroblob(12000)) AS mail,
				(SELECT diagram FROM pictures ORDER BY last_mail DESC LIMIT 1) AS diagram
			FROM temp.scale_template t JOIN games g ON g.id = t.id
			LEFT JOIN moves m ON m.game_id = g.id AND m.number = g.move_number`,
	)
}

// players adds the club's people.
func (f *filler) players() error {
	r, err := f.exec(`WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < ?)
		INSERT INTO players (email, name, created_at, registered_at)
		SELECT 'member' || i || '@club.example', 'Member ' || i, '2024-01-01T00:00:00.000000000Z', '2024-01-01T00:00:00.000000000Z' FROM n`, f.sh.Players)
	if err != nil {
		return err
	}
	last, err := r.LastInsertId()
	f.firstPlayer = last - int64(f.sh.Players) + 1
	return err
}

// games adds the clones' rows, in the order of their age, and notes
// their ids.
func (f *filler) games() error {
	cols, err := f.columns("games")
	if err != nil {
		return err
	}
	over := map[string]string{ // what a clone has of its own
		"status":       "c.status",
		"created_at":   "c.at",
		"updated_at":   "c.at",
		"move_number":  "c.moves",
		"next_due":     "CASE c.status WHEN 'active' THEN g.next_due END",
		"deadline":     "CASE c.status WHEN 'active' THEN g.deadline END",
		"turn_started": "CASE c.status WHEN 'active' THEN g.turn_started END",
		"bot_to_move":  "CASE c.status WHEN 'active' THEN g.bot_to_move ELSE 0 END",
		"created_by":   "NULL",
	}
	var exprs []string
	for _, c := range cols {
		if e, ok := over[c]; ok {
			exprs = append(exprs, e)
		} else {
			exprs = append(exprs, "g."+c)
		}
	}
	r, err := f.exec(`INSERT INTO games (` + strings.Join(cols, ", ") + `)
		SELECT ` + strings.Join(exprs, ", ") + ` FROM temp.scale_clone c JOIN games g ON g.id = c.template ORDER BY c.i`)
	if err != nil {
		return err
	}
	last, err := r.LastInsertId()
	if err != nil {
		return err
	}
	_, err = f.exec(`UPDATE temp.scale_clone SET id = ? + i`, last-int64(f.clones))
	return err
}

// columns are table's columns but its rowid.
func (f *filler) columns(table string) ([]string, error) {
	rows, err := f.tx.QueryContext(f.ctx, `SELECT name FROM pragma_table_info(?) WHERE pk = 0 OR name <> 'id'`, table)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var cols []string
	for rows.Next() {
		var c string
		if err := rows.Scan(&c); err != nil {
			return nil, err
		}
		cols = append(cols, c)
	}
	return cols, rows.Err()
}

// seats seats the club's people in the clones, as their templates seat
// persons and computers.
func (f *filler) seats() error {
	_, err := f.exec(`INSERT INTO seats (game_id, seat, player_id, bot)
		SELECT c.id, s.seat, CASE WHEN s.player_id IS NOT NULL THEN ?1 + (c.i * 31 + s.seat * 101) % ?2 END, s.bot
		FROM temp.scale_clone c JOIN seats s ON s.game_id = c.template`, f.firstPlayer, f.sh.Players)
	return err
}

// moves adds the clones' moves: an active clone's are its template's, a
// finished or aborted one's its template's last move, again and again.
func (f *filler) moves() error {
	cols, err := f.columns("moves")
	if err != nil {
		return err
	}
	var exprs []string
	for _, c := range cols {
		switch c {
		case "game_id":
			exprs = append(exprs, "c.id")
		case "created_at":
			exprs = append(exprs, "c.at")
		default:
			exprs = append(exprs, "m."+c)
		}
	}
	if _, err := f.exec(`INSERT INTO moves (` + strings.Join(cols, ", ") + `)
		SELECT ` + strings.Join(exprs, ", ") + ` FROM temp.scale_clone c JOIN moves m ON m.game_id = c.template
		WHERE c.status = 'active' ORDER BY c.i, m.number`); err != nil {
		return err
	}
	_, err = f.exec(`WITH RECURSIVE n(k) AS (SELECT 1 UNION ALL SELECT k + 1 FROM n WHERE k < ?)
		INSERT INTO moves (game_id, number, seat, text, notation, public, score, events, state, created_at, message_id)
		SELECT c.id, n.k, (n.k - 1) % p.seats, p.text, p.notation, p.public, p.score, p.events, p.state,
			strftime('%Y-%m-%dT%H:%M:%S.000000000Z', c.at, '+' || n.k || ' hours'),
			'<scale.' || c.id || '.' || n.k || '@club.example>'
		FROM temp.scale_clone c JOIN temp.scale_pattern p ON p.template = c.template JOIN n ON n.k <= c.moves
		WHERE c.status <> 'active' ORDER BY c.i, n.k`, f.sh.Moves)
	return err
}

// replies keeps the reply that carried each clone's move by a person, as
// pbem keeps every reply for its game's archive.
func (f *filler) replies() error {
	_, err := f.exec(`INSERT INTO inbound_mails (mail_key, message_id, raw, received_at, outcome, game_id, sender)
		SELECT 'scale:' || c.id || ':' || m.number, '<scale.' || c.id || '.' || m.number || '@club.example>', p.reply,
			m.created_at, 'applied', c.id, pl.email
		FROM temp.scale_clone c JOIN temp.scale_pattern p ON p.template = c.template
		JOIN moves m ON m.game_id = c.id
		JOIN seats s ON s.game_id = c.id AND s.seat = m.seat
		JOIN players pl ON pl.id = s.player_id
		ORDER BY c.i, m.number`)
	return err
}

// strangers adds what else reaches an address: a mail ignored for every
// twenty games (a stranger's, an auto-reply, a reply to a finished game).
func (f *filler) strangers() error {
	_, err := f.exec(`INSERT INTO inbound_mails (mail_key, message_id, raw, received_at, outcome, detail, sender)
		SELECT 'scale:stranger:' || c.id, '<stranger.' || c.id || '@elsewhere.example>', zeroblob(1800), c.at, 'ignored',
			'no game in the mail', 'someone' || c.i || '@elsewhere.example'
		FROM temp.scale_clone c WHERE c.i % 20 = 0`)
	return err
}

// sent keeps the notifications of the newest clones' moves, sent, as
// pbem keeps them for server.outbox_keep: one to each person seated a
// move, with the board's diagram stored once a move.
func (f *filler) sent() error {
	if _, err := f.exec(`INSERT INTO outbox (game_id, message_id, recipient, raw, created_at, attempts, next_attempt_at, sent_at)
		SELECT c.id, '<scale.out.' || c.id || '.' || m.number || '.' || s.seat || '@pbem.example>', pl.email, p.mail,
			m.created_at, 1, m.created_at, m.created_at
		FROM temp.scale_clone c JOIN temp.scale_pattern p ON p.template = c.template
		JOIN moves m ON m.game_id = c.id
		JOIN seats s ON s.game_id = c.id JOIN players pl ON pl.id = s.player_id
		WHERE c.recent ORDER BY c.i, m.number, s.seat`); err != nil {
		return err
	}
	_, err := f.exec(`INSERT INTO pictures (ref, diagram, last_mail)
		SELECT 'scale' || c.id || '.' || m.number, p.diagram,
			(SELECT MAX(id) FROM outbox WHERE game_id = c.id)
		FROM temp.scale_clone c JOIN temp.scale_pattern p ON p.template = c.template
		JOIN moves m ON m.game_id = c.id
		WHERE c.recent AND p.diagram IS NOT NULL`)
	return err
}

// digests has one member in twenty take a daily digest, due tomorrow.
func (f *filler) digests() error {
	_, err := f.exec(`UPDATE players SET mail_pref = 'digest', digest_at = 8,
		next_digest = strftime('%Y-%m-%dT08:00:00.000000000Z', 'now', '+1 day')
		WHERE id >= ? AND id % 20 = 0`, f.firstPlayer)
	return err
}
