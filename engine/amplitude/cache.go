package amplitude

import (
	"sync"
	"sync/atomic"
)

// packDigits packs a sequence of digits 1..9 into one key, four bits a digit.
// Digits are never 0, so sequences of different lengths never collide and no
// sequence packs to 0; at most 15 digits fit, the length of a board line.
func packDigits(seq []byte) uint64 {
	var k uint64
	for _, d := range seq {
		k = k<<4 | uint64(d)
	}
	return k
}

func hashKey(k uint64) uint64 { return k * 0x9E3779B97F4A7C15 }

// The process-wide caches below are shared by every game, safe for
// concurrent use, and of a fixed size whatever the number of games played:
// each is an array of slots chosen by the key's hash, and a new entry simply
// replaces the one in its slot. The engine stays pure: what they hold are
// values of pure functions of the key, so a hit and a miss give the same
// answer.

const (
	lineShards  = 16
	lineSetBits = 10 // 1,024 sets of lineWays slots a shard: 65,536 lines, 1 MiB a cache
	lineWays    = 4
)

// lineCache holds the best scores of lines too long for the embedded table.
// It is set-associative: a line may sit in any of the lineWays slots of its
// set, most recently used first, so that two hot lines whose hashes meet do
// not keep evicting each other, which a search of a long line makes costly.
type lineCache struct {
	shards [lineShards]struct {
		sync.Mutex
		sets [1 << lineSetBits][lineWays]lineSlot
	}
}

type lineSlot struct {
	key uint64 // 0 marks an empty slot
	val int64
}

func (c *lineCache) set(k uint64) (*sync.Mutex, *[lineWays]lineSlot) {
	h := hashKey(k)
	s := &c.shards[h>>60]
	return &s.Mutex, &s.sets[int(h>>(60-lineSetBits))&(1<<lineSetBits-1)]
}

func (c *lineCache) get(k uint64) (int64, bool) {
	mu, set := c.set(k)
	mu.Lock()
	defer mu.Unlock()
	for w := range set {
		if set[w].key == k {
			hit := set[w]
			copy(set[1:w+1], set[:w])
			set[0] = hit
			return hit.val, true
		}
	}
	return 0, false
}

func (c *lineCache) put(k uint64, v int64) {
	mu, set := c.set(k)
	mu.Lock()
	defer mu.Unlock()
	w := 0
	for w < lineWays-1 && set[w].key != k {
		w++
	}
	copy(set[1:w+1], set[:w])
	set[0] = lineSlot{k, v}
}

func (c *lineCache) reset() {
	for i := range c.shards {
		s := &c.shards[i]
		s.Lock()
		clear(s.sets[:])
		s.Unlock()
	}
}

// setCacheSlots is how many value sets of cachedSetLen operands a setCache
// keeps: about 7 KB each, so 3.6 MB a cache at most.
const (
	setCacheBits  = 9
	setCacheSlots = 1 << setCacheBits
)

// setCache holds value sets of cachedSetLen operands; a set records its own
// key, so a slot taken over by another sequence reads as a miss.
type setCache struct {
	slots [setCacheSlots]atomic.Pointer[valueSet]
}

func (c *setCache) slot(k uint64) *atomic.Pointer[valueSet] {
	return &c.slots[hashKey(k)>>(64-setCacheBits)]
}

func (c *setCache) get(k uint64) *valueSet {
	if vs := c.slot(k).Load(); vs != nil && vs.key == k {
		return vs
	}
	return nil
}

func (c *setCache) put(k uint64, vs *valueSet) { c.slot(k).Store(vs) }

func (c *setCache) reset() {
	for i := range c.slots {
		c.slots[i].Store(nil)
	}
}

// shortIndex numbers every digit sequence of 1 to n digits densely: the
// sequences of length L come after all shorter ones, in base-9 order.
func shortIndex(seq []byte) int {
	idx := 0
	for _, d := range seq {
		idx = idx*9 + int(d-1)
	}
	if len(seq) <= len(shortBases) {
		return shortBases[len(seq)-1] + idx
	}
	return shortCount(len(seq)-1) + idx
}

// shortBases are shortCount(n) for n from 0: where the sequences of n+1
// digits start in shortIndex's numbering.
var shortBases = [...]int{0, 9, 90, 819, 7380, 66429}

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
// once with their final value, so a racing second write is harmless. It is
// bounded by construction: 819 slots for sequences of up to 3 digits.
type flatMemo[V any] struct {
	maxLen int
	slots  []V
	init   sync.Once
}

// table returns the slots in shortIndex order, allocating them on first
// use.
func (m *flatMemo[V]) table() []V {
	m.init.Do(func() { m.slots = make([]V, shortCount(m.maxLen)) })
	return m.slots
}
