package ludicitude

import (
	"pbem/engine"
	"pbem/lang"
)

var _ engine.Documented = Game{}

// Rules is the summary sent with the first mail of a game.
func (Game) Rules() lang.Msg { return lang.T(ludicitudeRules) }

// Notation is the help on writing moves.
func (Game) Notation() lang.Msg { return lang.T(ludicitudeNotation) }

// ludicitudeRules is the rules summary in English, within 78 columns; its French is registered under it
// (lang_fr.go).
const ludicitudeRules = `Ludicitude: 12 cubes on a 7x7 board with a wall in the centre (d4). A
cube's top face gives its owner and its level 1 to 3. White starts on
b1-f1 and d2, Black on b7-f7 and d6, all at level 1; White moves
first.

On your turn, either slide one of your cubes straight along its rank
or file, 1 to level squares, through empty squares only (cubes, the
wall and the edge stop it); or drop a cube from your reserve, at level
1, on a free corner (next to a corner only when all four are taken),
where the opponent could not capture it at once.

After a slide: enemy cubes in a line from the moved cube, closed at
the far end by one of yours, are captured by custodian and go back to
their owner's reserve; you then promote as many of your cubes one
level (each once). An enemy group next to the moved cube with no empty
square beside it (walls and edges help) is enclosed: its cubes join
your reserve, in your colour.

You win when all your cubes are on the board at level 3, or the
opponent has no cube on the board. A player without any action is
passed. Three times the same position since the last capture, 200 turns
without a capture, or an agreement: a draw.`

// ludicitudeNotation is the notation guide in English, a row per kind of
// move (engine.Documented); its French is registered under it (lang_fr.go).
const ludicitudeNotation = "c1-c3\tslide the cube on c1 to c3 (also c1c3, c1 c3, or by its direction: c1 up 2; down, left, right)\n" +
	"c1-c3 +b1 +e1\tthe same, promoting b1 and e1 after a custodian capture (also c1-c3 promote b1 e1); promotions you do not name the server makes, lowest level first\n" +
	"drop a7\tdrop a cube from your reserve on a7 (also *a7, @a7)\n" +
	"draw\toffer a draw, or accept your opponent's offer\n" +
	"decline\trefuse your opponent's offer (playing on does too)\n" +
	"resign\tgive the game up"
