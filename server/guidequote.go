package server

import (
	"pbem/server/lobby"

	"pbem/engine"
	"pbem/lang"
	"pbem/parser"
)

// Never a second command from a quote. A reply whose quote of the
// server's mail the reader could not tell (an unknown attribution, the mail
// no longer kept) may still hold the notation guide's rows or the help's,
// and their examples ("H8 right 34251", "exchange 3 5") read as moves.
// What the server writes in every mail of a game — its help, in both
// languages — is known without keeping the mail: its quoted runs are taken
// out before the commands are read (parser.StripQuoted), while a player's
// own line that equals an example, too short to be such a run, stays a
// command.

// guideTexts are what the server writes into every mail of game g and of
// the lobby, in every language: known quotes, prepared once a game.
func (it *intake) guideTexts(g engine.Game) *parser.KnownTexts {
	id := ""
	if g != nil {
		id = g.ID()
	}
	if known, ok := it.guides.Load(id); ok {
		return known.(*parser.KnownTexts)
	}
	var texts []string
	for _, t := range lang.Tags {
		if g != nil {
			texts = append(texts, it.mail.helpText(g, t))
		}
		texts = append(texts, lobby.Help(it.cfg.Address).In(t))
	}
	known := parser.NewKnownTexts(texts...)
	it.guides.Store(id, known)
	return known
}

// withoutGuide is text without the runs of it that quote the guide texts
// of game g (nil for the lobby).
func (it *intake) withoutGuide(g engine.Game, text string) string {
	rest, _ := it.guideTexts(g).Strip(text)
	return rest
}
