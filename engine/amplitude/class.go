package amplitude

// class is what a subtree looks like to the optional forbidden patterns (F1,
// F2): enough to judge a parent node without looking inside the subtree.
// With the rule off every subtree has class 0, so that the best-formula
// search keeps one entry per value.
//
// Bits 0–1 hold the kind; bits 2–11 the digits that multiply in the subtree's
// chain of × and /; bits 12–21 the digits that divide in it.
type class uint32

const (
	kindSum   class = iota // anything that is not one of the below
	kindLeaf               // a single digit (its bit set in the multiply mask)
	kindDiff               // a difference of two single digits, as in (9-8)
	kindChain              // a chain of × and /
	kindMask  class = 3
	upShift         = 2
	downShift       = 12
	digitMask class = 0x3ff
)

func leafClass(d byte) class { return kindLeaf | class(1)<<(upShift+d) }

func (c class) kind() class { return c & kindMask }

// factors returns the digits that multiply and divide in c's chain; a leaf
// multiplies by itself, a sum contributes no digit to its parent's chain.
func (c class) factors() (up, down class) {
	switch c.kind() {
	case kindLeaf, kindChain:
		return (c >> upShift) & digitMask, (c >> downShift) & digitMask
	}
	return 0, 0
}

// combineClass returns the class of (a o b), and false when that node breaks
// F1 or F2.
func combineClass(o op, a, b class) (class, bool) {
	switch o {
	case opAdd:
		return kindSum, true
	case opSub:
		if a.kind() == kindLeaf && b.kind() == kindLeaf {
			return kindDiff, true
		}
		return kindSum, true
	}
	if a.kind() == kindDiff || b.kind() == kindDiff {
		return 0, false // F1
	}
	aUp, aDown := a.factors()
	bUp, bDown := b.factors()
	if o == opDiv {
		bUp, bDown = bDown, bUp
	}
	up, down := aUp|bUp, aDown|bDown
	if up&down != 0 {
		return 0, false // F2
	}
	return kindChain | up<<upShift | down<<downShift, true
}

// admits reports whether a node o of which part is one operand (the left one
// when left) may have class c, whatever the other operand: a sum or a
// difference for + and -, for × and / a chain whose digits include part's.
// It lets a search for trees of class c skip the nodes that cannot be one
// without searching their other operand.
func (c class) admits(o op, part class, left bool) bool {
	switch o {
	case opAdd:
		return c == kindSum
	case opSub:
		return c == kindSum || c == kindDiff
	}
	if c.kind() != kindChain || part.kind() == kindDiff {
		return false
	}
	up, down := part.factors()
	if o == opDiv && !left {
		up, down = down, up
	}
	cUp, cDown := c.factors()
	return up&^cUp == 0 && down&^cDown == 0
}
