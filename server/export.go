package server

import (
	"context"
	"fmt"
	"pbem/lang"

	"pbem/archive"
	"pbem/engine"
)

// Archive is game id's whole record, the JSON of game export (see
// docs/archive.md).
func (s *Server) Archive(ctx context.Context, id int64) (archive.Record, error) {
	snap, err := s.Snapshot(ctx, id, -1)
	if err != nil {
		return archive.Record{}, err
	}
	return archive.Build(snap.Game, snap.Moves, snap.State), nil
}

// ArchivePage is game id as the HTML archive shows it, in language t (""
// for the server's): every position from the start, each as game show
// --at N renders it, and the engine's sentences with the players' names
// where they name a seat.
func (s *Server) ArchivePage(ctx context.Context, id int64, t lang.Tag) (archive.Page, error) {
	if t == "" {
		t = s.defaultLang()
	}
	l, err := s.load(ctx, id)
	if err != nil {
		return archive.Page{}, err
	}
	moves, err := s.store.Moves(ctx, id)
	if err != nil {
		return archive.Page{}, err
	}
	states := make([]engine.State, 0, len(moves)+1)
	start, err := l.game.New(engineOptions(l.row.Options), l.row.Seed, len(l.row.Seats))
	if err != nil {
		return archive.Page{}, fmt.Errorf("game %d: start again: %w", id, err)
	}
	states = append(states, start)
	for _, m := range moves {
		st, err := l.game.Decode(m.State)
		if err != nil {
			return archive.Page{}, fmt.Errorf("game %d move %d: %w", id, m.Number, err)
		}
		states = append(states, st)
	}
	page, err := archive.NewPage(l.game, l.row, moves, states, t)
	if err != nil {
		return archive.Page{}, err
	}
	names := archive.Names(l.row)
	for i := range page.Moves {
		page.Moves[i].Events = allWithNames(page.Moves[i].Events, names)
	}
	return page, nil
}
