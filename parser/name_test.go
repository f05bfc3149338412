package parser

import (
	"strings"
	"testing"
	"unicode"
	"unicode/utf8"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"pbem/engine"
)

// TestName: the names taken, as they are kept, and those refused, with
// the sentence that says why.
func TestName(t *testing.T) {
	for _, c := range []struct {
		why, name, want, refuse string
	}{
		{why: "plain", name: "Ann Smith", want: "Ann Smith"},
		{why: "a diaeresis", name: "Zoë", want: "Zoë"},
		{why: "accents and a space", name: "José María", want: "José María"},
		{why: "an apostrophe", name: "Zoë O'Brien", want: "Zoë O'Brien"},
		{why: "a decomposed accent is composed", name: "Zoe\u0308", want: "Zoë"},
		{why: "fullwidth forms are normalised", name: "Ａｎｎ", want: "Ann"},
		{why: "a tab is a control", name: "Ann\tSmith", refuse: "a name may not hold control characters such as a line break (U+0009): write it on one line"},
		{why: "spaces of every width are collapsed and trimmed", name: "  Ann \u00A0\u3000 Smith\u2003", want: "Ann Smith"},
		{why: "case is kept", name: "ANN", want: "ANN"},
		{why: "Cyrillic alone", name: "Ирина", want: "Ирина"},
		{why: "Greek alone", name: "Αλέξης", want: "Αλέξης"},
		{why: "Han alone", name: "李雷", want: "李雷"},
		{why: "the Japanese mix", name: "山田たろう タロウ", want: "山田たろう タロウ"},
		{why: "Korean: Han and Hangul", name: "金민준", want: "金민준"},
		{why: "Japanese with Latin", name: "Taro 山田", want: "Taro 山田"},
		{why: "digits and punctuation go with any script", name: "Ирина-2 (Kyiv.)", refuse: "a name mixes alphabets (Cyrillic and Latin): write it in one"},
		{why: "digits and punctuation go with one script", name: "Ирина-2 (Київ)", want: "Ирина-2 (Київ)"},
		{why: "an emoji", name: "Ada 🚀", want: "Ada 🚀"},
		{why: "a Persian ZWNJ between joining letters", name: "علی\u200cپور", want: "علی\u200cپور"},
		{why: "a Devanagari ZWJ after a virama", name: "क्\u200dष", want: "क्\u200dष"},
		{why: "40 characters", name: strings.Repeat("n", 40), want: strings.Repeat("n", 40)},
		{why: "40 characters once spaces collapse", name: strings.Repeat("n", 20) + "     " + strings.Repeat("n", 19), want: strings.Repeat("n", 20) + " " + strings.Repeat("n", 19)},

		{why: "41 characters", name: strings.Repeat("n", 41), refuse: "a name has at most 40 characters"},
		{why: "far too long to read", name: strings.Repeat(" ", 2000) + "Ann", refuse: "a name has at most 40 characters"},
		{why: "empty", name: "", refuse: "a name cannot be empty"},
		{why: "spaces alone", name: " \u3000 ", refuse: "a name cannot be empty"},
		{why: "accents alone", name: " \u0301\u0308", refuse: "a name cannot be empty"},
		{why: "a right-to-left override", name: "\u202Enna", refuse: "a name may not hold invisible or direction-changing characters (U+202E)"},
		{why: "a left-to-right isolate", name: "Ann\u2066", refuse: "a name may not hold invisible or direction-changing characters (U+2066)"},
		{why: "a right-to-left mark", name: "Ann\u200F", refuse: "a name may not hold invisible or direction-changing characters (U+200F)"},
		{why: "a zero-width space", name: "An\u200Bn", refuse: "a name may not hold invisible or direction-changing characters (U+200B)"},
		{why: "a zero-width joiner inside", name: "An\u200Dn", refuse: "a name may not hold invisible or direction-changing characters (U+200D)"},
		{why: "a zero-width non-joiner between Latin letters", name: "An\u200Cn", refuse: "a name may not hold invisible or direction-changing characters (U+200C)"},
		{why: "an emoji joined by ZWJ", name: "👩\u200d💻 Ada", refuse: "a name may not hold invisible or direction-changing characters (U+200D)"},
		{why: "a word joiner", name: "An\u2060n", refuse: "a name may not hold invisible or direction-changing characters (U+2060)"},
		{why: "a byte-order mark", name: "\uFEFFAnn", refuse: "a name may not hold invisible or direction-changing characters (U+FEFF)"},
		{why: "a soft hyphen", name: "An\u00ADn", refuse: "a name may not hold invisible or direction-changing characters (U+00AD)"},
		{why: "a Hangul filler that shows nothing", name: "Ann\u3164", refuse: "a name may not hold invisible or direction-changing characters (U+3164)"},
		{why: "a variation selector", name: "Ann\uFE0F", refuse: "a name may not hold invisible or direction-changing characters (U+FE0F)"},
		{why: "a line break", name: "Ann\r\nBcc: all@x.org", refuse: "a name may not hold control characters such as a line break (U+000D): write it on one line"},
		{why: "a NUL", name: "Ann\x00", refuse: "a name may not hold control characters such as a line break (U+0000): write it on one line"},
		{why: "an escape sequence", name: "Robot\x1b[31m", refuse: "a name may not hold control characters such as a line break (U+001B): write it on one line"},
		{why: "a line separator", name: "Ann\u2028Bob", refuse: "a name may not hold control characters such as a line break (U+2028): write it on one line"},
		{why: "unassigned", name: "Ann\u0378", refuse: "a name may not hold U+0378, which Unicode does not define"},
		{why: "a noncharacter", name: "Ann\uFFFF", refuse: "a name may not hold U+FFFF, which Unicode does not define"},
		{why: "private use", name: "Ann\uE000", refuse: "a name may not hold U+E000, a private-use character that every device shows its own way"},
		{why: "not UTF-8", name: "Ann\xff", refuse: "a name holds a character that could not be read: write it again, as text"},
		{why: "a replacement character", name: "Ann\uFFFD", refuse: "a name holds a character that could not be read: write it again, as text"},
		{why: "an old Hangul jamo", name: "\u1100\u1100", refuse: "a name may not hold U+1100: write it with letters, digits, spaces, punctuation and symbols"},
		{why: "an address", name: "ann@example.org", refuse: "a name is words, without @, <, > or quotes: your address is known already"},
		{why: "a fullwidth at", name: "ann＠example", refuse: "a name is words, without @, <, > or quotes: your address is known already"},
		{why: "angle brackets", name: "Ann <x>", refuse: "a name is words, without @, <, > or quotes: your address is known already"},
		{why: "a quote", name: `Ann "the" Smith`, refuse: "a name is words, without @, <, > or quotes: your address is known already"},
		{why: "Latin and a Cyrillic А", name: "\u0410nn", refuse: "a name mixes alphabets (Cyrillic and Latin): write it in one"},
		{why: "Latin and a Cyrillic о inside", name: "J\u043Ehn", refuse: "a name mixes alphabets (Latin and Cyrillic): write it in one"},
		{why: "Greek and Latin", name: "\u0391nn", refuse: "a name mixes alphabets (Greek and Latin): write it in one"},
		{why: "Hangul and Hiragana", name: "민준たろう", refuse: "a name mixes alphabets (Hangul and Hiragana): write it in one"},
		{why: "Japanese with Cyrillic", name: "山田 Ирина", refuse: "a name mixes alphabets (Han and Cyrillic): write it in one"},
	} {
		t.Run(c.why, func(t *testing.T) {
			got, err := Name(c.name)
			if c.refuse != "" {
				require.Error(t, err, "took %q", got)
				assert.True(t, engine.IsRefusal(err), "a refusal the player reads")
				assert.Equal(t, c.refuse, err.Error())
				return
			}
			require.NoError(t, err)
			assert.Equal(t, c.want, got)
		})
	}
}

