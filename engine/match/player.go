package match

import (
	"fmt"
	"strings"

	"pbem/engine"
)

// Kind is how a Player chooses its moves.
type Kind string

// The kinds of player.
const (
	// KindLevel is the game's own computer player at a level
	// (engine.BotMoveAt), with a seed a move so that games vary.
	KindLevel Kind = "level"
	// KindRandom plays a move drawn uniformly among its playable moves.
	KindRandom Kind = "random"
	// KindGreedy plays the move that leaves it leading by the most right
	// after it (Lead), ties drawn at random.
	KindGreedy Kind = "greedy"
	// KindBlocker looks one reply ahead, as a person could: the move
	// after which the opponent's best immediate reply leads by the least
	// on average over a few guesses of what the opponent holds
	// (engine.Guess), then the greediest of those, ties drawn at random.
	KindBlocker Kind = "blocker"
	// KindSeer is the blocker that sees what the opponent holds: its
	// reply looked at in the position as it is. No person plays so; it is
	// the bound of what looking one reply ahead is worth.
	KindSeer Kind = "seer"
)

// Player is one side of a match. Random, greedy, blocker and seer never offer a
// draw nor resign: they play only the moves of the game itself, and
// decline a draw offered to them.
type Player struct {
	Kind  Kind
	Level engine.Level // for KindLevel
}

// ParsePlayer reads a player as the command line writes it: a level
// ("easy", "normal", "strong", their French, or "level:easy"), "random",
// "greedy", "blocker" or "seer".
func ParsePlayer(s string) (Player, error) {
	word := strings.ToLower(strings.TrimSpace(s))
	switch k := Kind(word); k {
	case KindRandom, KindGreedy, KindBlocker, KindSeer:
		return Player{Kind: k}, nil
	}
	if word != "" {
		level, err := engine.ParseLevel(strings.TrimPrefix(word, string(KindLevel)+":"))
		if err == nil {
			return Player{Kind: KindLevel, Level: level}, nil
		}
	}
	return Player{}, fmt.Errorf("%q is not a player: easy, normal or strong (a level of the computer, also written level:easy), random, greedy, blocker or seer", s)
}

// String is the player as ParsePlayer reads it: "level:normal", "random".
func (p Player) String() string {
	if p.Kind == KindLevel {
		return string(KindLevel) + ":" + string(p.Level)
	}
	return string(p.Kind)
}

// Says is what each kind of player does, for the notes under a match's
// results: lines within 72 columns.
var Says = fmt.Sprintf(`level:L  the game's own computer at level L, a seed a move varying it
random   any of its moves, at random
greedy   the move that leaves it furthest ahead on points at once
         (a win above all), ties at random
blocker  the move after which the opponent's best reply leaves it the
         least behind, then greedy's, ties at random; it looks at its
         %d best moves by greedy's measure, each in %d guesses of the
         tokens it cannot see
seer     the blocker seeing the tokens hidden from it
None of them offers a draw or resigns; random, greedy, blocker and seer
decline a draw offered to them.`, BlockerWidth, BlockerWorlds)
