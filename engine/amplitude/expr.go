package amplitude

import (
	"strings"

	"pbem/lang"
)

// op is the operation at a node of a formula's expression tree.
type op byte

const (
	opLeaf op = iota // a single digit
	opAdd
	opSub
	opMul
	opDiv
)

// symbol is how pbem writes the operation back to players.
func (o op) symbol() string {
	switch o {
	case opAdd:
		return "+"
	case opSub:
		return "-"
	case opMul:
		return "×"
	case opDiv:
		return "/"
	}
	return ""
}

// chained reports whether the operation belongs to a chain of × and /.
func (o op) chained() bool { return o == opMul || o == opDiv }

// expr is one side of a formula: a binary tree whose leaves are the line's
// digits in reading order.
type expr struct {
	op          op
	digit       byte // 1..9, for a leaf
	left, right *expr
}

func leafExpr(d byte) *expr { return &expr{op: opLeaf, digit: d} }

func binExpr(o op, l, r *expr) *expr { return &expr{op: o, left: l, right: r} }

// eval computes the exact value; ok is false on a division by zero.
func (e *expr) eval() (v rat, ok bool) {
	if e.op == opLeaf {
		return ratOf(int64(e.digit)), true
	}
	l, ok := e.left.eval()
	if !ok {
		return rat{}, false
	}
	r, ok := e.right.eval()
	if !ok {
		return rat{}, false
	}
	switch e.op {
	case opAdd:
		return l.add(r), true
	case opSub:
		return l.sub(r), true
	case opMul:
		return l.mul(r), true
	default:
		return l.div(r)
	}
}

// score is the points the tree earns when written with full parentheses:
// - and / count as +, × stays ×.
func (e *expr) score() int64 {
	if e.op == opLeaf {
		return int64(e.digit)
	}
	l, r := e.left.score(), e.right.score()
	if e.op == opMul {
		return l * r
	}
	return l + r
}

// String writes the tree with every compound operand in parentheses, so that
// the text scores exactly what score says.
func (e *expr) String() string {
	var b strings.Builder
	e.write(&b, false)
	return b.String()
}

func (e *expr) write(b *strings.Builder, parens bool) {
	if e.op == opLeaf {
		b.WriteByte('0' + e.digit)
		return
	}
	if parens {
		b.WriteByte('(')
	}
	e.left.write(b, true)
	b.WriteString(e.op.symbol())
	e.right.write(b, true)
	if parens {
		b.WriteByte(')')
	}
}

// digits appends the tree's digits in reading order.
func (e *expr) digits(dst []byte) []byte {
	if e.op == opLeaf {
		return append(dst, e.digit)
	}
	return e.right.digits(e.left.digits(dst))
}

// forbiddenPattern is forbidden's sentence in English, "" when the tree
// breaks no rule: what the search and its tests compare.
func (e *expr) forbiddenPattern() string { return e.forbidden().String() }

// forbidden names the optional rule F1 or F2 that the tree breaks, as a
// sentence for the player, or is the zero message when it breaks none.
//
// F1: a difference of two single digits is a factor of × or /, as in (9-8)×7.
// F2: within one chain of × and / (parentheses do not break a chain: the
// forbidden trick is cancelling a digit against itself), the same digit both
// multiplies and divides, as in 9×8/9.
func (e *expr) forbidden() lang.Msg { return e.forbiddenBelow(false) }

func (e *expr) forbiddenBelow(inChain bool) lang.Msg {
	if e.op == opLeaf {
		return lang.Msg{}
	}
	if e.op.chained() {
		for _, c := range []*expr{e.left, e.right} {
			if c.op == opSub && c.left.op == opLeaf && c.right.op == opLeaf {
				return lang.T("(%d-%d) is a difference of two digits used as a factor, which the forbidden-patterns rule refuses", int(c.left.digit), int(c.right.digit))
			}
		}
		if !inChain {
			if d := chainConflict(e); d != 0 {
				return lang.T("%d both multiplies and divides in one chain of × and /, which the forbidden-patterns rule refuses", int(d))
			}
		}
	}
	if r := e.left.forbiddenBelow(e.op.chained()); !r.IsZero() {
		return r
	}
	return e.right.forbiddenBelow(e.op.chained())
}

// chainConflict reports a digit that both multiplies and divides within one
// chain of × and / rooted at e (F2), or 0.
func chainConflict(e *expr) byte {
	if !e.op.chained() {
		return 0
	}
	var up, down uint16
	var walk func(n *expr, divides bool)
	walk = func(n *expr, divides bool) {
		switch {
		case n.op.chained():
			walk(n.left, divides)
			walk(n.right, divides != (n.op == opDiv))
		case n.op == opLeaf && divides:
			down |= 1 << n.digit
		case n.op == opLeaf:
			up |= 1 << n.digit
		}
	}
	walk(e, false)
	for d := byte(1); d <= 9; d++ {
		if (up&down)&(1<<d) != 0 {
			return d
		}
	}
	return 0
}
