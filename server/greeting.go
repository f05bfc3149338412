package server

import (
	"pbem/server/core"

	"context"
	"errors"

	"pbem/lang"
	"pbem/parser"
	"pbem/store"
)

// greeting is whom a mail to address greets, and in which language: name
// when given (the name the address signs up under, before its player has
// it), else the name of the player whose address it is, else the address
// itself; the player's language, else the server's.
func (c *composer) greeting(ctx context.Context, address, name string) (string, lang.Tag, error) {
	who, tag := address, c.readerLang(ctx, address, "")
	p, err := c.store.PlayerByAddress(ctx, parser.CanonicalAddress(address))
	switch {
	case err == nil:
		who, tag = core.Label(p), c.readerLang(ctx, address, p.Lang)
	case !errors.Is(err, store.ErrNotFound):
		return "", "", err
	}
	if name != "" {
		who = name
	}
	return who, tag, nil
}
