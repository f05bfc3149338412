package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"time"
)

// How much mail a player gets, their choice (players.mail_pref): the
// notifications of a game's moves go to a player as it says; chat,
// answers, refusals, reminders and invitations go whatever it says.
const (
	// MailEvery is a mail for every move: the default.
	MailEvery = "every"
	// MailTurn is a mail only when it is the player's turn, or a game ends.
	MailTurn = "turn"
	// MailDigest is one mail a day, at the player's time, listing every
	// game where it is their turn; a mail when a game ends.
	MailDigest = "digest"
)

// Player is a player as stored, with their mail preference.
type Player struct {
	ID    int64
	Email string
	Name  string
	Mail  string // MailEvery, MailTurn or MailDigest
	Lang  string // the player's language; "" for the server's default
	// DigestAt is the time of day of a MailDigest player's digest, in
	// minutes after midnight UTC.
	DigestAt int
	// NextDigest is when their next digest is due; zero unless Mail is
	// MailDigest.
	NextDigest time.Time
	// TokenGen is the generation of the tokens that name the player
	// rather than a seat (their digests' reply addresses, the lobby's
	// address tokens): a rekey of any seat of theirs moves it on, and the
	// tokens of earlier generations stop working.
	TokenGen int
}

// Player loads a player by ID.
func (s *Store) Player(ctx context.Context, id int64) (Player, error) {
	p, err := s.loadPlayer(ctx, `WHERE id = ?`, id)
	if err != nil {
		return Player{}, fmt.Errorf("player %d: %w", id, err)
	}
	return p, nil
}

// PlayerByAddress loads the player who owns address, as their main
// address or an alias, in one query: ErrNotFound for an address that is
// no player's.
func (s *Store) PlayerByAddress(ctx context.Context, address string) (Player, error) {
	p, err := s.loadPlayer(ctx, `WHERE id = (SELECT id FROM players WHERE email = ?
		UNION ALL SELECT player_id FROM player_aliases WHERE address = ? LIMIT 1)`, address, address)
	if err != nil {
		return Player{}, fmt.Errorf("address %s: %w", address, err)
	}
	return p, nil
}

// loadPlayer loads the player the clause where picks, ErrNotFound when
// none does.
func (s *Store) loadPlayer(ctx context.Context, where string, args ...any) (Player, error) {
	var p Player
	var at sql.NullInt64
	var next sql.NullString
	err := s.db.QueryRowContext(ctx, `SELECT id, email, name, mail_pref, lang, digest_at, next_digest, token_gen FROM players `+where, args...).
		Scan(&p.ID, &p.Email, &p.Name, &p.Mail, &p.Lang, &at, &next, &p.TokenGen)
	if errors.Is(err, sql.ErrNoRows) {
		return Player{}, ErrNotFound
	}
	if err != nil {
		return Player{}, err
	}
	p.DigestAt, p.NextDigest = int(at.Int64), nullTime(next)
	return p, nil
}

// MailPrefChange is a player's new mail preference, written with the
// confirmation mailed to them and the mail that asked for it, if any.
type MailPrefChange struct {
	PlayerID   int64
	Mail       string    // MailEvery, MailTurn or MailDigest
	DigestAt   int       // for MailDigest: minutes after midnight UTC
	NextDigest time.Time // for MailDigest: the first digest's time
	Mails      []OutMail
	Inbound    *Inbound
}

// SetMailPref writes a MailPrefChange in one transaction. A preference
// other than MailDigest clears the digest's time, so that DueDigests never
// finds the player; the digest a player chooses again at the time they
// had keeps its next time, so that choosing it twice sends no digest
// twice.
func (s *Store) SetMailPref(ctx context.Context, c MailPrefChange) error {
	var at, next any
	switch c.Mail {
	case MailEvery, MailTurn:
	case MailDigest:
		if c.DigestAt < 0 || c.DigestAt >= 24*60 || c.NextDigest.IsZero() {
			return fmt.Errorf("mail preference of player %d: digest at minute %d, next at %v", c.PlayerID, c.DigestAt, c.NextDigest)
		}
		at, next = c.DigestAt, timeOrNull(c.NextDigest)
	default:
		return fmt.Errorf("mail preference of player %d: %q is none", c.PlayerID, c.Mail)
	}
	return s.setPlayerChoice(ctx, "mail preference", c.PlayerID, c.Mails, c.Inbound,
		`UPDATE players SET mail_pref = ?, digest_at = ?,
			next_digest = CASE WHEN mail_pref = 'digest' AND digest_at IS ? AND next_digest IS NOT NULL THEN next_digest ELSE ? END
		WHERE id = ?`, c.Mail, at, at, next)
}

// DueDigests lists the players whose digest is due by now, at most limit,
// the earliest first: it reads the next_digest index alone, so that
// finding nothing due costs the same with ten players or a hundred
// thousand.
func (s *Store) DueDigests(ctx context.Context, now time.Time, limit int) ([]int64, error) {
	return s.queryIDs(ctx, "digests due", `SELECT id FROM players WHERE next_digest IS NOT NULL AND next_digest <= ?
		ORDER BY next_digest LIMIT ?`, now.UTC().Format(timeFormat), limit)
}

// queryIDs runs query, which lists IDs, and reads them; what names the
// list in its errors.
func (s *Store) queryIDs(ctx context.Context, what, query string, args ...any) ([]int64, error) {
	rows, err := s.db.QueryContext(ctx, query, args...)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", what, err)
	}
	defer rows.Close()
	var out []int64
	for rows.Next() {
		var id int64
		if err := rows.Scan(&id); err != nil {
			return nil, fmt.Errorf("%s: %w", what, err)
		}
		out = append(out, id)
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("%s: %w", what, err)
	}
	return out, nil
}

// Digest is one digest of a player's: the digest mail (none on a day when
// no game waits for them) and when the next is due. It is written only
// while the player's next digest is still Was, so that two processes
// handling the same digest, or a retry, send it once; the other gets
// ErrConflict.
type Digest struct {
	PlayerID int64
	Was      time.Time // the due time read
	Next     time.Time
	Mails    []OutMail
}

// SendDigest writes a Digest in one transaction: the next due time and
// the mails, queued about no one game.
func (s *Store) SendDigest(ctx context.Context, d Digest) error {
	err := s.inTx(ctx, func(tx *sql.Tx) error {
		res, err := tx.ExecContext(ctx, `UPDATE players SET next_digest = ? WHERE id = ? AND mail_pref = 'digest' AND next_digest = ?`,
			timeOrNull(d.Next), d.PlayerID, timeOrNull(d.Was))
		if err != nil {
			return err
		}
		if n, _ := res.RowsAffected(); n == 0 {
			return ErrConflict
		}
		return queueMails(ctx, tx, 0, d.Mails, s.stamp())
	})
	if err != nil {
		return fmt.Errorf("digest of player %d: %w", d.PlayerID, err)
	}
	return nil
}
