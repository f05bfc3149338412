package parser

import (
	"strings"
	"unicode"
	"unicode/utf8"
)

// ReplyText extracts what the player newly wrote from a reply body (UTF-8
// plain text). The commands are read line by line, so the quoted history
// and whatever the client added must go, or they would read as a flood of
// bad moves; and a line the player wrote must never go, wherever it sits:
// top-posted, bottom-posted and interleaved replies all keep every new
// line. Kept lines are returned unchanged (but for a trailing "\r"), so a
// move is never rewritten; leading and trailing blank lines are trimmed,
// inner ones kept. Invalid UTF-8 becomes U+FFFD.
//
// The recognisers are tables, a row per language (reply_attribution.go,
// reply_headers.go, reply_signature.go); what is done with what they find:
//   - History that is not quoted with '>' runs to the end and is cut: a
//     separator ("-----Original Message-----" and its translations, a
//     forwarded-message line), a rule followed by a header block, a header
//     block ("From: … Sent: …" in any language, also on one line), and a
//     dated attribution that no quoted line follows (Yahoo writes the
//     history unquoted; an HTML quote that HTMLText dropped leaves its
//     attribution last).
//   - Lines quoted with '>' go, with the attribution before them, which may
//     be dated ("On <date>, Alice <a@x.org> wrote:", wrapped over up to
//     three lines) or not ("Alice wrote:"); so does a line that lost its
//     '>' inside a quote (the wrapped end of a long quoted line, a broken
//     link). Text between quoted blocks stays. An attribution glued to the
//     player's text ("Nice! On Mon, … wrote:") is split from it first.
//   - A signature runs from a "-- " line to the next quoted block or the
//     end; a short "---" block at the end is one too. Footers of phones and
//     apps ("Sent from my iPhone") go alone, wherever they are.
//   - A sign-off at the end goes: a closing formula ("Regards,", "Mit
//     freundlichen Grüßen") with the name and phone lines under it, or
//     thanks followed by a name ("Thanks,\nBob").
//
// No rule drops a line that reads like a command (a move's square, a
// "#N" guard, a command word): a player's move is never lost to a
// heuristic.
func ReplyText(body string) string {
	lines := splitReply(validUTF8(body))
	lines = lines[:historyStart(lines)]
	dropBanner(lines)
	fates := make([]fate, len(lines))
	markQuotes(lines, fates)
	markSignatures(lines, fates)
	kept := make([]replyLine, 0, len(lines))
	for i, l := range lines {
		if fates[i] == keep {
			kept = append(kept, l)
		}
	}
	kept = dropSignOff(trimBlank(kept))
	var b strings.Builder
	for i, l := range kept {
		if i > 0 {
			b.WriteByte('\n')
		}
		b.WriteString(l.raw)
	}
	return b.String()
}

// dropBanner blanks the warning a company's mail server puts above a mail
// from outside ("CAUTION: This email originated from outside of the
// organization…"): the first line of text, opening with a warning word and
// speaking of the outside.
func dropBanner(lines []replyLine) {
	for i, l := range lines {
		if l.quoted {
			return
		}
		if l.lower == "" {
			continue
		}
		w := strings.Trim(firstWord(l.lower), "[]*:!")
		if (w == "caution" || w == "warning" || w == "external" || w == "attention" || w == "achtung" || w == "attenzione" || w == "atención" || w == "externe") &&
			strings.Contains(l.lower, "e") && (strings.Contains(l.lower, "outside") || strings.Contains(l.lower, "external") || strings.Contains(l.lower, "extern") || strings.Contains(l.lower, "extérieur")) &&
			!commandShaped(l.lower) {
			lines[i] = newReplyLine("")
		}
		return
	}
}

// replyLine is one line of a reply body, with what the recognisers read.
type replyLine struct {
	raw    string     // as written, without a trailing "\r"
	lower  string     // trimmed and lower-cased, no-break spaces and zero-width marks normalised
	quoted bool       // starts with '>', at any depth, maybe indented
	header headerKind // a "Key: value" line of a quoted header block
	mayEnd bool       // it may end an attribution (mayEndAttribution)
	digit  bool       // it holds a digit, as every dated attribution does
}

func newReplyLine(raw string) replyLine {
	l := replyLine{raw: raw}
	if l.quoted = isQuoted(raw); l.quoted {
		l.lower = ">" // what the recognisers read of a quoted line is only that it is one
		return l
	}
	l.lower = normalize(raw)
	if l.lower != "" {
		l.header = headerLineKind(l.lower)
		l.mayEnd = mayEndAttribution(l.lower)
		l.digit = strings.ContainsAny(l.lower, "0123456789")
	}
	return l
}

// isQuoted reports a line quoted with '>' at any depth; some clients
// indent the marker, or put a no-break space before it.
func isQuoted(raw string) bool {
	for _, r := range raw {
		if r != '>' && (unicode.IsSpace(r) || unicode.Is(unicode.Cf, r)) {
			continue
		}
		return r == '>'
	}
	return false
}

// normalize trims s and lower-cases it, turning the many Unicode spaces
// into spaces and dropping format marks (zero-width spaces, joiners, byte
// order marks), as HTML mail and mobile footers are full of them.
func normalize(s string) string {
	for i := 0; i < len(s); i++ {
		if s[i] >= utf8.RuneSelf {
			if !strings.ContainsFunc(s[i:], oddRune) {
				break // no rune to map: the fast lower-casing does
			}
			var b strings.Builder
			b.Grow(len(s))
			for _, r := range s {
				switch {
				case unicode.IsSpace(r):
					b.WriteByte(' ')
				case unicode.Is(unicode.Cf, r):
				default:
					b.WriteRune(unicode.ToLower(r))
				}
			}
			return strings.TrimSpace(b.String())
		}
	}
	return strings.ToLower(strings.TrimSpace(s))
}

// oddRune is a rune normalize maps: a space other than ASCII's, or a
// format mark.
func oddRune(r rune) bool {
	return r >= utf8.RuneSelf && (unicode.IsSpace(r) || unicode.Is(unicode.Cf, r))
}

func isBlank(s string) bool { return strings.TrimSpace(s) == "" }

// fate is what becomes of a line within the new text.
type fate uint8

const (
	keep fate = iota
	quote
	attributionLine
	signature
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
		if p := inlineAttribution(lines, i); p > 0 {
			prefix := strings.TrimRight(lines[i].raw[:p], " \t"+ruleRunes)
			lines = append(lines[:i+1], lines[i:]...)
			lines[i], lines[i+1] = newReplyLine(prefix), newReplyLine(lines[i+1].raw[p:])
			i++
		}
	}
	return lines
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
	prev := ' '
	for p, r := range l.raw {
		at := p > 0 && (prev == ' ' || prev == '\t' || strings.ContainsRune("!?。！？、", prev)) && r != ' '
		prev = r
		if !at || !beginsAt(l.raw[p:], lw[p:], l.raw[:p]) {
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
// bare address, or mutt's "* Alice"; or anything after the end of a
// sentence.
func beginsAt(raw, lower, before string) bool {
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
		if r >= '0' && r <= '9' {
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

// trimBlank drops the blank lines, and rules, at both ends.
func trimBlank(lines []replyLine) []replyLine {
	first, last := 0, len(lines)
	for first < last && lines[first].lower == "" {
		first++
	}
	for last > first && (lines[last-1].lower == "" || isRule(lines[last-1].lower) || shortDash(lines[last-1].lower)) {
		last--
	}
	return lines[first:last]
}