// TestNameKey: which names pass for each other, and which do not.
func TestNameKey(t *testing.T) {
	for _, c := range []struct {
		a, b  string
		alike bool
	}{
		{"Ann", "\u0410nn", true}, // a Cyrillic capital А
		{"Ann", "\u0391nn", true}, // a Greek capital Alpha
		{"Ann", "ANN", true},      // case
		{"Ann", "ann", true},      // case
		{"Ann", "Ａｎｎ", true},      // fullwidth
		{"Ann Smith", "Ann   Smith", true},
		{"Ann", "A\u200Bnn", true}, // a zero-width space, were it let in
		{"Ann", "\u202EAnn", true}, // an override, were it let in
		{"lola", "l0la", true},     // zero for o
		{"lola", "1ola", true},     // one for l
		{"Ivan", "lvan", true},     // capital I for small l
		{"Ivan", "ivan", true},     // case again, through the i and l row
		{"Zoë", "Zoe", true},       // accents go
		{"José María", "Jose Maria", true},
		{"Marn", "Mam", true},               // rn for m
		{"Joe", "\u0408\u043E\u0435", true}, // Serbian Cyrillic Јое
		{"Tom", "\u0422\u043E\u043C", true}, // Cyrillic Том, all capitals alike
		{"O'Brien", "O\u2019Brien", true},   // the typographer's apostrophe
		{"Smith-Jones", "Smith\u2013Jones", true},
		{"Ann", "Anne", false},
		{"Ann", "Ann.", false},
		{"Ann Smith", "AnnSmith", false},
		{"Ирина", "Irina", false},
		{"李雷", "李電", false},
		{"क्ष", "कष", false}, // marks are letters in Devanagari: the virama stays
		{"ส้ม", "สม", false}, // and Thai tone marks
	} {
		ka, kb := NameKey(c.a), NameKey(c.b)
		if c.alike {
			assert.Equal(t, ka, kb, "%q and %q look alike", c.a, c.b)
		} else {
			assert.NotEqual(t, ka, kb, "%q and %q differ", c.a, c.b)
		}
	}
	assert.Equal(t, "ann smlth", NameKey(" Ann\u3000SMITH "))
}

