package server

import (
	"pbem/server/core"

	"context"
	"errors"

	"pbem/lang"
	"pbem/parser"
	"pbem/store"
)

// notTheSeatsAddress is why a reply in a seat's thread from another
// address did nothing. From an address of no player's, it is likely the
// player's second address: the answer tells how to make it count as
// theirs (alias, written from the address they play from), never naming
// that address or the game. From another player's, it is the stranger's
// answer, which tells them where to reply.
func (pp *people) notTheSeatsAddress(ctx context.Context, from string) (lang.Msg, error) {
	_, err := pp.store.PlayerByAddress(ctx, parser.CanonicalAddress(from))
	switch {
	case err == nil:
		return lang.T(core.NotYours), nil
	case !errors.Is(err, store.ErrNotFound):
		return lang.Msg{}, err
	}
	return lang.T("It answers a game's mail from an address that is not its player's. To play from this address too, write alias %s to %s from the address you play from, then answer the confirmation that comes here.",
		parser.CanonicalAddress(from), pp.cfg.Address), nil
}
