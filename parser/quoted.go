package parser

import (
	"strings"
	"unicode"
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
// maxQuoteGap words the reply left out (a line the client dropped).
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
	k := newKnownWords(known)
	if len(k.words) == 0 {
		return body, false
	}
	lines := strings.Split(body, "\n")
	drop := make([]bool, len(lines))
	var run []int // the lines of the run being read
	var ends map[int]bool
	words := 0
	flush := func() {
		long := words >= minQuotedLine || (words >= minQuotedWords && len(run) > 1)
		if long {
			// The run's lines, the empty quoted lines ("> ") among them,
			// and those that end it.
			last := run[len(run)-1]
			for last+1 < len(lines) && emptyQuote(lines[last+1]) {
				last++
			}
			for i := run[0]; i <= last; i++ {
				drop[i] = drop[i] || emptyQuote(lines[i])
			}
			for _, i := range run {
				drop[i] = true
			}
			dropAttribution(lines, drop, run[0])
			removed = true
		}
		run, ends, words = nil, nil, 0
	}
	for i, line := range lines {
		w := quoteWords(line)
		if len(w) == 0 {
			continue // a blank line neither ends a run nor counts
		}
		starts := k.matches(w)
		next := map[int]bool{}
		for _, p := range starts {
			for e := range ends {
				if p >= e && p-e <= maxQuoteGap {
					next[p+len(w)] = true
					break
				}
			}
		}
		if len(next) > 0 {
			run, ends, words = append(run, i), next, words+len(w)
			continue
		}
		if ends != nil {
			flush()
		}
		if len(starts) > 0 {
			run, ends, words = []int{i}, map[int]bool{}, len(w)
			for _, p := range starts {
				ends[p+len(w)] = true
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

// quoteWords are the words of a line of a reply, its quote marks ("> > ")
// taken off, folded as the known texts' are.
func quoteWords(line string) []string {
	return strings.Fields(strings.ToLower(strings.TrimLeft(strings.TrimSpace(line), "> \t")))
}

// knownWords are the words of the known texts, in order, a text after the
// other, with where each word stands.
type knownWords struct {
	words []string
	at    map[string][]int
}

// textBreak stands between two known texts: no line's words span it.
const textBreak = "\x00"

func newKnownWords(texts []string) knownWords {
	k := knownWords{at: map[string][]int{}}
	for _, t := range texts {
		for _, line := range strings.Split(t, "\n") {
			for _, w := range quoteWords(line) {
				k.at[w] = append(k.at[w], len(k.words))
				k.words = append(k.words, w)
			}
		}
		k.words = append(k.words, textBreak)
	}
	return k
}

// maxStarts bounds the places a line is looked for: a line of one common
// word ("." of a board) stands in many, and matching it anywhere says
// nothing.
const maxStarts = 64

// matches are the positions where the words w stand one after the other
// in the known texts.
func (k knownWords) matches(w []string) []int {
	starts := k.at[w[0]]
	if len(starts) > maxStarts && len(w) < 3 {
		return nil
	}
	var out []int
	for _, p := range starts {
		if p+len(w) > len(k.words) {
			break
		}
		ok := true
		for j := 1; j < len(w); j++ {
			if k.words[p+j] != w[j] {
				ok = false
				break
			}
		}
		if ok {
			out = append(out, p)
		}
	}
	return out
}
