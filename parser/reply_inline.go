package parser

import (
	"slices"
	"strings"
	"unicode"
	"unicode/utf8"
)

// splitReply cuts body into lines, and an attribution that follows the
// player's text on the same line onto a line of its own.
func splitReply(body string) []replyLine {
	raws := strings.Split(body, "\n")
	lines := make([]replyLine, len(raws))
	for i, r := range raws {
		lines[i] = newReplyLine(strings.TrimSuffix(r, "\r"))
	}
	for i := 0; i < len(lines); i++ {
		if p := gluedSeparator(lines[i]); p > 0 {
			lines = slices.Insert(lines, i+1, newReplyLine(lines[i].raw[p:]))
			lines[i] = newReplyLine(lines[i].raw[:p])
			continue
		}
		if p := inlineAttribution(lines, i); p > 0 {
			prefix := strings.TrimRight(lines[i].raw[:p], " \t"+ruleRunes)
			lines = slices.Insert(lines, i+1, newReplyLine(lines[i].raw[p:]))
			lines[i] = newReplyLine(prefix)
			i++
		}
	}
	return lines
}

// gluedSeparator returns where the text glued to a separator starts on
// line l, or 0: "-------- Ursprüngliche Nachricht --------Von: Alice", as
// some webmails turn their HTML into text.
func gluedSeparator(l replyLine) int {
	if l.quoted || !strings.HasPrefix(l.lower, "--") || isSeparator(l.lower) {
		return 0
	}
	raw := strings.TrimLeft(l.raw, " \t")
	t := strings.TrimLeft(raw, ruleRunes)
	end := strings.Index(t, "--")
	if end < 0 {
		return 0
	}
	rest := strings.TrimLeft(t[end:], ruleRunes)
	if title := strings.TrimRight(normalize(t[:end]), ":："); !separatorTitles[title] || isBlank(rest) {
		return 0
	}
	return len(l.raw) - len(rest)
}

// inlineAttribution returns where in line i an attribution starts after
// the player's text, or 0: "H8 right 34251 On Wed, … wrote:", "Nice!
// 2026年11月30日(月) 11:52 Alice <a@x.org>:", "pass Alice Martin <a@x.org>
// wrote on 30/11/2026:". The first place that begins like an attribution
// (beginsAt) and starts one that is strong and sure enough to cut, ending
// on this line or one of the next two, wins.
func inlineAttribution(lines []replyLine, i int) int {
	l := lines[i]
	if l.quoted || len(l.lower) < 24 || !endsNear(lines, i) || !digitNear(lines, i) {
		return 0
	}
	if a := judgeFrom(lines, i, l.lower, false); !a.strong {
		return 0 // no part of it can be, if the whole is not
	}
	if i > 0 && !lines[i-1].quoted && lines[i-1].lower != "" && joinable(lines[i-1].lower) && extendsAttribution(lines[i-1].lower) {
		return 0 // the line goes on with an attribution started above
	}
	lw := strings.ToLower(l.raw)
	if len(lw) != len(l.raw) || lineBeginsAttribution(l.lower) {
		return 0 // the offsets of lw would not be those of l.raw, or it is all attribution
	}
	// A place that begins like an attribution wins over one that only
	// follows the end of a sentence ("…coming! 27 for a four-tile play is
	// brutal. On Mon, …").
	for _, afterSentence := range []bool{false, true} {
		prev := ' '
		for p, r := range l.raw {
			at := p > 0 && (prev == ' ' || prev == '\t' || strings.ContainsRune("!?。！？、", prev) || prev == '.' && unicode.IsUpper(r)) && r != ' '
			prev = r
			if !at {
				continue
			}
			if afterSentence && !sentenceBefore(l.raw[:p]) || !afterSentence && !beginsAt(l.raw[p:], lw[p:]) {
				continue
			}
			prefix := strings.Trim(l.raw[:p], ruleRunes+" \t")
			if isBlank(prefix) || strings.ContainsAny(prefix, "@<") {
				continue
			}
			if a := judgeFrom(lines, i, normalize(l.raw[p:]), true); a.strong && a.cuts {
				return p
			}
		}
	}
	return 0
}

// lineBeginsAttribution reports whether line s, lower-cased, opens the
// way an attribution does, so that no part of it is the player's: as
// opensAttribution says, with mutt's "*", an address, a quoting verb, or a
// few words of a name before an address. A line that opens like a command
// never does.
func lineBeginsAttribution(s string) bool {
	words := firstWords(s, 1)
	if len(words) == 0 || commandShaped(s) {
		return false
	}
	w := words[0]
	if opensAttribution(s) || hasNumericDate(w) || w == "*" || strings.Contains(w, "@") || startsWithAny(s, openingVerbs) {
		return true
	}
	lt := strings.IndexByte(s, '<')
	if lt <= 0 || !strings.Contains(s[lt:], "@") {
		return false
	}
	name := s[:lt]
	return len(strings.Fields(name)) <= 4 && !strings.ContainsAny(name, "0123456789!?。！？")
}

