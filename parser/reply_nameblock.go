package parser

import (
	"strings"
	"unicode"
	"unicode/utf8"
)

// A signature often comes without a "-- " line or a closing formula: a
// name, then a title, a company, a phone, an address, a site. nameBlockAt
// finds such a block ending the text: its last paragraph, under text of
// the player's, opening with a name line and made of short lines of that
// kind (infoLine). It is a signature when the sender signs with that name
// (senderWords), or else when it shows how to reach someone (a phone, an
// address, a site: contactLine) or sets a title after a bar ("Jim Smith |
// Enrollment Manager"). A name alone is a signature only when it is the
// sender's; a block that says anything (a sentence, a command) is text.

// maxNameBlockLines bounds a signature block without a closing.
const maxNameBlockLines = 8

// nameBlockAt returns the index of the line opening the signature block
// that ends lines, or -1.
func nameBlockAt(lines []replyLine, sender senderWords) int {
	if cut := senderBlockAt(lines, sender); cut >= 0 {
		return cut
	}
	end := len(lines)
	for end > 0 && lines[end-1].lower == "" {
		end--
	}
	start := paragraphStart(lines, end)
	if contactLines(lines[start:end]) && textAbove(lines, start) {
		start = paragraphStart(lines, start) // "John Doe\nCEO\n\n@pandaland"
	}
	if end-start < 2 || end-start > maxNameBlockLines || !textAbove(lines, start) {
		return -1
	}
	head, _, barred := strings.Cut(strings.TrimSpace(lines[start].raw), "|")
	contact := false
	for _, l := range lines[start+1 : end] {
		contact = contact || contactLine(l.lower)
	}
	if !contact && !barred {
		return -1
	}
	for i := start; i < end; i++ {
		if commandShaped(lines[i].lower) {
			return -1
		}
	}
	if !nameLine(head) || !infoLines(lines[start+1:end]) {
		return -1
	}
	return start
}

// senderBlockAt returns the index of the last line, among the last few,
// that is the sender's name (senderWords.signsAs) with nothing under it
// but what a signature holds (infoLine), or -1. It is never the first
// line of the text.
func senderBlockAt(lines []replyLine, sender senderWords) int {
	if len(sender) == 0 {
		return -1
	}
	cut, seen := -1, 0
	for i := len(lines) - 1; i >= 0 && seen < maxNameBlockLines; i-- {
		l := lines[i]
		if l.lower == "" {
			continue
		}
		seen++
		switch {
		case commandShaped(l.lower):
			return cut
		case sender.signsAs(l.raw):
			if textAbove(lines, i) {
				cut = i
			}
		case !infoLine(l.raw):
			return cut
		}
	}
	return cut
}

// paragraphStart returns the first line of the paragraph that ends
// before lines[end], blank lines above it skipped.
func paragraphStart(lines []replyLine, end int) int {
	for end > 0 && lines[end-1].lower == "" {
		end--
	}
	for end > 0 && lines[end-1].lower != "" {
		end--
	}
	return end
}

// contactLines reports lines that all say how to reach someone.
func contactLines(lines []replyLine) bool {
	for _, l := range lines {
		if l.lower != "" && !contactLine(l.lower) && !imageLine(l.lower) {
			return false
		}
	}
	return true
}

// nameLine reports a line that opens a signature block with a name:
// words with capitals, not a sentence ("Ok.", whose period no name but an
// initial has) nor an answer ("Yes", "Sure"). In a script without case a
// name does not show: only the sender's counts there (senderWords).
func nameLine(s string) bool {
	s = strings.TrimFunc(s, func(r rune) bool { return unicode.IsSpace(r) || unicode.Is(unicode.Cf, r) })
	if words := strings.Fields(s); strings.HasSuffix(s, ".") && len(words) > 0 && !initial(words[len(words)-1]) {
		return false
	}
	s = strings.TrimFunc(s, func(r rune) bool { return unicode.IsSpace(r) || unicode.IsPunct(r) })
	return looksLikeName(s) && !caseless(s) && ReadAnswer(s) == Unsaid
}

// textAbove reports a line of text before lines[i].
func textAbove(lines []replyLine, i int) bool {
	for j := i - 1; j >= 0; j-- {
		if lines[j].lower != "" {
			return true
		}
	}
	return false
}

// infoLines reports whether every line is one a signature holds.
func infoLines(lines []replyLine) bool {
	for _, l := range lines {
		if l.lower != "" && !infoLine(l.raw) {
			return false
		}
	}
	return true
}

// infoLine reports a line a signature holds under a name: a way to reach
// someone (contactLine), an image or link, or a title or company: a few
// words, or more written as a title ("Head of Engineering, Example Labs",
// "Senior Project Manager | Contoso Ltd."), never a sentence.
func infoLine(raw string) bool {
	s := strings.TrimFunc(raw, func(r rune) bool { return unicode.IsSpace(r) || unicode.Is(unicode.Cf, r) })
	lower := normalize(s)
	if postscript(lower) {
		return false
	}
	if contactLine(lower) || imageLine(lower) {
		return true
	}
	if endsSentence(lower) && wordCount(lower) > 3 || strings.ContainsAny(s, "?!？！؟") {
		return false
	}
	n := wordCount(lower)
	switch {
	case n <= 3:
		return true
	case n > 8:
		return false
	case caseless(s):
		return true
	}
	for _, w := range strings.Fields(s) {
		r, _ := utf8.DecodeRuneInString(w)
		if unicode.IsLower(r) && utf8.RuneCountInString(w) > 3 {
			return false // a word of a sentence: "please call me"
		}
	}
	return true
}

// contactLine reports a line that says how to reach someone: an e-mail
// address or a handle, a site, or a phone number with its label ("T: +44
// 20 7946 0123 | M: +44 7700 900123", "Tel.: 03-1234567", "📱 +1
// 555-0123", "تلفن: ۰۲۱-۸۸۷۶۵۴۳۲").
func contactLine(s string) bool {
	if strings.Contains(s, "www.") || strings.Contains(s, "http://") || strings.Contains(s, "https://") {
		return true
	}
	if i := strings.IndexByte(s, '@'); i >= 0 && !strings.ContainsAny(s[i:], " \t") && !strings.Contains(s, "@ ") {
		return true // "priya@example.com", "@pandaland"
	}
	if digitCount(s) < 7 {
		return false
	}
	for rest, found := s, true; found; {
		var part string
		part, rest, found = strings.Cut(rest, "|")
		if phoneLike(part) {
			return true
		}
	}
	return false
}

// digitCount counts the digits of s, in any script.
func digitCount(s string) int {
	n := 0
	for _, r := range s {
		if r >= '0' && r <= '9' || r >= utf8.RuneSelf && unicode.IsDigit(r) {
			n++
		}
	}
	return n
}

// phoneLike reports a phone number, after its label if any: seven digits
// or more, in any script, with nothing but spaces and + - ( ) . / between.
func phoneLike(s string) bool {
	if i := strings.LastIndexAny(s, ":："); i >= 0 && utf8.RuneCountInString(s[:i]) <= 16 {
		s = s[i+1:]
	}
	digits, label := 0, 0
	for _, r := range strings.TrimSpace(s) {
		switch {
		case unicode.IsDigit(r):
			digits++
		case strings.ContainsRune(" +-()./\u00a0\u2011–", r):
		case digits == 0 && label < 6:
			label++ // a label without a colon: "Tel.", "M", "📱"
		default:
			return false
		}
	}
	return digits >= 7
}
