package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
)

// Registered reports whether the player who owns address (their own or
// an alias) has a confirmed sign-up and has not signed off: only they may
// start games by mail. It returns their ID either way when the address is
// known, 0 when it is not.
func (s *Store) Registered(ctx context.Context, address string) (playerID int64, registered bool, err error) {
	var reg, off sql.NullString
	err = s.db.QueryRowContext(ctx, `SELECT p.id, p.registered_at, p.signed_off_at FROM players p
		WHERE p.id = (SELECT id FROM players WHERE email = ? UNION ALL SELECT player_id FROM player_aliases WHERE address = ? LIMIT 1)`,
		address, address).Scan(&playerID, &reg, &off)
	if errors.Is(err, sql.ErrNoRows) {
		return 0, false, nil
	}
	if err != nil {
		return 0, false, fmt.Errorf("registration of %s: %w", address, err)
	}
	return playerID, reg.Valid && !off.Valid, nil
}
