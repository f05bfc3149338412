package amplitude

import "math/bits"

// rat is an exact rational number num/den in lowest terms with den > 0.
//
// Formulas are judged exactly: 9/8×8 must equal 9, which floating point would
// only approximate. int64 is enough: a value built from m digits of 1..9 has a
// numerator and denominator below 2^(m-1)·9^m, so a whole board line (at most
// 15 digits, 14 operands) stays far from overflow, even in the cross products
// computed before reduction.
type rat struct{ num, den int64 }

// ratOf returns the whole number n as a rational.
func ratOf(n int64) rat { return rat{n, 1} }

// makeRat builds num/den in lowest terms; den must not be zero.
func makeRat(num, den int64) rat {
	if den < 0 {
		num, den = -num, -den
	}
	if den == 1 {
		return rat{num, 1}
	}
	if num == int64(int32(num)) && den == int64(int32(den)) {
		// The search's values fit 32 bits, whose division is the faster.
		n, d := int32(num), int32(den)
		if n%d == 0 {
			return rat{int64(n / d), 1}
		}
	} else if num%den == 0 {
		return rat{num / den, 1}
	}
	if g := gcd(num, den); g > 1 {
		num /= g
		den /= g
	}
	return rat{num, den}
}

func (a rat) add(b rat) rat {
	if a.den == 1 && b.den == 1 {
		return rat{a.num + b.num, 1}
	}
	return makeRat(a.num*b.den+b.num*a.den, a.den*b.den)
}

func (a rat) sub(b rat) rat {
	if a.den == 1 && b.den == 1 {
		return rat{a.num - b.num, 1}
	}
	return makeRat(a.num*b.den-b.num*a.den, a.den*b.den)
}

func (a rat) mul(b rat) rat {
	if a.den == 1 && b.den == 1 {
		return rat{a.num * b.num, 1}
	}
	return makeRat(a.num*b.num, a.den*b.den)
}

// div returns a/b; ok is false when b is zero.
func (a rat) div(b rat) (q rat, ok bool) {
	if b.num == 0 {
		return rat{}, false
	}
	return makeRat(a.num*b.den, a.den*b.num), true
}

func (a rat) isZero() bool { return a.num == 0 }

// gcd is the binary GCD of |a| and |b|; gcd(0, b) is |b|.
func gcd(a, b int64) int64 {
	ua, ub := abs64(a), abs64(b)
	if ua == 0 {
		return int64(ub)
	}
	if ub == 0 {
		return int64(ua)
	}
	shift := bits.TrailingZeros64(ua | ub)
	ua >>= bits.TrailingZeros64(ua)
	for ub != 0 {
		ub >>= bits.TrailingZeros64(ub)
		if ua > ub {
			ua, ub = ub, ua
		}
		ub -= ua
	}
	return int64(ua << shift)
}

func abs64(x int64) uint64 {
	if x < 0 {
		return uint64(-x)
	}
	return uint64(x)
}
