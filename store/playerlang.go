package store

import (
	"context"
	"database/sql"
	"fmt"
)

// LangChange is a player's choice of language and the mails that confirm
// it, written together.
type LangChange struct {
	PlayerID int64
	Lang     string // a language tag, as "fr"; "" for the server's default
	Mails    []OutMail
	Inbound  *Inbound // the mail that asked, when a mail did
}

// SetPlayerLang writes a LangChange in one transaction: the mail that
// asked is recorded as handled with the confirmation it caused, so that a
// redelivered mail changes nothing twice.
func (s *Store) SetPlayerLang(ctx context.Context, c LangChange) error {
	return s.setPlayerChoice(ctx, "language", c.PlayerID, `UPDATE players SET lang = ? WHERE id = ?`, c.Lang, c.Mails, c.Inbound)
}

// setPlayerChoice runs update, which sets one of player id's choices to
// value, with the mail that asked (in, nil when an operator did) and the
// confirmations it caused, in one transaction; what names the choice in
// errors.
func (s *Store) setPlayerChoice(ctx context.Context, what string, id int64, update string, value any, mails []OutMail, in *Inbound) error {
	err := s.inTx(ctx, func(tx *sql.Tx) error {
		now := s.stamp()
		res, err := tx.ExecContext(ctx, update, value, id)
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
