package store

import (
	"context"
	"database/sql"
	"fmt"
)

// PicturesChange is a player's choice of board pictures in their mails
// and the mails that confirm it, written together.
type PicturesChange struct {
	PlayerID int64
	Pictures bool // false: the ASCII board alone
	Mails    []OutMail
	Inbound  *Inbound // the mail that asked, when a mail did
}

// SetPlayerPictures writes a PicturesChange in one transaction: the mail
// that asked is recorded as handled with the confirmation it caused, so
// that a redelivered mail changes nothing twice.
func (s *Store) SetPlayerPictures(ctx context.Context, c PicturesChange) error {
	err := s.inTx(ctx, func(tx *sql.Tx) error {
		now := s.stamp()
		res, err := tx.ExecContext(ctx, `UPDATE players SET pictures = ? WHERE id = ?`, c.Pictures, c.PlayerID)
		if err != nil {
			return err
		}
		if n, _ := res.RowsAffected(); n == 0 {
			return ErrNotFound
		}
		return answered(ctx, tx, c.Inbound, c.Mails, now)
	})
	if err != nil {
		return fmt.Errorf("pictures of player %d: %w", c.PlayerID, err)
	}
	return nil
}
