package engine

import "strings"

// Level is how well a computer seat plays. Each level is a budget and a
// style, not only a depth: easy makes the mistakes a beginner makes, by
// choosing among its moves with chances that fall with their value;
// normal, the default, plays the best move it finds within a budget that
// answers at once; strong searches further and weighs what a move keeps
// and leaves for the opponent.
type Level string

// The levels, weakest first.
const (
	LevelEasy   Level = "easy"
	LevelNormal Level = "normal"
	LevelStrong Level = "strong"
)

// Levels are every level, weakest first.
var Levels = []Level{LevelEasy, LevelNormal, LevelStrong}

// ParseLevel reads a level as a player or the operator writes it, English
// or French ("facile", "normal", "fort"); "" is normal. Another word is a
// refusal naming the levels there are.
func ParseLevel(s string) (Level, error) {
	switch strings.ToLower(strings.TrimSpace(s)) {
	case "", "normal":
		return LevelNormal, nil
	case "easy", "facile":
		return LevelEasy, nil
	case "strong", "fort":
		return LevelStrong, nil
	}
	return "", Refuse("%q is not a level of the computer: easy, normal or strong", s)
}

// LeveledBot is a State whose computer player plays at each level. The
// choice among moves it judges alike, and easy's mistakes, are made by
// seed, a function of the position and seed only: one seed always
// replays the same game, and the choice is never stored.
type LeveledBot interface {
	BotMoveAt(seat int, level Level, seed uint64) (Move, error)
}

// BotMoveAt is the computer player's choice for seat in st at level: the
// state's own levels where it has them (LeveledBot); else, at every level,
// its seeded choice (SeededBot) or its one best move.
func BotMoveAt(st State, seat int, level Level, seed uint64) (Move, error) {
	if lb, ok := st.(LeveledBot); ok {
		return lb.BotMoveAt(seat, level, seed)
	}
	if sb, ok := st.(SeededBot); ok && seed != 0 {
		return sb.BotMoveSeeded(seat, seed)
	}
	return st.BotMove(seat)
}
