package engine

import (
	"fmt"
	"strings"
)

// Games with digit tokens (Amplitude's 1 to 9, Chiffres' 0 to 9) deal them
// the same way: a bag option fixes the first tokens drawn, for set-ups and
// tests, and the rest of the set follows, shuffled with the game's seed.
// The helpers here are that shared part, so that a new game with tokens
// writes none of it again, and every game's bag replays the same from its
// seed. Tokens are digit values 0 to 9 (DigitText writes them as text).

// ParseBagOption checks the value of a game's bag option: digits lo to hi,
// no more of one digit than the set's per, the runes of skip ignored. It
// returns the digits as text, in the order given.
func ParseBagOption(value string, lo, hi, per int, skip string) (string, error) {
	var b strings.Builder
	var count [10]int
	for _, r := range value {
		switch {
		case strings.ContainsRune(skip, r):
			continue
		case r < rune('0'+lo) || r > rune('0'+hi):
			return "", Refuse("option bag takes digits %d to %d, not %q", lo, hi, string(r))
		}
		if count[r-'0']++; count[r-'0'] > per {
			return "", Refuse("option bag names more than %d tokens %c: the set has %d of each digit", per, r, per)
		}
		b.WriteRune(r)
	}
	return b.String(), nil
}

// DigitBag is a new game's bag, as digit values in draw order: the digits
// of first (a bag option ParseBagOption accepted), then the rest of the
// set, per tokens of each digit lo to hi less those of first, shuffled by
// rng.
func DigitBag(rng *Rand, lo, hi, per int, first string) []byte {
	var left [10]int
	for d := lo; d <= hi; d++ {
		left[d] = per
	}
	bag := make([]byte, 0, (hi-lo+1)*per)
	for i := range len(first) {
		d := first[i] - '0'
		bag = append(bag, d)
		left[d]--
	}
	var rest []byte
	for d := lo; d <= hi; d++ {
		for range left[d] {
			rest = append(rest, byte(d))
		}
	}
	rng.Shuffle(len(rest), func(i, j int) { rest[i], rest[j] = rest[j], rest[i] })
	return append(bag, rest...)
}

// DigitText writes digit values side by side, as a bag, a rack or a line
// is stored and shown: 34251.
func DigitText(ds []byte) string {
	b := make([]byte, len(ds))
	for i, d := range ds {
		b[i] = '0' + d
	}
	return string(b)
}

// Spaced writes digit values apart, as a rack is shown: 3 4 5.
func Spaced(ds []byte) string {
	parts := make([]string, len(ds))
	for i, d := range ds {
		parts[i] = string(rune('0' + d))
	}
	return strings.Join(parts, " ")
}

// ReadDigits reads a stored digit string (a bag, a rack) as digit values
// lo to hi, and counts each into total, so that decoding can check that
// every token of the set is in play once.
func ReadDigits(text string, lo, hi int, total *[10]int) ([]byte, error) {
	out := make([]byte, 0, len(text))
	for i := range len(text) {
		d := int(text[i]) - '0'
		if d < lo || d > hi {
			return nil, fmt.Errorf("%q is not a token", strings.TrimSpace(text[i:i+1]))
		}
		total[d]++
		out = append(out, byte(d))
	}
	return out, nil
}
