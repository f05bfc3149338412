// Package chiffres is the engine of Chiffres, a digit-placement game for 2 to
// 4 players on a 9×9 board of printed digits: each turn a player lays one of
// their tokens on an empty square bearing the token's digit, next to a token
// already on the board, and scores the rows and columns of tokens it
// completes. The rules as pbem plays them, with every decision the original
// leaves open, are in shared/rules/chiffres.md.
//
// Decisions this package takes beyond the rules file:
//   - Automatic passes happen inside Apply (and New): after a move the turn
//     goes to the next seat that can place, each seat skipped is named in an
//     event, and a seat to move can always place. A pass command is refused
//     from a seat that can place.
//   - A resigned seat leaves at once, in turn or not: its score is frozen, it
//     never wins, its tokens stay out of play (they go neither to the bank nor
//     to the board) and it takes no end-of-game penalty. When one seat is
//     left, the game ends and the end-of-game penalty applies to it.
//   - The end-of-game penalty (three times the points of the tokens held, a 0
//     counting 10) applies at every end but a draw by agreement, to every
//     seat still playing.
//   - Draws by agreement, the rules' "draw offers": "draw" offers a draw or
//     accepts the pending offer, from any seat still playing, in turn or not;
//     once every seat still playing has agreed, the game is drawn: nobody
//     wins, the scores stay as they are and no penalty is taken (the players
//     agreed to stop, not to be scored as if the game had run out).
//     "decline", or a placement by a seat that has not agreed, withdraws the
//     offer; see State.Apply.
//   - The computer player takes the highest-scoring placement; on a tie it
//     lays the token worth the fewest points (1 first, then 2 … 9, 0 last),
//     keeping the valuable ones, and then the first square in reading order
//     (A1, B1 … I1, A2 …).
package chiffres

import (
	"maps"
	"slices"
	"strings"
	"unicode"

	"pbem/engine"
)

// Game is Chiffres' entry in the engine registry.
type Game struct{}

var _ engine.Game = Game{}

// ID is "chiffres".
func (Game) ID() string { return "chiffres" }

// Name is "Chiffres".
func (Game) Name() string { return "Chiffres" }

// Seats: 2 to 4 players.
func (Game) Seats() (int, int) { return minPlayers, maxPlayers }

// Options are bag (tokens drawn first, for set-ups and tests) and board
// (another board than the rules file's).
func (Game) Options() []engine.Option {
	return []engine.Option{
		{Key: "bag", Default: "", Help: "digits 0 to 9 drawn first, in this order: the first goes to the centre, then 5 to each player in seating order; the rest of the set follows, shuffled"},
		{Key: "board", Default: "default", Help: "the board: nine rows separated by /, each nine squares (a digit, or * for the centre), a digit followed by K for a bonus square or - for a malus square; the default is " + DefaultLayoutText},
	}
}

// settings are a game's options, fixed at creation.
type settings struct {
	bag    string  // tokens drawn first, in order (option bag)
	layout *Layout // the board (option board)
}

// New deals a game: the centre token, then five tokens to each seat. When
// no seat can place after the deal the game it returns is already over.
func (g Game) New(opts engine.Options, seed uint64, seats int) (engine.State, error) {
	if lo, hi := g.Seats(); seats < lo || seats > hi {
		return nil, engine.Refuse("Chiffres is played by %d to %d players, not %d", lo, hi, seats)
	}
	set, err := parseOptions(opts)
	if err != nil {
		return nil, err
	}
	return newState(set, seed, seats), nil
}

// parseOptions reads the options in key order, so that the first refusal
// is the same on every run.
func parseOptions(opts engine.Options) (settings, error) {
	set := settings{layout: defaultLayout}
	keys := make([]string, 0, len(opts))
	for key := range opts {
		keys = append(keys, key)
	}
	slices.Sort(keys)
	for _, key := range keys {
		value := opts[key]
		switch strings.ToLower(strings.TrimSpace(key)) {
		case "bag":
			bag, err := parseBag(value)
			if err != nil {
				return settings{}, err
			}
			set.bag = bag
		case "board":
			l, err := ParseLayout(value)
			if err != nil {
				return settings{}, engine.Refuse("option board: %s", err)
			}
			set.layout = l
		default:
			return settings{}, engine.Refuse("Chiffres has no option %q; its options are bag and board", key)
		}
	}
	return set, nil
}

// parseBag checks the bag option: digits 0 to 9 (spaces and commas
// ignored), no more of one digit than the set holds.
func parseBag(value string) (string, error) {
	return engine.ParseBagOption(value, 0, 9, perDigit, " ,")
}

// Parse reads a move; see ParseMove.
func (Game) Parse(text string) (engine.Move, error) { return engine.AsMove(ParseMove(text)) }

// Decode reads a stored state, refusing any inconsistent one.
func (Game) Decode(data []byte) (engine.State, error) { return engine.AsState(decodeState(data)) }

var _ engine.Spotter = Game{}

// LooksLikeMove reports whether text, which Parse refused, was meant as a
// move: it opens with a square and a digit ("F4 77"), with a token then a
// square ("7 F10"), with a placing verb then a token or square, or with
// another move word on a short line.
func (Game) LooksLikeMove(text string) bool {
	if engine.SquareAttempt(text) {
		return true
	}
	words := strings.FieldsFunc(engine.Fold(text), func(r rune) bool {
		return unicode.IsSpace(r) || strings.ContainsRune("=:,;@.!", r)
	})
	if len(words) >= 2 && (verbs[words[0]] || isDigitWord(words[0])) && (isNumber(words[1]) || looksLikeSquare(words[1])) {
		return true
	}
	return engine.KeywordLine(text, keywordList...)
}

// keywordList is the keys of keywords, for LooksLikeMove.
var keywordList = slices.Sorted(maps.Keys(keywords))
