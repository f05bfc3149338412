package server

import (
	"pbem/server/core"

	"context"
	"strings"

	"pbem/engine"
	"pbem/lang"
	"pbem/store"
)

// guideExample is the first example of a game's notation guide in its
// reader's words ("H8 droite 3+4-5=2", "c1-c3"), as an argument of a
// sentence: the move a sentence shows is one of the reader's own game.
type guideExample struct{ kind engine.Game }

// In is the example in t's words.
func (e guideExample) In(t lang.Tag) string {
	first, _, _ := strings.Cut(strings.TrimSpace(core.Notation(e.kind, t)), "  ")
	return first
}

// playLine is a line of a reply to a digest that plays in game row, of
// kind, at its next move: "game 12: #7 H8 right 3+4-5=2".
func playLine(row store.Game, kind engine.Game) lang.Msg {
	return lang.T("game %d: #%d %s", row.ID, core.NextTurn(row, nil), guideExample{kind})
}

// playExample is playLine in the first active game of player pid, for a
// sentence that shows how to answer a digest; with no game going, it is
// an example of Amplitude's.
func (s *Server) playExample(ctx context.Context, pid int64) (lang.Msg, error) {
	ids, err := s.store.ActiveGamesOf(ctx, pid)
	if err != nil || len(ids) == 0 {
		return lang.T("game 12: #7 H8 right 34251"), err
	}
	row, err := s.store.Game(ctx, ids[0])
	if err != nil {
		return lang.Msg{}, err
	}
	kind, err := s.games.Lookup(row.Type)
	if err != nil {
		return lang.Msg{}, err
	}
	return playLine(row, kind), nil
}
