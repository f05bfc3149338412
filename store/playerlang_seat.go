package store

import (
	"context"
	"database/sql"
	"fmt"
)

// playerLang is player id's language as the transaction tx sees it, ""
// for the server's default: a new game's invitations are composed inside
// the transaction that creates it, in each player's language.
func playerLang(ctx context.Context, tx *sql.Tx, id int64) (string, error) {
	var lang string
	if err := tx.QueryRowContext(ctx, `SELECT lang FROM players WHERE id = ?`, id).Scan(&lang); err != nil {
		return "", fmt.Errorf("language of player %d: %w", id, err)
	}
	return lang, nil
}
