package records

import (
	"context"

	"pbem/archive"
	"pbem/engine"
	"pbem/lang"
	"pbem/server/core"
)

// Archive is game id's whole record, the JSON of game export (see
// docs/archive.md).
func (r Records) Archive(ctx context.Context, id int64) (archive.Record, error) {
	snap, err := r.Core.Snapshot(ctx, id, -1)
	if err != nil {
		return archive.Record{}, err
	}
	return archive.Build(snap.Game, snap.Moves, snap.State), nil
}

// ArchivePage is game id as the HTML archive shows it, in language t (""
// for the server's): every position from the start, each as game show
// --at N renders it, and the engine's sentences with the players' names
// where they name a seat.
func (r Records) ArchivePage(ctx context.Context, id int64, t lang.Tag) (archive.Page, error) {
	if t == "" {
		t = r.Core.DefaultLang()
	}
	snap, err := r.Core.Snapshot(ctx, id, -1)
	if err != nil {
		return archive.Page{}, err
	}
	states := make([]engine.State, 0, len(snap.Moves)+1)
	for at := range len(snap.Moves) + 1 {
		st, err := core.StateAfter(snap.Kind, snap.Game, snap.Moves, at)
		if err != nil {
			return archive.Page{}, err
		}
		states = append(states, st)
	}
	page, err := archive.NewPage(snap.Kind, snap.Game, snap.Moves, states, t)
	if err != nil {
		return archive.Page{}, err
	}
	names := archive.Names(snap.Game)
	for i := range page.Moves {
		page.Moves[i].Events = core.AllWithNames(page.Moves[i].Events, names)
	}
	return page, nil
}
