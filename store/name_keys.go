package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
)

// NameKeys is how players' names are keyed by what they look like: Of
// gives a name's key (two names with one key pass for each other), and
// Version names that function, changing whenever it does. The server
// passes parser's NameKey in: the store does not know what looks alike,
// only how to find it (see migration 0026).
type NameKeys struct {
	Version string
	Of      func(name string) string
}

// PlayerNamedLike finds a player other than except (0: none) whose name
// has name's key: ErrNotFound when nobody's has, or when the key is ""
// (the players without a name have it). It first keys the names
// not keyed yet, those changed since and, when keys.Version is not the
// one they were keyed by, every name, in Go, in one transaction; a name
// changed by another process between that and the lookup is keyed at the
// next.
func (s *Store) PlayerNamedLike(ctx context.Context, keys NameKeys, name string, except int64) (Player, error) {
	if err := s.keyNames(ctx, keys); err != nil {
		return Player{}, fmt.Errorf("player named like %s: %w", name, err)
	}
	var id int64
	err := s.db.QueryRowContext(ctx, `SELECT id FROM players WHERE name_key = ? AND name_key != '' AND id != ? ORDER BY id LIMIT 1`, keys.Of(name), except).Scan(&id)
	if errors.Is(err, sql.ErrNoRows) {
		return Player{}, fmt.Errorf("player named like %s: %w", name, ErrNotFound)
	}
	if err != nil {
		return Player{}, fmt.Errorf("player named like %s: %w", name, err)
	}
	return s.Player(ctx, id)
}

// keyNames computes the keys missing, or all of them when they were
// computed by another version than keys', in one transaction; it writes
// nothing when every key is there and of keys' version, which one read
// tells. Run twice, the second does nothing.
func (s *Store) keyNames(ctx context.Context, keys NameKeys) error {
	current, err := keyedBy(ctx, s.db, keys)
	if err != nil {
		return err
	}
	if current {
		return nil
	}
	return s.inTx(ctx, func(tx *sql.Tx) error {
		var version sql.NullString
		err := tx.QueryRowContext(ctx, `SELECT version FROM name_keying`).Scan(&version)
		if err != nil && !errors.Is(err, sql.ErrNoRows) {
			return err
		}
		if version.String != keys.Version {
			for _, q := range []string{`UPDATE players SET name_key = NULL`, `DELETE FROM name_keying`} {
				if _, err := tx.ExecContext(ctx, q); err != nil {
					return err
				}
			}
			if _, err := tx.ExecContext(ctx, `INSERT INTO name_keying (version) VALUES (?)`, keys.Version); err != nil {
				return err
			}
		}
		names, err := unkeyedNames(ctx, tx)
		if err != nil {
			return err
		}
		for id, name := range names {
			if _, err := tx.ExecContext(ctx, `UPDATE players SET name_key = ? WHERE id = ?`, keys.Of(name), id); err != nil {
				return err
			}
		}
		return nil
	})
}

// keyedBy reports whether every name is keyed, by keys' version.
func keyedBy(ctx context.Context, db *sql.DB, keys NameKeys) (bool, error) {
	var ok bool
	err := db.QueryRowContext(ctx, `SELECT EXISTS (SELECT 1 FROM name_keying WHERE version = ?)
		AND NOT EXISTS (SELECT 1 FROM players WHERE name_key IS NULL)`, keys.Version).Scan(&ok)
	return ok, err
}

// unkeyedNames are the names of the players whose name has no key, by ID.
func unkeyedNames(ctx context.Context, tx *sql.Tx) (map[int64]string, error) {
	rows, err := tx.QueryContext(ctx, `SELECT id, name FROM players WHERE name_key IS NULL`)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	names := map[int64]string{}
	for rows.Next() {
		var id int64
		var name string
		if err := rows.Scan(&id, &name); err != nil {
			return nil, err
		}
		names[id] = name
	}
	return names, rows.Err()
}
