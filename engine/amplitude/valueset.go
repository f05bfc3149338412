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
	index   map[uint64]int32 // first entry of each value, by valueKey
	wide    map[rat]int32    // the same for values valueKey cannot pack
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
		i, ok = vs.index[k]
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
	es := b.entries
	slices.SortFunc(es, func(x, y entry) int {
		switch {
		case x.val.num != y.val.num:
			return cmp64(x.val.num, y.val.num)
		case x.val.den != y.val.den:
			return cmp64(x.val.den, y.val.den)
		}
		return cmp64(int64(x.cls), int64(y.cls))
	})
	vs := &valueSet{entries: es, index: make(map[uint64]int32, len(es))}
	for i := len(es) - 1; i >= 0; i-- {
		if k, ok := valueKey(es[i].val); ok {
			vs.index[k] = int32(i)
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
