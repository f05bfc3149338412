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

// PictureSource is what picture ref is drawn from; ErrNotFound when the
// store keeps no such picture.
func (s *Store) PictureSource(ctx context.Context, ref string) ([]byte, error) {
	var source []byte
	err := s.db.QueryRowContext(ctx, `SELECT diagram FROM pictures WHERE ref = ?`, ref).Scan(&source)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, fmt.Errorf("picture %s: %w", ref, ErrNotFound)
	}
	if err != nil {
		return nil, fmt.Errorf("picture %s: %w", ref, err)
	}
	return source, nil
}

// purgePicturesQuery deletes up to a batch of the pictures no queued mail
// shows: each mail that showed one has an ID at most its last_mail, so a
// picture whose last_mail is below every ID still in the outbox is shown
// by none; with the outbox empty, none is.
const purgePicturesQuery = `DELETE FROM pictures WHERE ref IN (SELECT ref FROM pictures INDEXED BY pictures_last_mail
	WHERE last_mail < COALESCE((SELECT MIN(id) FROM outbox), (SELECT MAX(last_mail) + 1 FROM pictures)) LIMIT ?)`