// beginsAt reports whether raw (lower, its lower-case) begins an
// attribution in the middle of a line: a start word with a date in its
// first words ("On Wed, Dec 2, 2026"), a weekday and a comma ("pon., 30
// lis"), a date, a name before an address ("Alice Martin <a@x.org>"), a
// bare address, or mutt's "* Alice".
func beginsAt(raw, lower string) bool {
	words := firstWords(lower, 5)
	switch {
	case len(words) == 0:
		return false
	case startsWithAny(lower, attributionStarts):
		return digitSoon(lower)
	case startsWithAny(lower, openingVerbs), dayFirst(words):
		return true
	case beginsAttribution(lower), dateFirst(words[0]), strings.Contains(words[0], "@"):
		return true
	case len(words) > 3 && strings.HasSuffix(words[0], ",") && dayFirst(words[1:]):
		return true // "Понедельник, 30 ноября 2026"
	case words[0] == "*":
		return len(words) > 1 && nameBeforeAddress(raw[strings.IndexByte(raw, '*')+1:])
	case nameBeforeAddress(raw):
		return true
	}
	return false
}

// sentenceBefore reports whether before ends a sentence, after which an
// attribution may start without any sign of its own.
func sentenceBefore(before string) bool {
	b := strings.TrimRight(before, " \t")
	r, _ := utf8.DecodeLastRuneInString(b)
	return strings.ContainsRune("!?。！？", r) || r == '.' && endsSentence(strings.ToLower(b))
}

// firstWords is up to n first words of s, without splitting all of it.
func firstWords(s string, n int) []string {
	words := make([]string, 0, n)
	for len(words) < n {
		s = strings.TrimLeft(s, " \t")
		if s == "" {
			break
		}
		end := strings.IndexAny(s, " \t")
		if end < 0 {
			end = len(s)
		}
		words = append(words, s[:end])
		s = s[end:]
	}
	return words
}

// dateFirst reports a word that opens with a year or a numeric date:
// "2026-11-30", "2026年11月30日(月)", "30.11.2026,".
func dateFirst(w string) bool {
	if len(w) < 4 || !isDigit(w[0]) {
		return false
	}
	return hasYear(w[:4]) && (len(w) == 4 || !isDigit(w[4])) || hasNumericDate(w)
}

// dayFirst reports a date opening with the day's number: "30 nov. 2026",
// "30. nov. 2026".
func dayFirst(words []string) bool {
	d := strings.TrimSuffix(words[0], ".")
	if len(d) == 0 || len(d) > 2 || !isDigit(d[0]) || !isDigit(d[len(d)-1]) || len(words) < 3 {
		return false
	}
	return hasYear(words[1]) || hasYear(words[2])
}

// nameBeforeAddress reports one to four words of a name, each capitalised
// or quoted or in a script without case, then an address in brackets:
// "Alice Martin <a@x.org>", "\"Alice\" <a@x.org>", "陳志明 <a@x.org>".
func nameBeforeAddress(s string) bool {
	lt := strings.IndexByte(s, '<')
	if lt <= 0 || !strings.Contains(s[lt:], "@") {
		return false
	}
	words := strings.Fields(s[:lt])
	if len(words) == 0 || len(words) > 4 || squareShaped(strings.ToLower(words[0])) {
		return false
	}
	for _, w := range words {
		r, _ := utf8.DecodeRuneInString(strings.TrimLeft(w, "\"'("))
		if !unicode.IsUpper(r) && spacedScript(r) {
			return false
		}
	}
	return true
}

// digitSoon reports a digit among the first runes of s: an attribution
// gives its date right after its start word.
func digitSoon(s string) bool {
	n := 0
	for _, r := range s {
		if r >= '0' && r <= '9' || r >= utf8.RuneSelf && unicode.IsDigit(r) {
			return true
		}
		if n++; n > 30 {
			break
		}
	}
	return false
}

// wordStart reports whether w stands at p as a word of its own.
func wordStart(s string, p int, w string) bool {
	before, _ := utf8.DecodeLastRuneInString(s[:p])
	after, _ := utf8.DecodeRuneInString(s[p+len(w):])
	return !isLetterOrDigit(before) && (after == ' ' || !spacedScript([]rune(w)[0]))
}

// judgeFrom judges first, the start of an attribution on line i, joined
// with the following lines until one may end a strong one (sure enough to
// cut, with cuts).
func judgeFrom(lines []replyLine, i int, first string, cuts bool) attribution {
	joined := first
	for j := i; j < len(lines) && j <= i+2; j++ {
		if j > i {
			if lines[j].quoted || lines[j].lower == "" || lineBeginsAttribution(lines[j].lower) {
				break // the attribution is that line's, not a part of this one
			}
			joined += " " + lines[j].lower
		}
		if lines[j].mayEnd {
			if a := judgeAttribution(joined); a.strong && (a.cuts || !cuts) {
				return a
			}
		}
	}
	return attribution{}
}

// digitNear reports a digit on line i or one of the two after it: a
// strong attribution holds a date or a time.
func digitNear(lines []replyLine, i int) bool {
	for j := i; j < len(lines) && j <= i+2; j++ {
		if lines[j].digit {
			return true
		}
	}
	return false
}

// endsNear reports whether line i or one of the two after it may end an
// attribution.
func endsNear(lines []replyLine, i int) bool {
	for j := i; j < len(lines) && j <= i+2; j++ {
		if j > i && (lines[j].quoted || lines[j].lower == "") {
			return false
		}
		if lines[j].mayEnd {
			return true
		}
	}
	return false
}
