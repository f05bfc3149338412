package ladder

import (
	"context"
	"errors"
	"strconv"
	"strings"

	"pbem/engine"
	"pbem/parser"
	"pbem/server/core"
	"pbem/store"
)

// Find is the ladder ref names: its number, or its game's ID.
func (ls Ladders) Find(ctx context.Context, ref string) (store.Ladder, error) {
	var l store.Ladder
	var err error
	if id, perr := strconv.ParseInt(strings.TrimPrefix(ref, "#"), 10, 64); perr == nil {
		l, err = ls.Store.LadderByID(ctx, id)
	} else {
		l, err = ls.Store.LadderOf(ctx, strings.ToLower(ref))
	}
	if errors.Is(err, store.ErrNotFound) {
		return l, engine.Refuse("there is no ladder %s here: ladder lists them", ref)
	}
	return l, err
}

// order is ladder l's players from the top down, with the rungs read.
func (ls Ladders) order(ctx context.Context, l int64) ([]int64, []store.Rung, error) {
	rungs, err := ls.Store.Rungs(ctx, l)
	if err != nil {
		return nil, nil, err
	}
	out := make([]int64, len(rungs))
	for i, r := range rungs {
		out[i] = r.PlayerID
	}
	return out, rungs, nil
}

// player is the registered player named or at ref: an address, or a
// name only one player has (a name several share is refused with their
// addresses masked).
func (ls Ladders) player(ctx context.Context, ref string) (store.Player, error) {
	ref = strings.Trim(ref, "<>,")
	if strings.Contains(ref, "@") {
		p, err := ls.Store.PlayerByAddress(ctx, parser.CanonicalAddress(ref))
		if errors.Is(err, store.ErrNotFound) {
			return p, engine.Refuse("no player here has the address %s", ref)
		}
		return p, err
	}
	return core.PlayerNamed(ctx, ls.Store, ref)
}

// nameOf is a rung's player as the mails name them.
func nameOf(r store.Rung) string {
	if r.Name != "" {
		return r.Name
	}
	return r.Email
}

// rungOf is player's rung in rungs, nil when they are not on it.
func rungOf(rungs []store.Rung, player int64) *store.Rung {
	for i := range rungs {
		if rungs[i].PlayerID == player {
			return &rungs[i]
		}
	}
	return nil
}
