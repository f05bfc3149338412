package amplitude

import (
	"math"
	"slices"
)

// plainSet is every value a short digit sequence reaches, with the best
// score of a tree reaching it: an open-addressing table keyed by fracKey, so
// that a value is found without reducing its fraction first.
type plainSet struct {
	slots []plainSlot
	shift uint8
	count int
	max   int64       // the best score of all: plusTimes of the sequence
	items []plainItem // the values, best score first, once enumerated
	// valued are the values in value order, once build enumerates them.
	valued []plainItem
}

// plainSlot is one value of a set, as first found (not reduced), with the
// best score of a tree reaching it; key 0 marks an empty slot.
type plainSlot struct {
	key      uint64
	score    int32
	num, den int32
}

type plainItem struct {
	val   rat
	score int64
}

// fracKey is the key of num/den (den > 0, not necessarily in lowest terms):
// the bits of the nearest float64, which IEEE division makes the same for
// every way of writing the fraction. ok is false for fractions too large to
// compare so. The values of a set of up to five operands have denominators
// of at most 9^4 < 2^13 and magnitudes of at most 9^5 < 2^16, where floats
// lie 2^-36 apart at most; two of them differ by 2^-26 at least, and one of
// them and a fraction of a denominator below 2^23 (get reduces the others
// first) by more than 2^-36: equal keys mean equal values.
func fracKey(num, den int64) (uint64, bool) {
	if den == 1 && num < 1<<52 && num > -1<<52 {
		return math.Float64bits(float64(num)) + 1, true // +1: never 0
	}
	if den >= 1<<26 || num >= 1<<52 || num <= -1<<52 {
		return 0, false
	}
	return math.Float64bits(float64(num)/float64(den)) + 1, true
}

func (ps *plainSet) slot(k uint64) int { return int((k * 0x9E3779B97F4A7C15) >> ps.shift) }

// get is the best score of a tree reaching num/den (den > 0), 0 when none
// does.
func (ps *plainSet) get(num, den int64) int64 {
	k, ok := fracKey(num, den)
	if !ok || den >= 1<<23 {
		r := makeRat(num, den)
		if r.den >= 1<<23 {
			return 0 // no value of the set has such a denominator
		}
		if k, ok = fracKey(r.num, r.den); !ok {
			return 0 // nor such a magnitude
		}
	}
	mask := len(ps.slots) - 1
	for h := ps.slot(k); ; h = (h + 1) & mask {
		switch sl := &ps.slots[h]; sl.key {
		case k:
			return int64(sl.score)
		case 0:
			return 0
		}
	}
}

// put records a tree reaching num/den, whose key is k, with score, keeping
// the best.
func (ps *plainSet) put(k uint64, num, den int32, score int32) {
	ps.max = max(ps.max, int64(score))
	mask := len(ps.slots) - 1
	for h := ps.slot(k); ; h = (h + 1) & mask {
		switch sl := &ps.slots[h]; sl.key {
		case k:
			sl.score = max(sl.score, score)
			return
		case 0:
			*sl = plainSlot{k, score, num, den}
			ps.count++
			return
		}
	}
}

// tableBits is the size of a table for at most n values, as a power of 2.
func tableBits(n int) uint8 {
	bits := uint8(2)
	for 1<<bits < 2*n {
		bits++
	}
	return bits
}

// sorted returns the values best score first, listing them on first use.
func (ps *plainSet) sorted() []plainItem {
	if ps.items != nil {
		return ps.items
	}
	items := make([]plainItem, 0, ps.count)
	for _, sl := range ps.slots {
		if sl.key != 0 {
			items = append(items, plainItem{makeRat(int64(sl.num), int64(sl.den)), int64(sl.score)})
		}
	}
	slices.SortFunc(items, func(x, y plainItem) int { return cmp64(y.score, x.score) })
	ps.items = items
	return items
}

// combineFrac is a o b as a fraction with a positive denominator, not
// reduced; ok is false on a division by zero.
func combineFrac(o op, a, b rat) (num, den int64, ok bool) {
	switch o {
	case opAdd:
		return a.num*b.den + b.num*a.den, a.den * b.den, true
	case opSub:
		return a.num*b.den - b.num*a.den, a.den * b.den, true
	case opMul:
		return a.num * b.num, a.den * b.den, true
	}
	if b.num == 0 {
		return 0, 0, false
	}
	num, den = a.num*b.den, a.den*b.num
	if den < 0 {
		num, den = -num, -den
	}
	return num, den, true
}
