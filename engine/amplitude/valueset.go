package amplitude

import "slices"

// entry is one value a digit sequence reaches, with the best score of a tree
// reaching it in a given class.
type entry struct {
	val   rat
	cls   class
	score int64
}

// valueSet is every value a digit sequence reaches (read in order, with any
// tree of + - × /), the best score for each value and class, grouped by value.
type valueSet struct {
	entries []entry
	index   valueIndex    // first entry of each value, by valueKey
	wide    map[rat]int32 // the same for values valueKey cannot pack
	key     uint64        // packDigits of the sequence, for a setCache
	byScore []int32       // entries' positions, best score first
}

// valueIndex is an open-addressing hash table from packed values to entry
// positions. Sets are looked up millions of times during move generation and
// there are thousands of them, so a lookup should touch one or two cache
// lines, which Go's maps do not manage at this size.
type valueIndex struct {
	keys  []uint64 // 0 marks an empty slot; packed values are never 0
	at    []int32
	shift uint8
}

func newValueIndex(n int) valueIndex {
	bits := uint8(2)
	for 1<<bits < 2*n {
		bits++
	}
	return valueIndex{keys: make([]uint64, 1<<bits), at: make([]int32, 1<<bits), shift: 64 - bits}
}

func (ix *valueIndex) slot(k uint64) int { return int((k * 0x9E3779B97F4A7C15) >> ix.shift) }

func (ix *valueIndex) put(k uint64, i int32) {
	mask := len(ix.keys) - 1
	for h := ix.slot(k); ; h = (h + 1) & mask {
		if ix.keys[h] == 0 || ix.keys[h] == k {
			ix.keys[h], ix.at[h] = k, i
			return
		}
	}
}

func (ix *valueIndex) get(k uint64) (int32, bool) {
	mask := len(ix.keys) - 1
	for h := ix.slot(k); ; h = (h + 1) & mask {
		switch ix.keys[h] {
		case k:
			return ix.at[h], true
		case 0:
			return 0, false
		}
	}
}

// valueKey packs a value into a map key, when its numerator and denominator
// fit in 32 bits. They always do for sequences of up to 7 operands, whose
// values stay below 2^(m-1)·9^m; the rare longer set keeps the others in its
// wide index.
func valueKey(v rat) (uint64, bool) {
	if v.num != int64(int32(v.num)) || v.den != int64(int32(v.den)) {
		return 0, false
	}
	return uint64(uint32(v.num))<<32 | uint64(uint32(v.den)), true
}

// lookup returns the entries of value v, one per class.
func (vs *valueSet) lookup(v rat) []entry {
	var i int32
	if k, ok := valueKey(v); ok {
		i, ok = vs.index.get(k)
		if !ok {
			return nil
		}
	} else if i, ok = vs.wide[v]; !ok {
		return nil
	}
	j := int(i) + 1
	for j < len(vs.entries) && vs.entries[j].val == v {
		j++
	}
	return vs.entries[i:j]
}

// best is the best score of all the set's trees: plusTimes of its sequence.
func (vs *valueSet) best() int64 { return vs.entries[vs.byScore[0]].score }

// setBuilder collects entries, keeping the best score per (value, class).
type setBuilder struct {
	entries []entry
	at      map[entryKey]int32
}

type entryKey struct {
	val rat
	cls class
}

func newSetBuilder(hint int) *setBuilder {
	return &setBuilder{entries: make([]entry, 0, hint), at: make(map[entryKey]int32, hint)}
}

// reset empties b for another set, keeping its memory.
func (b *setBuilder) reset(hint int) {
	if b.at == nil {
		b.entries, b.at = make([]entry, 0, hint), make(map[entryKey]int32, hint)
		return
	}
	b.entries = b.entries[:0]
	clear(b.at)
}

func (b *setBuilder) put(v rat, c class, score int64) {
	k := entryKey{v, c}
	if i, ok := b.at[k]; ok {
		if score > b.entries[i].score {
			b.entries[i].score = score
		}
		return
	}
	b.at[k] = int32(len(b.entries))
	b.entries = append(b.entries, entry{v, c, score})
}

// done groups the entries by value, in an order that depends only on the
// entries, so that searches over the set are deterministic.
func (b *setBuilder) done() *valueSet {
	es := slices.Clone(b.entries) // the builder's memory serves again; keep what is used
	slices.SortFunc(es, func(x, y entry) int {
		switch {
		case x.val.num != y.val.num:
			return cmp64(x.val.num, y.val.num)
		case x.val.den != y.val.den:
			return cmp64(x.val.den, y.val.den)
		}
		return cmp64(int64(x.cls), int64(y.cls))
	})
	vs := &valueSet{entries: es, index: newValueIndex(len(es)), byScore: make([]int32, len(es))}
	for i := range vs.byScore {
		vs.byScore[i] = int32(i)
	}
	slices.SortFunc(vs.byScore, func(x, y int32) int {
		if c := cmp64(es[y].score, es[x].score); c != 0 {
			return c
		}
		return int(x - y)
	})
	for i := len(es) - 1; i >= 0; i-- {
		if k, ok := valueKey(es[i].val); ok {
			vs.index.put(k, int32(i))
			continue
		}
		if vs.wide == nil {
			vs.wide = make(map[rat]int32)
		}
		vs.wide[es[i].val] = int32(i)
	}
	return vs
}

func cmp64(a, b int64) int {
	switch {
	case a < b:
		return -1
	case a > b:
		return 1
	}
	return 0
}
