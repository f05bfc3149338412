package parser

import (
	"strings"
	"unicode"
	"unicode/utf8"
)

// A reply to one of the server's mails quotes it in whatever way its
// client likes — under "> " or not, re-wrapped or not, after an
// attribution in any language, the HTML part's text or the text part's —
// and no general reader knows every client. But the server keeps what it
// sent: StripQuoted finds the runs of a reply's lines that are the words of
// a known text, in its order, and takes them out with the attribution or
// header lines above them. A line the player wrote is kept unless it is
// part of such a run, and a run must be long enough that a player's own
// short line (a move that is also an example of the guide) is never one.

// Lengths of the runs StripQuoted takes out: at least minQuotedWords
// words, and on one line at least minQuotedLine; the words of one line
// may follow the previous line's in the known text after at most
// maxQuoteGap bytes of words the reply left out (a line or two the client
// dropped).
const (
	minQuotedWords      = 6
	minQuotedLine       = 8
	maxQuoteGap         = 40
	maxAttributionLines = 8 // lines above a run that may be its attribution
)

// StripQuoted takes out of body the runs of lines that quote one of known
// (the texts of a mail the server sent), and the attribution or header
// lines just above each run; removed reports whether it took out any.
func StripQuoted(body string, known ...string) (rest string, removed bool) {
	return NewKnownTexts(known...).Strip(body)
}

// KnownTexts are texts that replies may quote, prepared once for
// StripQuoted's search: the server's guide and help, which every reply is
// read against, are prepared once, not for each reply.
type KnownTexts struct {
	k    knownWords
	none bool // no word in them
}

// NewKnownTexts prepares texts.
func NewKnownTexts(texts ...string) *KnownTexts {
	k := newKnownWords(texts)
	return &KnownTexts{k: k, none: k.empty()}
}

// Strip is StripQuoted with the known texts.
func (t *KnownTexts) Strip(body string) (rest string, removed bool) {
	k := t.k
	if t.none {
		return body, false
	}
	lines := strings.Split(body, "\n")
	words := make([][]string, len(lines))
	all := make([]string, 0, len(body)/5)
	for i, l := range lines {
		from := len(all)
		eachWord(l, func(w string) { all = append(all, w) })
		words[i] = all[from:len(all):len(all)]
	}
	drop := make([]bool, len(lines))
	var run []int // the lines of the run being read
	var ends map[int]bool
	count := 0 // the words of the run
	flush := func() {
		long := count >= minQuotedLine || (count >= minQuotedWords && len(run) > 1)
		if long {
			// The run's lines, the lines of no word among them (a
			// board's dots, "> ", "--") and the quote marks that end it.
			last := run[len(run)-1]
			for last+1 < len(lines) && emptyQuote(lines[last+1]) {
				last++
			}
			for i := run[0]; i <= last; i++ {
				drop[i] = drop[i] || len(words[i]) == 0
			}
			for _, i := range run {
				drop[i] = true
			}
			dropAttribution(lines, drop, run[0])
			removed = true
		}
		run, ends, count = nil, nil, 0
	}
	for i := range lines {
		w := words[i]
		if len(w) == 0 {
			continue // a blank line neither ends a run nor counts
		}
		needle := " " + strings.Join(w, " ") + " "
		next := map[int]bool{}
		for e := range ends {
			if p, ok := k.near(needle, e); ok {
				next[p+len(needle)-1] = true
			}
		}
		if len(next) > 0 {
			run, ends, count = append(run, i), next, count+len(w)
			continue
		}
		if ends != nil {
			flush()
		}
		if starts := k.matches(needle, len(w)); len(starts) > 0 {
			run, ends, count = []int{i}, map[int]bool{}, len(w)
			for _, p := range starts {
				ends[p+len(needle)-1] = true
			}
		}
	}
	if ends != nil {
		flush()
	}
	if !removed {
		return body, false
	}
	var out []string
	for i, l := range lines {
		if !drop[i] {
			out = append(out, l)
		}
	}
	return strings.Join(out, "\n"), true
}

// dropAttribution marks the lines above line first, blank ones skipped,
// that introduce a quote: an attribution ending in a colon, a header field
// ("Date: …", "| 日期 | …"), a separator ("---- Original ----"), a line
// naming the sender (an address). They go only when one of them says
// something of the mail (an address, a digit — a date —, the word
// "pbem"), so that a player's own "See below:" stays.
func dropAttribution(lines []string, drop []bool, first int) {
	var cand []int
	named := false
	for i := first - 1; i >= 0 && len(cand) < maxAttributionLines; i-- {
		l := strings.TrimSpace(lines[i])
		if l == "" {
			continue
		}
		if !attributionLike(l) {
			break
		}
		cand = append(cand, i)
		named = named || strings.ContainsRune(l, '@') || strings.ContainsFunc(l, unicode.IsDigit) || strings.Contains(strings.ToLower(l), "pbem")
	}
	if !named {
		return
	}
	for _, i := range cand {
		drop[i] = true
	}
}

