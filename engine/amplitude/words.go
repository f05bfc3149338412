package amplitude

import "pbem/engine"

// Players write their moves in English or in French whatever language they
// read, in any case and with or without accents: the words of a move, in
// both languages, are looked up folded (fold). The canonical notation,
// Move.String, stays English.

// moveWords are the words that open a move other than a pose, folded:
// exchange's (engine.WordExchange), and the moves every game shares
// (engine.MoveWord).
var moveWords = engine.WordTable(sharedKinds, map[engine.GameWord]Kind{engine.WordExchange: Exchange})

// sharedKinds are the kinds of the moves every game shares.
var sharedKinds = map[engine.Word]Kind{
	engine.WordPass: Pass, engine.WordResign: Resign, engine.WordDraw: Draw, engine.WordDecline: Decline,
}

// kindWords are the shared moves by their kind, for Move.String.
var kindWords = engine.KindWords(sharedKinds)

// directions are the words a player may use for a pose's direction, folded.
var directions = map[string]bool{
	"right": false, "across": false, "a": false, "r": false, "h": false, "horizontal": false,
	"droite": false, "horizontalement": false, "→": false,
	"down": true, "d": true, "v": true, "vertical": true,
	"bas": true, "verticalement": true, "↓": true,
}

// twoWordDirections are the directions French writes in two words, "à
// droite" and "en bas", by their folded first word.
var twoWordDirections = map[string]string{"a": "droite", "en": "bas"}

// readDirection reads the direction that opens words, in one word or two, and
// says how many words it took (0 when words open with no direction).
func readDirection(words []string) (down bool, n int) {
	if len(words) >= 2 {
		if second, ok := twoWordDirections[fold(words[0])]; ok && fold(words[1]) == second {
			return directions[second], 2
		}
	}
	if len(words) >= 1 {
		if down, ok := directions[fold(words[0])]; ok {
			return down, 1
		}
	}
	return false, 0
}

// fold is a word as the tables above hold it: lower case, accents dropped
// (engine.Fold), so that "ÉCHANGER", "Échanger" and "echanger" are one word.
func fold(word string) string { return engine.Fold(word) }

// spottedKeywords and spottedDirections are the words LooksLikeMove takes
// for the start of a mistyped move, folded: the move words but exchange's
// (an exchange is spotted whatever its length), and each word of a
// direction.
var spottedKeywords, spottedDirections = func() (keys, dirs []string) {
	for w, k := range moveWords {
		if k != Exchange {
			keys = append(keys, w)
		}
	}
	for w := range directions {
		dirs = append(dirs, w)
	}
	return keys, append(dirs, "à", "en")
}()
