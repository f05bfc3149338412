package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"time"
)

// What a player asks at the lobby that only a reply from the address
// concerned completes: so that nobody can sign up, alias or sign off an
// address they cannot read. Each is stored under a hash of the token its
// mail carries, and confirms once, before it expires.
const (
	ConfirmSignup  = "signup"
	ConfirmAlias   = "alias"
	ConfirmSignoff = "signoff"
	// ConfirmCommand is a command a mail to the lobby wrote that changes
	// its sender's state, when the mail does not prove who sent it: done
	// once the address it names confirms.
	ConfirmCommand = "command"
)

// Confirmation is a request waiting for its reply.
type Confirmation struct {
	Kind     string // ConfirmSignup, ConfirmAlias, ConfirmSignoff or ConfirmCommand
	Address  string // where the confirmation went; the reply must come from it
	PlayerID int64  // alias, signoff: the player asking; 0 for a sign-up
	Name     string // signup: the name asked for
	Command  string // command: the line to do, as written
	Lang     string // signup: the language the request was written in, "" when unknown
	Expires  time.Time
	Used     bool
}

// AddConfirmation stores c under tokenHash, with the mail that asked for
// it (in, nil on the command line) and the mails it causes (the
// confirmation itself first), in one transaction. A sign-up's
// confirmation reaches an address that said stop (or signed off) while
// overSilence allows one more, the address asking to come back; the other
// mails, and the confirmations past the limit, respect the silence.
func (s *Store) AddConfirmation(ctx context.Context, tokenHash string, c Confirmation, in *Inbound, mails []OutMail, overSilence *Limit) error {
	err := s.inTx(ctx, func(tx *sql.Tx) error {
		now := s.stamp()
		var over []OutMail // the confirmation, when it may reach a silenced address
		if overSilence != nil && len(mails) > 0 {
			held, err := s.replyHeld(ctx, tx, []Limit{*overSilence})
			if err != nil {
				return err
			}
			if held == "" {
				over, mails = mails[:1], mails[1:]
			}
		}
		var player any
		if c.PlayerID != 0 {
			player = c.PlayerID
		}
		if _, err := tx.ExecContext(ctx, `INSERT INTO confirmations (token_hash, kind, address, player_id, name, command, lang, created_at, expires_at)
			VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`, tokenHash, c.Kind, c.Address, player, c.Name, c.Command, c.Lang, now, c.Expires.UTC().Format(timeFormat)); err != nil {
			return err
		}
		var cause int64
		if in != nil {
			var err error
			if cause, err = insertInbound(ctx, tx, *in, 0, now); err != nil {
				return err
			}
		}
		if err := queueMailsOver(ctx, tx, 0, cause, over, now, true); err != nil {
			return err
		}
		return queueMailsFor(ctx, tx, 0, cause, mails, now)
	})
	if err != nil {
		return fmt.Errorf("confirmation of %s for %s: %w", c.Kind, c.Address, err)
	}
	return nil
}

// useConfirmation marks the confirmation stored under tokenHash used, in
// tx: ErrConflict when it is used or expired already. Nothing to do for
// tokenHash "".
func useConfirmation(ctx context.Context, tx *sql.Tx, tokenHash, now string) error {
	if tokenHash == "" {
		return nil
	}
	res, err := tx.ExecContext(ctx, `UPDATE confirmations SET used_at = ? WHERE token_hash = ? AND used_at IS NULL AND expires_at > ?`, now, tokenHash, now)
	if err != nil {
		return err
	}
	if n, _ := res.RowsAffected(); n != 1 {
		return fmt.Errorf("the confirmation is used or expired: %w", ErrConflict)
	}
	return nil
}

// ConfirmationOf loads the confirmation stored under tokenHash, used or
// expired ones included; ErrNotFound when there is none.
func (s *Store) ConfirmationOf(ctx context.Context, tokenHash string) (Confirmation, error) {
	var c Confirmation
	var player sql.NullInt64
	var expires string
	var used sql.NullString
	err := s.db.QueryRowContext(ctx, `SELECT kind, address, player_id, name, command, lang, expires_at, used_at FROM confirmations WHERE token_hash = ?`, tokenHash).
		Scan(&c.Kind, &c.Address, &player, &c.Name, &c.Command, &c.Lang, &expires, &used)
	if errors.Is(err, sql.ErrNoRows) {
		return Confirmation{}, fmt.Errorf("confirmation: %w", ErrNotFound)
	}
	if err != nil {
		return Confirmation{}, fmt.Errorf("confirmation: %w", err)
	}
	c.PlayerID, c.Expires, c.Used = player.Int64, parseTime(expires), used.Valid
	return c, nil
}

