package engine

// Rand is the seeded random source of one game: SplitMix64, small enough to
// store in a game's state and specified here, so that a game replays the same
// on every Go version (math/rand's algorithms for Shuffle and IntN are not
// promised to stay). The zero value is a valid source.
type Rand struct {
	// State is the whole generator; games encode it with their state.
	State uint64
}

// NewRand returns a source started from seed.
func NewRand(seed uint64) *Rand { return &Rand{State: seed} }

// Uint64 returns the next 64 random bits.
func (r *Rand) Uint64() uint64 {
	r.State += 0x9E3779B97F4A7C15
	z := r.State
	z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9
	z = (z ^ (z >> 27)) * 0x94D049BB133111EB
	return z ^ (z >> 31)
}

// IntN returns a uniform number in [0, n); n must be positive.
func (r *Rand) IntN(n int) int {
	if n <= 0 {
		panic("engine: IntN with n <= 0")
	}
	// Rejection keeps the draw uniform: discard the top partial range.
	limit := ^uint64(0) - ^uint64(0)%uint64(n)
	for {
		if v := r.Uint64(); v < limit {
			return int(v % uint64(n))
		}
	}
}

// Shuffle permutes n elements with Fisher–Yates, calling swap(i, j).
func (r *Rand) Shuffle(n int, swap func(i, j int)) {
	for i := n - 1; i > 0; i-- {
		swap(i, r.IntN(i+1))
	}
}
