package server

import (
	"context"
	"strings"

	"pbem/engine"
	"pbem/parser"
	"pbem/server/core"
	"pbem/store"
)

// rematchAnswer finds, among the commands of a mail to game l, the one a
// rematch (the lobby's, server/lobby/rematch.go) answers, and its verb:
// rematch in any game, and once the game is over accept and decline,
// which answer its rematch (in a game going on they answer its offers).
func rematchAnswer(l loaded, cmds []parser.Command) (parser.Command, string, bool) {
	over := l.row.Status != store.StatusActive
	for _, c := range cmds {
		switch {
		case c.Verb == parser.Rematch:
			return c, parser.Rematch, true
		case over && c.Verb == parser.Accept:
			return c, parser.Accept, true
		case over && isDecline(c):
			return c, parser.Refuse, true
		}
	}
	return parser.Command{}, "", false
}

// isDecline reports whether c is the shared move decline, in either
// language.
func isDecline(c parser.Command) bool {
	if c.Verb != parser.Move || c.Move == nil {
		return false
	}
	w, ok := engine.MoveWord(engine.Fold(strings.TrimRight(c.Text, ".!")))
	return ok && w == engine.WordDecline
}

// rematch hands c, the rematch answer (verb) among cmds that seat of game
// l wrote in mail m, to the lobby; it goes alone in its mail.
func (s *Server) rematch(ctx context.Context, in store.Inbound, m parser.Mail, l loaded, seat int, cmds []parser.Command, c parser.Command, verb string) error {
	if len(cmds) > 1 {
		return core.LineRefusal(c, engine.Refuse("%s goes alone in its mail", core.VerbWord(verb)))
	}
	return core.LineRefusal(c, s.Lobby().Rematch(ctx, in, m, l.core(), seat, verb))
}
