package ludicitude

import "pbem/engine"

// keys are the Zobrist keys of positions, drawn once from a fixed seed so
// that hashes are the same in every process (archives store them).
var keys = func() (k struct {
	cube    [8][squares]uint64
	reserve [2][maxCubes + 1]uint64
	side    uint64
}) {
	r := engine.NewRand(0x1d1c17de)
	for c := range k.cube {
		if c&3 == 0 {
			continue
		}
		for q := range squares {
			k.cube[c][q] = r.Uint64()
		}
	}
	for side := range k.reserve {
		for n := range k.reserve[side] {
			k.reserve[side][n] = r.Uint64()
		}
	}
	k.side = r.Uint64()
	return k
}()

// computeHash is the Zobrist key from scratch; the incremental one must
// always equal it.
func (b *board) computeHash() uint64 {
	h := keys.reserve[0][b.reserve[0]] ^ keys.reserve[1][b.reserve[1]]
	if b.side == 1 {
		h ^= keys.side
	}
	for q, c := range b.cell {
		if c != 0 {
			h ^= keys.cube[c][q]
		}
	}
	return h
}
