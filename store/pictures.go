package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
)

// keepPictures stores, within tx, the pictures outbox mail id shows: each
// once, however many mails show it, remembering the newest of them so
// that the picture outlives every mail that needs it and no longer.
func keepPictures(ctx context.Context, tx *sql.Tx, id int64, pics []Picture) error {
	for _, p := range pics {
		_, err := tx.ExecContext(ctx, `INSERT INTO pictures (ref, diagram, last_mail) VALUES (?, ?, ?)
			ON CONFLICT (ref) DO UPDATE SET last_mail = max(last_mail, excluded.last_mail)`, p.Ref, p.Source, id)
		if err != nil {
			return fmt.Errorf("keep picture %s: %w", p.Ref, err)
		}
	}
	return nil
}

// StoredPicture is a picture as the store keeps it: what it is drawn
// from, and its bytes once drawn (nil before).
type StoredPicture struct {
	Ref    string
	Source []byte
	PNG    []byte
}

// Picture is the picture ref; ErrNotFound when none is kept.
func (s *Store) Picture(ctx context.Context, ref string) (StoredPicture, error) {
	p := StoredPicture{Ref: ref}
	err := s.db.QueryRowContext(ctx, `SELECT diagram, png FROM pictures WHERE ref = ?`, ref).Scan(&p.Source, &p.PNG)
	if errors.Is(err, sql.ErrNoRows) {
		return p, fmt.Errorf("picture %s: %w", ref, ErrNotFound)
	}
	if err != nil {
		return p, fmt.Errorf("picture %s: %w", ref, err)
	}
	return p, nil
}

// SavePictureDrawn keeps the bytes of picture ref, drawn, for the other
// mails that show it. A picture drawn already keeps its first bytes.
func (s *Store) SavePictureDrawn(ctx context.Context, ref string, png []byte) error {
	if _, err := s.db.ExecContext(ctx, `UPDATE pictures SET png = ? WHERE ref = ? AND png IS NULL`, png, ref); err != nil {
		return fmt.Errorf("save picture %s: %w", ref, err)
	}
	return nil
}

// purgePicturesQuery deletes up to a batch of the pictures no queued mail
// shows: each mail that showed one has an ID at most its last_mail, so a
// picture whose last_mail is below every ID still in the outbox is shown
// by none; with the outbox empty, none is.
const purgePicturesQuery = `DELETE FROM pictures WHERE ref IN (SELECT ref FROM pictures INDEXED BY pictures_last_mail
	WHERE last_mail < COALESCE((SELECT MIN(id) FROM outbox), (SELECT MAX(last_mail) + 1 FROM pictures)) LIMIT ?)`
