package server

import (
	"pbem/engine"
	"pbem/lang"
)

// BotMove is the computer player's move for seat in st at level ("" for
// normal), the position before move number (1 for a game's first) of a
// game created with gameSeed. Where the engine can vary its play (engine.SeededBot), the move
// is chosen with BotSeed's seed, so that games between computers differ
// from one game seed to another while a game always replays the same;
// otherwise it is the engine's BotMove. Computer seats and the demo's
// players both choose their moves here, so both play alike; one at a
// time in the process (thinking).
func BotMove(st engine.State, gameSeed uint64, number, seat int, level engine.Level) (engine.Move, error) {
	m, _, err := BotMoveWhy(st, gameSeed, number, seat, level)
	return m, err
}

// BotMoveWhy is BotMove with the line that explains the move in the mails
// that tell it (engine.BotMoveWhy), zero where the level says nothing.
func BotMoveWhy(st engine.State, gameSeed uint64, number, seat int, level engine.Level) (engine.Move, lang.Msg, error) {
	if level == "" {
		level = engine.LevelNormal
	}
	type explained struct {
		move engine.Move
		why  lang.Msg
	}
	e, err := think(func() (explained, error) {
		m, why, err := engine.BotMoveWhy(st, seat, level, BotSeed(gameSeed, number))
		return explained{m, why}, err
	})
	return e.move, e.why, err
}

// BotSeed is the seed of a computer player's choice at move number of a
// game created with gameSeed: a SplitMix64 hash of both, never 0 (which
// would ask the engine for its best move without variety). It is computed
// again whenever needed and never stored, so the stored games are encoded
// as they always were.
func BotSeed(gameSeed uint64, number int) uint64 {
	h := engine.NewRand(gameSeed).Uint64()
	h = engine.NewRand(h ^ uint64(number)).Uint64()
	return max(h, 1)
}
