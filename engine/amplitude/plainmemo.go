package amplitude

// goalTable memoises goal: an open-addressing table keyed by the sequence
// and the target, growing with the searches of one generation.
type goalTable struct {
	slots []goalSlot
	count int
	grown int // how many times the table grew
}

// goalSlot is a finished search: best is exact when above floor, else the
// best is at most floor.
type goalSlot struct {
	seq         uint64 // 0 marks an empty slot
	t           rat
	best, floor int32
}

// find returns the index of the slot of (seq, t), or of the empty slot
// where it would go, growing the table first when it fills.
func (g *goalTable) find(seq uint64, t rat) int {
	if 4*(g.count+1) > 3*len(g.slots) {
		g.grow()
	}
	mask := uint64(len(g.slots) - 1)
	h := (seq*0x9E3779B97F4A7C15 ^ uint64(t.num)*0xC2B2AE3D27D4EB4F ^ uint64(t.den)*0x165667B19E3779F9) >> 17
	for i := h & mask; ; i = (i + 1) & mask {
		if sl := &g.slots[i]; sl.seq == 0 || sl.seq == seq && sl.t == t {
			return int(i)
		}
	}
}

func (g *goalTable) grow() {
	old := g.slots
	g.slots, g.count = make([]goalSlot, max(1024, 2*len(old))), 0
	g.grown++
	for _, sl := range old {
		if sl.seq != 0 {
			g.slots[g.find(sl.seq, sl.t)] = sl
			g.count++
		}
	}
}
