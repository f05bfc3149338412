package engine

import "slices"

// GameWord is a move that only some games have, named by the words that
// open it. Its words live here, beside the shared ones (movewords.go),
// rather than in the game: the game's Parse reads them from here
// (WordTable), and so does the mail reader (parser), which keeps any line
// opening with a move word of some game and does not import the games.
type GameWord uint8

// The moves of one game that open with a word.
const (
	WordExchange GameWord = iota + 1 // Amplitude: exchange, swap, echanger
	WordPlace                        // Chiffres: the verbs a placement may open with, place, poser, mets
	WordDrop                         // Ludicitude: drop, parachuter
)

// gameWords are each GameWord's words in both languages, folded (Fold).
var gameWords = map[GameWord][]string{
	WordExchange: {"exchange", "swap", "echange", "echanger"},
	WordPlace:    {"place", "play", "put", "pose", "lay", "placer", "poser", "jouer", "joue", "mettre", "mets"},
	WordDrop:     {"drop", "parachute", "parachuter", "parachutage"},
}

// TimeoutWord opens the moves the server plays for a seat out of time
// (ParseTimeout); a player cannot play them, but every game's Parse reads
// them, and their French, which a French mail's history writes.
const TimeoutWord = "timeout"

// timeoutFrench is TimeoutWord in French, folded: "hors-délai", a word no
// chatter opens with.
const timeoutFrench = "hors-delai"

// IsTimeout reports whether a folded word (Fold) opens a timeout, in
// either language.
func IsTimeout(folded string) bool { return folded == TimeoutWord || folded == timeoutFrench }

// OpeningWords lists, folded and sorted, every word that opens a move in
// some game: the shared moves' (MoveWords), each GameWord's and the
// timeout's. The mail reader never drops a line that opens with one.
func OpeningWords() []string {
	out := append(MoveWords(), TimeoutWord, timeoutFrench)
	for _, words := range gameWords {
		out = append(out, words...)
	}
	slices.Sort(out)
	return slices.Compact(out)
}
