package ludicitude

import "sync"

// tables keeps the transposition tables of the searches done (*[]ttEntry)
// for the next: a table is up to 16 MiB (1 MiB at the default budget),
// which a search allocating its own would leave to the collector at every
// move, the daemon's heap growing by as much again before it is collected.
var tables sync.Pool

// table is a cleared transposition table of size entries, the one a past
// search left when it is large enough.
func table(size uint64) []ttEntry {
	if p, ok := tables.Get().(*[]ttEntry); ok && uint64(cap(*p)) >= size {
		tt := (*p)[:size]
		clear(tt)
		return tt
	}
	return make([]ttEntry, size)
}

// ttEntry is one slot of the transposition table.
type ttEntry struct {
	key   uint64
	move  action
	score int16
	depth int8
	bound uint8
}

const (
	boundNone uint8 = iota
	boundExact
	boundLower
	boundUpper
)

// noAction is never a legal action: a slide from a1 to a1.
const noAction action = 0

// Wins are stored relative to the node, not the root.
func scoreToTT(score, ply int) int {
	switch {
	case score > mateBound:
		return score + ply
	case score < -mateBound:
		return score - ply
	}
	return score
}

func scoreFromTT(score, ply int) int {
	switch {
	case score > mateBound:
		return score - ply
	case score < -mateBound:
		return score + ply
	}
	return score
}