// TestLookalikesTable reads every row: the character or sequence is met
// by NameKey as written (no normalisation or folding gets to it first),
// reads as its target, and the target is a key already, so no row leads
// to another.
func TestLookalikesTable(t *testing.T) {
	seen := map[string]bool{}
	for _, l := range lookalikes {
		require.NotEmpty(t, l.Looks, "%q needs its description", l.From)
		assert.False(t, seen[l.From], "%q has two rows", l.From)
		seen[l.From] = true
		assert.Equal(t, l.To, NameKey(l.To), "%s: the target %q is a key", l.Looks, l.To)
		assert.Equal(t, NameKey(l.To), NameKey(l.From), "%s: %q reads as %q", l.Looks, l.From, l.To)
		if utf8.RuneCountInString(l.From) == 1 {
			r, _ := utf8.DecodeRuneInString(l.From)
			met := folded(l.From)
			assert.Equal(t, l.From, met, "%s (%U): NameKey meets it as %q, so the row is never read", l.Looks, r, met)
		}
		// In a word: between two letters it maps just the same.
		assert.Equal(t, NameKey("x"+l.To+"x"), NameKey("x"+l.From+"x"), l.Looks)
	}
	assert.NotEmpty(t, NameKeyVersion)
}

// FuzzName: Name never panics; what it takes is valid, short, visible,
// one line, kept as it is when checked again, and has a key, which is a
// key already and which no change of case alters.
func FuzzName(f *testing.F) {
	for _, s := range []string{"Ann Smith", "Zoë", "Ａｎｎ", "\u0410nn", "山田たろう", "علی\u200cپور", "क्\u200dष", "An\u200Dn", "\u202Enna", "l0la", "  a  b  ", "Ann\u0378", "ß", "İstanbul", "ǅemal"} {
		f.Add(s)
	}
	// Compose once before fuzzing: norm builds its composition table the
	// first time, and coverage met once only cannot be minimized.
	_, _ = Name("Zoe\u0308")
	f.Fuzz(func(t *testing.T, s string) {
		if len(s) > 2*maxNameInput {
			return // Name refuses it unread: time is better spent on names
		}
		key := NameKey(s)
		require.True(t, utf8.ValidString(key))
		assert.Equal(t, key, NameKey(key), "a key is its own key")
		name, err := Name(s)
		if err != nil {
			require.True(t, engine.IsRefusal(err), "%q: %v", s, err)
			return
		}
		require.True(t, utf8.ValidString(name))
		require.NotEmpty(t, name)
		require.LessOrEqual(t, utf8.RuneCountInString(name), MaxNameLength)
		for _, r := range name {
			require.False(t, unicode.IsControl(r), "%q holds %U", name, r)
			if r != zwj && r != zwnj {
				require.False(t, invisible(r), "%q holds %U", name, r)
			}
		}
		assert.NotEmpty(t, NameKey(name), "%q has a key", name)
		again, err := Name(name)
		require.NoError(t, err, "%q, taken once, is taken again", name)
		assert.Equal(t, name, again)
		assert.Equal(t, NameKey(name), NameKey(strings.ToUpper(name)), "%q in capitals", name)
	})
}

// TestScriptOf: the binary search finds the script Unicode's tables say,
// at both ends and the middle of every run of each, Common and Inherited
// being none.
func TestScriptOf(t *testing.T) {
	for name, table := range unicode.Scripts {
		want := name
		if name == "Common" || name == "Inherited" {
			want = ""
		}
		check := func(lo, hi, stride rune) {
			for _, r := range []rune{lo, lo + (hi-lo)/stride/2*stride, hi} {
				require.Equal(t, want, scriptOf(r), "%U", r)
			}
		}
		for _, r := range table.R16 {
			check(rune(r.Lo), rune(r.Hi), rune(r.Stride))
		}
		for _, r := range table.R32 {
			check(rune(r.Lo), rune(r.Hi), rune(r.Stride))
		}
	}
	assert.Equal(t, "", scriptOf(0x378), "unassigned")
}
