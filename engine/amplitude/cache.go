package amplitude

import "sync"

// packDigits packs a sequence of digits 1..9 into one key, four bits a digit.
// Digits are never 0, so sequences of different lengths never collide; at
// most 15 digits fit, the length of a board line.
func packDigits(seq []byte) uint64 {
	var k uint64
	for _, d := range seq {
		k = k<<4 | uint64(d)
	}
	return k
}

// memo is a map shared by every game in the process, safe for concurrent
// use. The engine stays pure: what it memoises are values of pure functions of
// the key, so a hit and a miss give the same answer. It is split in shards so
// that games searched at once rarely wait on each other, and a shard that
// reaches its limit is emptied rather than grown without bound.
type memo[V any] struct {
	limit  int // entries per shard
	shards [32]struct {
		sync.RWMutex
		m map[uint64]V
	}
}

func newMemo[V any](limit int) *memo[V] {
	c := &memo[V]{limit: limit/32 + 1}
	for i := range c.shards {
		c.shards[i].m = make(map[uint64]V)
	}
	return c
}

func (c *memo[V]) shard(k uint64) int { return int((k * 0x9E3779B97F4A7C15) >> 59) }

func (c *memo[V]) get(k uint64) (V, bool) {
	s := &c.shards[c.shard(k)]
	s.RLock()
	v, ok := s.m[k]
	s.RUnlock()
	return v, ok
}

func (c *memo[V]) put(k uint64, v V) {
	s := &c.shards[c.shard(k)]
	s.Lock()
	if len(s.m) >= c.limit {
		clear(s.m)
	}
	s.m[k] = v
	s.Unlock()
}

// shortIndex numbers every digit sequence of 1 to n digits densely: the
// sequences of length L come after all shorter ones, in base-9 order.
func shortIndex(seq []byte) int {
	base, idx := 0, 0
	for range len(seq) - 1 {
		base = base*9 + 9
	}
	for _, d := range seq {
		idx = idx*9 + int(d-1)
	}
	return base + idx
}

// shortCount is how many sequences of 1 to n digits there are.
func shortCount(n int) int {
	total, p := 0, 1
	for range n {
		p *= 9
		total += p
	}
	return total
}

// flatMemo is a memo for short sequences in a flat table, one slot each:
// no hashing and no lock on the generator's hottest path. Slots are written
// once with their final value, so a racing second write is harmless.
type flatMemo[V any] struct {
	maxLen int
	slots  []V
	init   sync.Once
}

// slot returns the slot of seq, allocating the table on first use.
func (m *flatMemo[V]) slot(seq []byte) *V {
	m.init.Do(func() { m.slots = make([]V, shortCount(m.maxLen)) })
	return &m.slots[shortIndex(seq)]
}
