package chiffres

import (
	"pbem/engine"
	"pbem/lang"
)

var _ engine.Documented = Game{}

// Rules is the summary sent with the first mail of a game.
func (Game) Rules() lang.Msg { return lang.T(chiffresRules) }

// Notation is the help on writing moves.
func (Game) Notation() lang.Msg { return lang.T(chiffresNotation) }

// chiffresRules is the rules summary in English, within 78 columns; its French is registered under it
// (lang_fr.go).
const chiffresRules = `Chiffres: place digit tokens on a 9x9 board whose squares bear digits.
On your turn, place one token next to a token already on the board, on
a square bearing the same digit, then draw one. A 0 is worth 10.

A placement scores the lines of 2 or more tokens it completes, across
and down: 2 tokens their sum, 3 the sum + 5, 4 the sum + 10, 5 or more
the best five in a row + 20. A K square adds 10, a - square takes 10
away.

A player who cannot place is passed automatically. The game ends when
a player has placed every token with the bank empty, or when nobody
can place; each token left in a hand then costs three times its
points.`

// chiffresNotation is the notation guide in English, a row per kind of move
// (engine.Documented); its French is registered under it (lang_fr.go).
const chiffresNotation = "7 F4\tplace a 7 on F4 (also F4 7, F4=7, place 7 at F4)\n" +
	"draw\toffer a draw, or accept the pending offer; the game is drawn when every player still playing agrees\n" +
	"decline\trefuse the pending offer (playing on does too)\n" +
	"resign\tleave the game"
