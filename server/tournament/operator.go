package tournament

import (
	"context"
	"encoding/json"

	"pbem/engine"
	"pbem/lang"
	"pbem/store"
)

// The operator's side (pbem tournament list, show, withdraw, export).

// Get is tournament id, a refusal when there is none.
func (ts Tournaments) Get(ctx context.Context, id int64) (store.Tournament, error) {
	return ts.load(ctx, id)
}

// All are every tournament, the newest first.
func (ts Tournaments) All(ctx context.Context) ([]store.Tournament, error) {
	ids, err := ts.Store.Tournaments(ctx)
	if err != nil {
		return nil, err
	}
	out := make([]store.Tournament, 0, len(ids))
	for _, id := range ids {
		t, err := ts.Store.Tournament(ctx, id)
		if err != nil {
			return nil, err
		}
		out = append(out, t)
	}
	return out, nil
}

// Describe is t told in sentences in tag, as tournament ID by mail.
func (ts Tournaments) Describe(t store.Tournament, tag lang.Tag) string {
	return Described{T: t, Game: ts.gameName(t)}.In(tag)
}

// RoundsOf is how many rounds t plays.
func RoundsOf(t store.Tournament) int { return rounds(t) }

// WithdrawAddress withdraws the person at address from tournament id, at
// the operator's word.
func (ts Tournaments) WithdrawAddress(ctx context.Context, id int64, address string) (store.Tournament, error) {
	p, err := ts.Core.PlayerOf(ctx, address)
	if err != nil {
		return store.Tournament{}, err
	}
	return ts.Withdraw(ctx, id, p.ID)
}

// Export is tournament id as a file: format html (its page, in tag) or
// json (its Record).
func (ts Tournaments) Export(ctx context.Context, id int64, format string, tag lang.Tag) ([]byte, error) {
	t, err := ts.load(ctx, id)
	if err != nil {
		return nil, err
	}
	switch format {
	case "html":
		return Page(t, ts.gameName(t), tag)
	case "json":
		b, err := json.MarshalIndent(RecordOf(t), "", "  ")
		return append(b, '\n'), err
	}
	return nil, engine.Refuse("export writes html or json, not %q", format)
}
