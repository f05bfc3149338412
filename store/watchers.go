package store

import (
	"context"
	"crypto/rand"
	"database/sql"
	"errors"
	"fmt"
)

// AddWatcher lets address watch game id; it reports whether the address
// was not a watcher already.
func (s *Store) AddWatcher(ctx context.Context, id int64, address string, mails []OutMail, in *Inbound) (bool, error) {
	added := false
	err := s.inTx(ctx, func(tx *sql.Tx) error {
		now := s.stamp()
		res, err := tx.ExecContext(ctx, `INSERT INTO watchers (game_id, address, added_at) VALUES (?, ?, ?) ON CONFLICT DO NOTHING`, id, address, now)
		if err != nil {
			return err
		}
		n, _ := res.RowsAffected()
		added = n > 0
		var cause int64
		if in != nil {
			if cause, err = insertInbound(ctx, tx, *in, id, now); err != nil {
				return err
			}
		}
		if !added {
			return nil
		}
		return queueMailsFor(ctx, tx, id, cause, mails, now)
	})
	if err != nil {
		return false, fmt.Errorf("watch game %d: %w", id, err)
	}
	return added, nil
}

// RemoveWatcher stops address watching game id, or every game when id is
// 0, and returns the games it watched.
func (s *Store) RemoveWatcher(ctx context.Context, id int64, address string, in *Inbound) ([]int64, error) {
	var games []int64
	err := s.inTx(ctx, func(tx *sql.Tx) error {
		rows, err := tx.QueryContext(ctx, `DELETE FROM watchers WHERE address = ? AND (game_id = ? OR ? = 0) RETURNING game_id`, address, id, id)
		if err != nil {
			return err
		}
		for rows.Next() {
			var g int64
			if err := rows.Scan(&g); err != nil {
				rows.Close()
				return err
			}
			games = append(games, g)
		}
		rows.Close()
		if err := rows.Err(); err != nil {
			return err
		}
		if in != nil {
			_, err := insertInbound(ctx, tx, *in, id, s.stamp())
			return err
		}
		return nil
	})
	if err != nil {
		return nil, fmt.Errorf("unwatch: %w", err)
	}
	return games, nil
}

// Watcher is an address watching a game, with the language of the
// player who owns it ("" for an address that plays no game, or whose
// player chose none) and token generation: read with the watchers, so
// that mailing them all costs one query, not two a watcher.
type Watcher struct {
	Address  string
	Lang     string
	TokenGen int    // the player's token generation (Player.TokenGen), 0 for no player's
	Name     string // the player's name, "" for no player's
}

// Watchers lists the addresses watching game id, by address: the order
// of the table's key, read without a sort.
func (s *Store) Watchers(ctx context.Context, id int64) ([]Watcher, error) {
	rows, err := s.db.QueryContext(ctx, `SELECT w.address, COALESCE(p.lang, ''), COALESCE(p.token_gen, 0), COALESCE(p.name, '') FROM watchers w
		LEFT JOIN players p ON p.id = (SELECT id FROM players WHERE email = w.address
			UNION ALL SELECT player_id FROM player_aliases WHERE address = w.address LIMIT 1)
		WHERE w.game_id = ? ORDER BY w.address`, id)
	if err != nil {
		return nil, fmt.Errorf("watchers of game %d: %w", id, err)
	}
	defer rows.Close()
	var out []Watcher
	for rows.Next() {
		var w Watcher
		if err := rows.Scan(&w.Address, &w.Lang, &w.TokenGen, &w.Name); err != nil {
			return nil, fmt.Errorf("watchers of game %d: %w", id, err)
		}
		out = append(out, w)
	}
	return out, rows.Err()
}

// Silence stops every mail to address (a base address, without +tag):
// queued ones are dropped, and none is queued again until Unsilence.
func (s *Store) Silence(ctx context.Context, address string, in *Inbound) error {
	err := s.inTx(ctx, func(tx *sql.Tx) error {
		now := s.stamp()
		if _, err := tx.ExecContext(ctx, `INSERT INTO silenced (address, since) VALUES (?, ?) ON CONFLICT DO NOTHING`, address, now); err != nil {
			return err
		}
		if _, err := tx.ExecContext(ctx, `UPDATE outbox SET abandoned_at = ?, last_error = 'the address said stop'
			WHERE sent_at IS NULL AND abandoned_at IS NULL AND (base = ? OR recipient = ?)`, now, address, address); err != nil {
			return err
		}
		if in != nil {
			_, err := insertInbound(ctx, tx, *in, 0, now)
			return err
		}
		return nil
	})
	if err != nil {
		return fmt.Errorf("silence %s: %w", address, err)
	}
	return nil
}

// Unsilence lets mail go to address again; it reports whether it was
// silenced.
func (s *Store) Unsilence(ctx context.Context, address string) (bool, error) {
	res, err := s.db.ExecContext(ctx, `DELETE FROM silenced WHERE address = ?`, address)
	if err != nil {
		return false, fmt.Errorf("unsilence %s: %w", address, err)
	}
	n, _ := res.RowsAffected()
	return n > 0, nil
}

// Silenced reports whether address said stop.
func (s *Store) Silenced(ctx context.Context, address string) (bool, error) {
	var n int
	if err := s.db.QueryRowContext(ctx, `SELECT COUNT(*) FROM silenced WHERE address = ?`, address).Scan(&n); err != nil {
		return false, fmt.Errorf("silenced %s: %w", address, err)
	}
	return n > 0, nil
}

// ServerKey is the server's secret of the given name, made at random the
// first time it is asked for and kept in the database, so that every
// process of one installation signs alike.
func (s *Store) ServerKey(ctx context.Context, name string) ([]byte, error) {
	var key []byte
	err := s.db.QueryRowContext(ctx, `SELECT value FROM server_keys WHERE name = ?`, name).Scan(&key)
	if err == nil {
		return key, nil // the usual case: read, no write
	}
	if !errors.Is(err, sql.ErrNoRows) {
		return nil, fmt.Errorf("server key %s: %w", name, err)
	}
	key = make([]byte, 32)
	if _, err := rand.Read(key); err != nil {
		return nil, fmt.Errorf("server key %s: %w", name, err)
	}
	err = s.inTx(ctx, func(tx *sql.Tx) error {
		if _, err := tx.ExecContext(ctx, `INSERT INTO server_keys (name, value) VALUES (?, ?) ON CONFLICT DO NOTHING`, name, key); err != nil {
			return err
		}
		return tx.QueryRowContext(ctx, `SELECT value FROM server_keys WHERE name = ?`, name).Scan(&key)
	})
	if err != nil {
		return nil, fmt.Errorf("server key %s: %w", name, err)
	}
	return key, nil
}
