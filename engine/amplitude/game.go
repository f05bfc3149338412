// Package amplitude is the engine of Amplitude, a "scrabble of numbers" on a
// 15×15 board: each pose is a line of digit tokens that must form a true
// equation, and scores by the formula written for it. The rules as pbem plays
// them are in shared/rules/amplitude.md and docs/amplitude.md.
//
// The package holds the formula language (ParseFormula), the best-formula
// search, pose legality, the move generator and the computer player.
package amplitude

import (
	"strings"

	"pbem/engine"
)

// Game is Amplitude's entry in the engine registry.
type Game struct{}

var _ engine.Game = Game{}

// ID is "amplitude".
func (Game) ID() string { return "amplitude" }

// Name is "Amplitude".
func (Game) Name() string { return "Amplitude" }

// Seats: 2 to 6 players.
func (Game) Seats() (int, int) { return 2, maxPlayers }

// Options are forbidden (the optional forbidden patterns) and bag (tokens
// drawn first, for set-ups and tests).
func (Game) Options() []engine.Option {
	return []engine.Option{
		{Key: "forbidden", Default: "off", Help: "on: refuse the forbidden patterns (?-?) as a factor, a digit that multiplies and divides in one chain, and lines with two pairs or three equal digits"},
		{Key: "bag", Default: "", Help: "digits drawn first, in this order (one each in seating order, then four each); the rest of the set follows, shuffled"},
	}
}

// New deals a game.
func (g Game) New(opts engine.Options, seed uint64, seats int) (engine.State, error) {
	if lo, hi := g.Seats(); seats < lo || seats > hi {
		return nil, engine.Refuse("Amplitude is played by %d to %d players, not %d", lo, hi, seats)
	}
	set, err := parseOptions(opts)
	if err != nil {
		return nil, err
	}
	return newState(set, seed, seats), nil
}

func parseOptions(opts engine.Options) (settings, error) {
	var set settings
	for key, value := range opts {
		switch key {
		case "forbidden":
			switch strings.ToLower(value) {
			case "on", "true", "yes", "1":
				set.forbidden = true
			case "off", "false", "no", "0", "":
			default:
				return settings{}, engine.Refuse("option forbidden is on or off, not %q", value)
			}
		case "bag":
			bag, err := engine.ParseBagOption(value, 1, 9, perDigit, "")
			if err != nil {
				return settings{}, err
			}
			set.bag = bag
		default:
			return settings{}, engine.Refuse("Amplitude has no option %q; its options are forbidden and bag", key)
		}
	}
	return set, nil
}

// Parse reads a move; see ParseMove.
func (Game) Parse(text string) (engine.Move, error) { return engine.AsMove(ParseMove(text)) }

// Decode reads a stored state.
func (Game) Decode(data []byte) (engine.State, error) { return engine.AsState(decodeState(data)) }

// BestFormula is the judge's answer for a bare line of digits, such as
// "34251": the best score and its formula, fully parenthesised. ok is false
// when no formula makes the line true.
func BestFormula(digits string, forbidden bool) (score int64, formula string, ok bool, err error) {
	line, isLine := lineDigits(strings.Join(strings.Fields(digits), ""))
	switch {
	case !isLine:
		return 0, "", false, engine.Refuse("%q is not a line of digits 1 to 9", digits)
	case len(line) < 3 || len(line) > maxLine:
		return 0, "", false, engine.Refuse("a line holds 3 to %d digits, not %d", maxLine, len(line))
	}
	sol, ok := bestSolution(line, forbidden)
	if !ok {
		return 0, "", false, nil
	}
	return sol.score, sol.text(), true, nil
}

// CheckFormula is the judge's answer for a formula as written: its score, or
// why a pose with it would be refused (unreadable, false, or a forbidden
// pattern when forbidden is on).
func CheckFormula(text string, forbidden bool) (int64, error) {
	f, err := ParseFormula(text)
	if err != nil {
		return 0, err
	}
	if len(f.Digits()) > maxLine {
		return 0, engine.Refuse("a line holds at most %d digits, and %s has %d", maxLine, f.Text, len(f.Digits()))
	}
	if forbidden {
		if why := forbiddenLine(f.Digits()); !why.IsZero() {
			return 0, engine.Refuse("%s: %s", f.Text, why)
		}
		if why := f.Operands.forbidden(); !why.IsZero() {
			return 0, engine.Refuse("%s: %s", f.Text, why)
		}
	}
	return f.Score, nil
}

var _ engine.Spotter = Game{}

// LooksLikeMove reports whether text, which Parse refused, was meant as a
// move: it opens with a square followed by a direction or a digit, with
// exchange, or with another move word on a short line, in English or in
// French.
func (Game) LooksLikeMove(text string) bool {
	if engine.SquareAttempt(text, spottedDirections...) {
		return true
	}
	if f := strings.Fields(text); len(f) > 0 {
		if k, ok := moveWords[fold(f[0])]; ok && k == Exchange {
			return true
		}
	}
	return engine.KeywordLine(fold(text), spottedKeywords...)
}
