package store

import "context"

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
	return s.setPlayerChoice(ctx, "pictures", c.PlayerID, c.Mails, c.Inbound, `UPDATE players SET pictures = ? WHERE id = ?`, c.Pictures)
}