// AccountChange is a change to a player's account, written in one
// transaction with the mail that asked for it and the mails it causes.
type AccountChange struct {
	// PlayerID is the player changed; 0 for the player whose address is
	// Email, created when new.
	PlayerID int64
	Email    string
	// Name, when set, is the player's new name.
	Name string
	// Lang, when set, is the player's language if they have chosen none.
	Lang string
	// Register marks the player registered (keeping the first time they
	// were) and no longer signed off; SignOff marks them signed off.
	Register, SignOff bool
	// Alias, when set, becomes another address of the player's.
	Alias string
	// Token, when set, is the hash of the confirmation this change
	// completes: it is marked used, and the change fails with
	// ErrConflict when it is used or expired already.
	Token string
	// Unsilence lets mail go to this (base) address again; Silence stops
	// it, dropping what is queued there but the Mails of this change.
	Unsilence, Silence string
	Inbound            *Inbound
	Mails              []OutMail
}

// ChangeAccount writes c and returns the player's ID.
func (s *Store) ChangeAccount(ctx context.Context, c AccountChange) (int64, error) {
	pid := c.PlayerID
	err := s.inTx(ctx, func(tx *sql.Tx) error {
		now := s.stamp()
		if err := useConfirmation(ctx, tx, c.Token, now); err != nil {
			return err
		}
		if pid == 0 {
			var err error
			if pid, err = upsertPlayer(ctx, tx, c.Email, "", now); err != nil {
				return err
			}
		}
		for _, step := range []struct {
			do    bool
			query string
			args  []any
		}{
			{c.Name != "", `UPDATE players SET name = ? WHERE id = ?`, []any{c.Name, pid}},
			{c.Lang != "", `UPDATE players SET lang = ? WHERE id = ? AND lang = ''`, []any{c.Lang, pid}},
			{c.Register, `UPDATE players SET registered_at = COALESCE(registered_at, ?), signed_off_at = NULL WHERE id = ?`, []any{now, pid}},
			{c.SignOff, `UPDATE players SET signed_off_at = ? WHERE id = ?`, []any{now, pid}},
			{c.Alias != "", `INSERT INTO player_aliases (address, player_id) VALUES (?, ?)`, []any{c.Alias, pid}},
			{c.Unsilence != "", `DELETE FROM silenced WHERE address = ?`, []any{c.Unsilence}},
			{c.Silence != "", `UPDATE outbox SET abandoned_at = ?, last_error = 'the player signed off'
				WHERE sent_at IS NULL AND abandoned_at IS NULL AND (base = ? OR recipient = ?)`, []any{now, c.Silence, c.Silence}},
		} {
			if !step.do {
				continue
			}
			if _, err := tx.ExecContext(ctx, step.query, step.args...); err != nil {
				return err
			}
		}
		if err := recordMails(ctx, tx, c.Inbound, c.Mails, now); err != nil {
			return err
		}
		if c.Silence != "" {
			_, err := tx.ExecContext(ctx, `INSERT INTO silenced (address, since) VALUES (?, ?) ON CONFLICT DO NOTHING`, c.Silence, now)
			return err
		}
		return nil
	})
	if err != nil {
		return 0, fmt.Errorf("account of %s: %w", accountName(c), err)
	}
	return pid, nil
}

// accountName names the account c changes, for errors.
func accountName(c AccountChange) string {
	if c.Email != "" {
		return c.Email
	}
	return fmt.Sprintf("player %d", c.PlayerID)
}

// recordMails records in, when set, and queues mails caused by it,
// about no one game.
func recordMails(ctx context.Context, tx *sql.Tx, in *Inbound, mails []OutMail, now string) error {
	return recordWith(ctx, tx, in, 0, func() ([]OutMail, error) { return mails, nil }, now)
}
