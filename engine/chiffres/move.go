package chiffres

import (
	"strconv"
	"strings"
	"unicode"

	"pbem/engine"
)

// Kind is what a move does.
type Kind uint8

// The kinds of moves.
const (
	Place   Kind = iota // lay one token on a square
	Pass                // only for a seat that cannot place; the server passes such seats itself
	Resign              // leave the game, in turn or not
	Draw                // offer a draw, or accept the pending offer, in turn or not
	Decline             // refuse the pending offer of a draw, in turn or not
)

// Move is a Chiffres move. Digit and At matter for a placement only.
type Move struct {
	Kind  Kind
	Digit int // the token laid, 0–9
	At    Square
	// Timeout marks the pass or resignation the server plays when the
	// player to move ran out of time: "timeout" (the turn passes, whether
	// a token fits or not) and "timeout forfeit" (the player leaves).
	Timeout bool
}

var _ engine.Move = Move{}

// String is the canonical notation: "7 F4", "pass", "resign", "draw",
// "decline".
func (m Move) String() string {
	if w, ok := kindWords[m.Kind]; ok {
		return w.Notation(m.Timeout)
	}
	return strconv.Itoa(m.Digit) + " " + m.At.String()
}

// verbs may open a placement, folded: "place 7 at F4", "mets 7 en F4"
// (engine.WordPlace).
var verbs = engine.WordTable(nil, map[engine.GameWord]bool{engine.WordPlace: true})

// fillers are the words a placement may have between its token and its
// square, ignored, in English and in French folded (engine.Fold): "7 at
// F4", "7 sur la case F4".
var fillers = map[string]bool{
	"at": true, "on": true, "in": true, "to": true, "onto": true, "the": true, "square": true,
	"sur": true, "en": true, "a": true, "dans": true, "la": true, "le": true, "case": true,
}

// keywords are the words of the moves that are no placement, in English
// and in French folded (engine.Fold): players write either language
// whatever their setting, and the move is the same.
// They are the moves every game shares (engine.MoveWord).
var keywords = engine.WordTable(sharedKinds, nil)

// sharedKinds are the kinds of the moves every game shares.
var sharedKinds = map[engine.Word]Kind{
	engine.WordPass: Pass, engine.WordResign: Resign, engine.WordDraw: Draw, engine.WordDecline: Decline,
}

// kindWords are the shared moves by their kind, for Move.String.
var kindWords = engine.KindWords(sharedKinds)

// ParseMove reads a Chiffres move, in English or French, in any case and
// with or without accents:
//
//	7 F4, F4 7, F4=7, place 7 at F4   lay a 7 on F4 (placer 7 en F4, poser)
//	pass                              refused unless no token fits (passer)
//	resign                            leave the game (abandonner)
//	draw                              offer a draw, or accept the pending offer (nulle)
//	decline                           refuse the pending offer of a draw (refuser)
//
// It reads the words only; whether the move is legal depends on the
// position (State.Legal).
func ParseMove(text string) (Move, error) {
	words := strings.FieldsFunc(text, func(r rune) bool {
		return unicode.IsSpace(r) || strings.ContainsRune("=:,;@.!", r)
	})
	if len(words) == 0 {
		return Move{}, engine.Refuse("the move is empty: write the token and the square, as 7 F4")
	}
	first := engine.Fold(words[0])
	if w, ok := engine.MoveWord(first); ok {
		if len(words) > 1 {
			return Move{}, engine.TakesNothing(w)
		}
		return Move{Kind: sharedKinds[w]}, nil
	}
	switch {
	case engine.IsTimeout(first):
		w, err := engine.ParseTimeout(words)
		if err != nil {
			return Move{}, err
		}
		return Move{Kind: sharedKinds[w], Timeout: true}, nil
	case verbs[first]:
		words = words[1:]
	}
	var rest []string
	for _, w := range words {
		if !fillers[engine.Fold(w)] {
			rest = append(rest, w)
		}
	}
	if len(rest) != 2 {
		return Move{}, engine.Refuse("a placement is one token and one square, as 7 F4 or F4=7; %s is not", quote(text))
	}
	digit, square := rest[0], rest[1]
	if isDigitWord(square) || looksLikeSquare(digit) {
		digit, square = square, digit
	}
	switch {
	case isDigitWord(digit) && isDigitWord(square):
		return Move{}, engine.Refuse("a placement names a square too, as 7 F4; %s names two digits", quote(text))
	case looksLikeSquare(digit) && looksLikeSquare(square):
		return Move{}, engine.Refuse("a placement names one token too, as 7 F4; %s names two squares", quote(text))
	case !isDigitWord(digit):
		if isNumber(digit) {
			return Move{}, engine.Refuse("%s is not a token: tokens are single digits 0 to 9", quote(digit))
		}
		return Move{}, engine.Refuse("%s is neither a token (0 to 9) nor a square (A1 to I9); write a placement as 7 F4", quote(digit))
	}
	q, err := ParseSquare(square)
	if err != nil {
		if !looksLikeSquare(square) && !isNumber(square) {
			return Move{}, engine.Refuse("%s is neither a token (0 to 9) nor a square (A1 to I9); write a placement as 7 F4", quote(square))
		}
		if isNumber(square) {
			return Move{}, engine.Refuse("%s is not a token: tokens are single digits 0 to 9", quote(square))
		}
		return Move{}, err
	}
	return Move{Kind: Place, Digit: int(digit[0] - '0'), At: q}, nil
}

func isDigitWord(w string) bool { return len(w) == 1 && w[0] >= '0' && w[0] <= '9' }

func isNumber(w string) bool {
	for i := range len(w) {
		if w[i] < '0' || w[i] > '9' {
			return false
		}
	}
	return w != ""
}

// quote shows a player's text back in a refusal, cut short when long.
func quote(s string) string {
	const most = 24
	if r := []rune(s); len(r) > most {
		s = string(r[:most]) + "..."
	}
	return strconv.Quote(s)
}
