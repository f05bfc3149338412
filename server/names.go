package server

import (
	"context"
	"errors"
	"strings"

	"pbem/engine"
	"pbem/parser"
	"pbem/store"
)

// nameKeys is how the store keys players' names by what they look like:
// parser's NameKey, of its version.
var nameKeys = store.NameKeys{Version: parser.NameKeyVersion, Of: parser.NameKey}

// checkName is name as parser.Name keeps it, or a refusal: parser.Name's,
// or that another player than self (0: none) has a name that passes for
// it. A player may keep their own name, or change its case. The lobby's
// signup and name, pbem player, and every player's seat of game new and
// game import check a name through it.
func (pp *people) checkName(ctx context.Context, name string, self int64) (string, error) {
	if strings.TrimSpace(name) == "" {
		return "", engine.Refuse("write the name after the command, as in signup Ann Smith or name Ann Smith")
	}
	name, err := parser.Name(name)
	if err != nil {
		return "", err
	}
	other, err := pp.store.PlayerNamedLike(ctx, nameKeys, name, self)
	switch {
	case errors.Is(err, store.ErrNotFound):
		return name, nil
	case err != nil:
		return "", err
	}
	return "", engine.Refuse("another player is named %s: choose another name, as players challenge each other by name", other.Name)
}

// isBidiControl reports the embedding, override and isolate characters
// that change the direction of the text after them.
func isBidiControl(r rune) bool {
	return (r >= '\u202A' && r <= '\u202E') || (r >= '\u2066' && r <= '\u2069')
}
