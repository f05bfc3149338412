package amplitude

import (
	"pbem/engine"
	"pbem/lang"
)

var _ engine.Documented = Game{}

// Rules is the summary sent with the first mail of a game.
func (Game) Rules() lang.Msg { return lang.T(amplitudeRules) }

// amplitudeRules is the rules summary in English, within 78 columns; its French
// is in lang_fr.go.
const amplitudeRules = `Amplitude is a scrabble of numbers on a 15x15 board. Each pose lays a
straight line of digit tokens (across or down, at least 3) that must
form a true equation: the digit at one end is the result of the
others, in line order (read either way), with + - x / and parentheses.
Two digits side by side multiply: (34)/2-5=1 is (3x4)/2-5=1.

The first pose has an end on H8 and scores double for the starting
player. Later poses cross an existing pose and take in its token;
tokens may touch only within one pose. A pose scores its formula with
every - and / counted as +: 3+4-5=2 scores 3+4+5 = 12. Send only the
digits and the server picks the best formula for you. After a pose you
draw back up to 5 tokens.

You may also exchange tokens or pass. The game ends when the bag
cannot refill a rack, when nobody can pose, or after two rounds
without a pose.`

// Notation is the help on writing moves.
func (Game) Notation() lang.Msg { return lang.T(amplitudeNotation) }

// amplitudeNotation is the notation help in English, a row per kind of
// move (engine.Documented); its French, in lang_fr.go, writes the moves
// with the French words.
const amplitudeNotation = "H8 right 3+4-5=2\ta pose and your formula; the square is the line's first (left or top) square, the digits the whole line, crossed tokens included\n" +
	"H8 down 34251\ta pose; the server finds the best formula\n" +
	"H8 right 123 3-2=1\tthe line, then a formula that reads it backwards\n" +
	"exchange 3 5\tgive back a 3 and a 5, draw as many\n" +
	"pass\tdo nothing this turn\n" +
	"draw\toffer a draw, or accept the pending offer; the game is drawn when every player still playing agrees\n" +
	"decline\trefuse the pending offer (playing on does too)\n" +
	"resign\tleave the game"
