package store

import (
	"context"
	"database/sql"
	"fmt"
)

// setPlayerChoice runs update, which sets one of player id's choices to
// values (its last parameter is the player's ID), with the mail that asked
// (in, nil when an operator did) and the confirmations it caused, in one
// transaction; what names the choice in errors.
func (s *Store) setPlayerChoice(ctx context.Context, what string, id int64, mails []OutMail, in *Inbound, update string, values ...any) error {
	err := s.inTx(ctx, func(tx *sql.Tx) error {
		now := s.stamp()
		res, err := tx.ExecContext(ctx, update, append(values, id)...)
		if err != nil {
			return err
		}
		if n, _ := res.RowsAffected(); n == 0 {
			return ErrNotFound
		}
		return answered(ctx, tx, in, mails, now)
	})
	if err != nil {
		return fmt.Errorf("%s of player %d: %w", what, id, err)
	}
	return nil
}

// answered records in, a mail outside any game that asked for a change
// (nil when an operator did), as handled, and queues mails, the answers it
// caused.
func answered(ctx context.Context, tx *sql.Tx, in *Inbound, mails []OutMail, now string) error {
	var cause int64
	if in != nil {
		var err error
		if cause, err = insertInbound(ctx, tx, *in, 0, now); err != nil {
			return err
		}
	}
	return queueMailsFor(ctx, tx, 0, cause, mails, now)
}