// attributionLike reports whether l, trimmed, reads like a line that
// introduces a quote rather than the player's text.
func attributionLike(l string) bool {
	l = strings.TrimLeft(l, ">* ")
	switch {
	case strings.HasSuffix(l, ":"), strings.HasSuffix(l, "："), strings.HasSuffix(l, ":*"), strings.HasSuffix(l, ":**"):
		return true
	case strings.HasPrefix(l, "|"), strings.Trim(l, "-_=*~─—― ") == "":
		return true
	case strings.HasPrefix(l, "---"), strings.HasPrefix(l, "___"), strings.HasPrefix(l, "==="):
		return true
	}
	// A header field: a short name of letters, then a colon (or a
	// fullwidth one) and a value.
	name, _, ok := strings.Cut(strings.ReplaceAll(l, "：", ":"), ":")
	return ok && name != "" && len([]rune(name)) <= 24 && !strings.ContainsFunc(name, func(r rune) bool {
		return !unicode.IsLetter(r) && r != ' ' && r != '-' && r != '.'
	})
}

// emptyQuote reports whether line is quote marks alone ("> >").
func emptyQuote(line string) bool {
	l := strings.TrimSpace(line)
	return l != "" && strings.Trim(l, "> \t") == ""
}

// quoteWords are the words of a line of a reply (eachWord).
func quoteWords(line string) []string {
	var out []string
	eachWord(line, func(w string) { out = append(out, w) })
	return out
}

// eachWord calls f with each word of line that says something — lower
// case, its quote marks ("> > ") taken off, a word of punctuation alone
// (a board's ".", a separator's "---") skipped: a quote is told by its
// words, and a board's dots would only make every line match anywhere.
// It reads ASCII a byte at a time, for the thousand words of a mail.
func eachWord(line string, f func(string)) {
	line = strings.TrimLeft(line, "> \t")
	for i := 0; i < len(line); {
		if c := line[i]; c == ' ' || c == '\t' || c == '\r' {
			i++
			continue
		}
		if n, space := spaceAt(line, i); space {
			i += n
			continue
		}
		start, says, upper := i, false, false
	word:
		for i < len(line) {
			switch c := line[i]; {
			case c == ' ' || c == '\t' || c == '\r':
				break word
			case 'a' <= c && c <= 'z', '0' <= c && c <= '9':
				says = true
				i++
			case 'A' <= c && c <= 'Z':
				says, upper = true, true
				i++
			case c < utf8.RuneSelf:
				i++
			default:
				r, n := utf8.DecodeRuneInString(line[i:])
				if unicode.IsSpace(r) {
					break word
				}
				says, upper = says || saying(r), true
				i += n
			}
		}
		if !says {
			continue
		}
		if w := line[start:i]; upper {
			f(strings.ToLower(w))
		} else {
			f(w)
		}
	}
}

// spaceAt is the length of the rune at line[i] and whether it is a space.
func spaceAt(line string, i int) (int, bool) {
	if c := line[i]; c < utf8.RuneSelf {
		return 1, c == '\n' || c == '\v' || c == '\f'
	}
	r, n := utf8.DecodeRuneInString(line[i:])
	return n, unicode.IsSpace(r)
}

// saying reports a letter or a digit: what makes a word say something.
func saying(r rune) bool { return unicode.IsLetter(r) || unicode.IsDigit(r) }

// knownWords are the words of the known texts, one after the other, a
// space before and after each, in one string: the words of a line stand
// in it where its needle (" w1 w2 ") does, found by a substring search
// rather than a table of every word — the texts are read once, and a
// reply's lines look into them a few times each.
type knownWords struct {
	text string
}

// textBreak stands between two known texts: no line's words span it.
const textBreak = "\x00"

func newKnownWords(texts []string) knownWords {
	var b strings.Builder
	n := 0
	for _, t := range texts {
		n += len(t)
	}
	b.Grow(n + 2*len(texts))
	b.WriteByte(' ')
	for _, t := range texts {
		for line := range strings.SplitSeq(t, "\n") {
			eachWord(line, func(w string) {
				b.WriteString(w)
				b.WriteByte(' ')
			})
		}
		b.WriteString(textBreak + " ")
	}
	return knownWords{text: b.String()}
}

// empty reports whether the known texts hold no word.
func (k knownWords) empty() bool { return strings.Trim(k.text, " "+textBreak) == "" }

// maxStarts bounds the places a line is looked for: a line of one or two
// common words (a board's row numbers) stands in many, and matching it
// anywhere says nothing.
const maxStarts = 64

// matches are the byte offsets in the known texts where needle (a
// line's n words, " w1 w2 ") stands; nil for a short line that stands in
// too many places.
func (k knownWords) matches(needle string, n int) []int {
	var out []int
	for from := 0; ; {
		i := strings.Index(k.text[from:], needle)
		if i < 0 {
			return out
		}
		if len(out) == maxStarts && n < 3 {
			return nil
		}
		out = append(out, from+i)
		from += i + 1
	}
}

// near is where needle stands first from byte e of the known texts on, if
// it starts within maxQuoteGap bytes of it: the line that follows the
// run's last one, with what the reply left out between.
func (k knownWords) near(needle string, e int) (int, bool) {
	if e >= len(k.text) {
		return 0, false
	}
	window := k.text[e:min(len(k.text), e+maxQuoteGap+len(needle))]
	i := strings.Index(window, needle)
	return e + i, i >= 0
}
