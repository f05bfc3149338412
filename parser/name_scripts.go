package parser

import (
	"slices"
	"sort"
	"unicode"

	"pbem/engine"
)

// scriptRange is a run of code points of one script, by its name.
type scriptRange struct {
	lo, hi rune
	script string
}

// scriptRanges are the code points of Unicode's scripts, sorted and
// disjoint, for a binary search; but Common (digits, spaces, punctuation,
// most symbols) and Inherited (combining marks), which go with any script.
var scriptRanges = func() []scriptRange {
	var out []scriptRange
	add := func(lo, hi, stride rune, script string) {
		if stride == 1 {
			out = append(out, scriptRange{lo, hi, script})
			return
		}
		for r := lo; r <= hi; r += stride {
			out = append(out, scriptRange{r, r, script})
		}
	}
	for name, table := range unicode.Scripts {
		if name == "Common" || name == "Inherited" {
			continue
		}
		for _, r := range table.R16 {
			add(rune(r.Lo), rune(r.Hi), rune(r.Stride), name)
		}
		for _, r := range table.R32 {
			add(rune(r.Lo), rune(r.Hi), rune(r.Stride), name)
		}
	}
	sort.Slice(out, func(i, j int) bool { return out[i].lo < out[j].lo })
	return out
}()

// scriptMixes are the scripts a name may mix, as UTS #39's highly
// restrictive profile allows: Japanese (Han, Hiragana, Katakana),
// Chinese with Bopomofo, and Korean (Han, Hangul), each with Latin.
var scriptMixes = [][]string{
	{"Latin", "Han", "Hiragana", "Katakana"},
	{"Latin", "Han", "Bopomofo"},
	{"Latin", "Han", "Hangul"},
}

// scriptOf is the name of r's script, "" for Common and Inherited.
func scriptOf(r rune) string {
	i := sort.Search(len(scriptRanges), func(i int) bool { return scriptRanges[i].hi >= r })
	if i < len(scriptRanges) && scriptRanges[i].lo <= r {
		return scriptRanges[i].script
	}
	return ""
}

// oneScript refuses a name that mixes scripts beyond scriptMixes, naming
// the first script and the first that does not go with those before it.
func oneScript(name string) error {
	var seen []string
	for _, r := range name {
		s := scriptOf(r)
		if s == "" || slices.Contains(seen, s) {
			continue
		}
		seen = append(seen, s)
		if len(seen) > 1 && !mixAllowed(seen) {
			return engine.Refuse("a name mixes alphabets (%s and %s): write it in one", seen[0], s)
		}
	}
	return nil
}

// mixAllowed reports whether every one of used is in one of scriptMixes.
func mixAllowed(used []string) bool {
	for _, mix := range scriptMixes {
		if !slices.ContainsFunc(used, func(s string) bool { return !slices.Contains(mix, s) }) {
			return true
		}
	}
	return false
}
