package store

import "context"

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
	return s.setPlayerChoice(ctx, "language", c.PlayerID, c.Mails, c.Inbound, `UPDATE players SET lang = ? WHERE id = ?`, c.Lang)
}
