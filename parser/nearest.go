package parser

import (
	"slices"
	"strings"

	"pbem/lang"
)

// Nearest is the candidate nearest to word by edit distance (a letter
// added, dropped, changed, or two swapped), when it is at most maxDist
// away and no other is as near: the word a mistyped one meant. Case is
// ignored.
func Nearest(word string, candidates []string, maxDist int) (string, bool) {
	word = strings.ToLower(word)
	best, bestDist, tie := "", maxDist+1, false
	for _, c := range candidates {
		d := editDistance(word, strings.ToLower(c))
		switch {
		case d < bestDist:
			best, bestDist, tie = c, d, false
		case d == bestDist && c != best:
			tie = true
		}
	}
	return best, bestDist <= maxDist && !tie
}

// editDistance is the optimal-string-alignment distance between a and b,
// in runes: insertions, deletions, substitutions and swaps of two
// neighbours each count one.
func editDistance(a, b string) int {
	ra, rb := []rune(a), []rune(b)
	prev2 := make([]int, len(rb)+1)
	prev := make([]int, len(rb)+1)
	cur := make([]int, len(rb)+1)
	for j := range prev {
		prev[j] = j
	}
	for i := 1; i <= len(ra); i++ {
		cur[0] = i
		for j := 1; j <= len(rb); j++ {
			cost := 1
			if ra[i-1] == rb[j-1] {
				cost = 0
			}
			cur[j] = min(prev[j]+1, cur[j-1]+1, prev[j-1]+cost)
			if i > 1 && j > 1 && ra[i-1] == rb[j-2] && ra[i-2] == rb[j-1] {
				cur[j] = min(cur[j], prev2[j-2]+1)
			}
		}
		prev2, prev, cur = prev, cur, prev2
	}
	return prev[len(rb)]
}

// lobbyWordsSplit are lobby verbs people write as two words.
var lobbyWordsSplit = map[string]string{"sign up": Signup, "sign-up": Signup, "sign off": Signoff, "sign-off": Signoff,
	"log in": Signup, "register": Signup, "s'inscrire": Signup, "inscris": Signup}

// SuggestLobby reads the first line of a mail to the bare address that
// holds no lobby command and, when it reads like a mistyped one ("sign up
// Dave", "singup Dave", "nouvele amplitude…"), returns the line as it
// should have been written. Only short lines are read: a sentence is
// chatter, not a command.
func SuggestLobby(text string) (string, bool) {
	for _, line := range writtenLines(text) {
		fields := strings.Fields(line)
		if len(fields) > 8 {
			return "", false
		}
		if len(fields) > 1 {
			if verb, ok := lobbyWordsSplit[fold(fields[0]+" "+fields[1])]; ok {
				return strings.Join(append([]string{verb}, fields[2:]...), " "), true
			}
		}
		first := fold(strings.TrimRight(fields[0], ".,;:!?"))
		if verb, ok := lobbyWordsSplit[first]; ok {
			return strings.Join(append([]string{verb}, fields[1:]...), " "), true
		}
		if verb, ok := nearestLobbyVerb(first); ok {
			return strings.Join(append([]string{lobbyVerbOf(verb)}, fields[1:]...), " "), true
		}
		return "", false
	}
	return "", false
}

// lobbyVerbWords are the words of the lobby's verbs, English and French.
func lobbyVerbWords() []string {
	words := make([]string, 0, len(lobbyVerbs)+len(frenchLobbyVerbs))
	for v := range lobbyVerbs {
		words = append(words, v)
	}
	for fr := range frenchLobbyVerbs {
		words = append(words, fr)
	}
	slices.Sort(words)
	return words
}

// LobbyLanguage is the language of a mail to the bare address, as the
// command word of its first line that opens with one says it: a French
// lobby or account verb ("inscription", "aide", "langue") is French, an
// English one English; failing any, a mistyped one on the first line,
// nearest to a verb of either. ok is false when the mail holds none, and
// the reader's language is then the server's to choose.
func LobbyLanguage(text string) (tag lang.Tag, ok bool) {
	first := ""
	for _, line := range writtenLines(text) {
		word := fold(strings.TrimRight(firstWord(line), ".,;:!?"))
		if first == "" {
			first = word
		}
		_, frLobby := frenchLobbyVerbs[word]
		_, frGame := frenchVerbs[word]
		switch {
		case word == "language":
		case frLobby || frGame:
			return lang.French, true
		case lobbyVerbs[word] || slices.Contains(accountChoiceVerbs, word):
			return lang.English, true
		}
	}
	if near, ok := nearestLobbyVerb(first); ok {
		if _, fr := frenchLobbyVerbs[near]; fr {
			return lang.French, true
		}
		return lang.English, true
	}
	return "", false
}

// nearestLobbyVerb is the lobby verb word, English or French, that word
// (folded) is a slip of: one letter off, two for a long word; words
// shorter than four letters are taken for what they are ("no" is not
// "nom").
func nearestLobbyVerb(word string) (string, bool) {
	n := len([]rune(word))
	if n < 4 {
		return "", false
	}
	maxDist := 1 // "hello" is not "help"
	if n >= 7 {
		maxDist = 2
	}
	return Nearest(word, lobbyVerbWords(), maxDist)
}
