package parser

import (
	"strings"
	"unicode"
	"unicode/utf8"
)

// mayEndAttribution is the cheap test of a line that may end an
// attribution: a colon, dashes, an address, or a verb last.
func mayEndAttribution(s string) bool {
	if s == "" || len(s) > maxAttribution {
		return false
	}
	if strings.HasSuffix(s, ":") || strings.HasSuffix(s, "：") || strings.HasSuffix(s, "--") || strings.HasSuffix(s, ">") {
		return true
	}
	for _, v := range verbsByLastByte[s[len(s)-1]] {
		if strings.HasSuffix(s, v) {
			return true
		}
	}
	return false
}

// verbsByLastByte are the attribution verbs by their last byte, so that a
// line is checked against the few that may end it.
var verbsByLastByte = func() map[byte][]string {
	m := map[byte][]string{}
	for _, v := range attributionVerbs {
		m[v[len(v)-1]] = append(m[v[len(v)-1]], v)
	}
	return m
}()

// attributionEndingAt judges the lines ending at line i as an attribution,
// wrapped over up to three lines as Gmail wraps a long name or address;
// start is its first line. A strong reading wins over a weak one of line i
// alone; once strong, it takes in one more line above only when that line
// holds the sender's address and the reading so far does not open like an
// attribution ("…<a@x.org> 於 2026年11月30日\n上午11:52寫道：").
func attributionEndingAt(lines []replyLine, i int) (start int, a attribution) {
	l := lines[i]
	if l.quoted || !l.mayEnd {
		return i, attribution{}
	}
	joined := l.lower
	start = -1
	var weak attribution
	weakStart := i
	for k := 0; k < 3 && i-k >= 0; k++ {
		if k > 0 {
			p := lines[i-k]
			if p.quoted || p.lower == "" || !joinable(p.lower) {
				break
			}
			if start >= 0 && (!extendsAttribution(p.lower) || startsWithAny(strings.TrimLeft(lines[start].lower, "-*> "), attributionStarts)) {
				break
			}
			joined = p.lower + " " + joined
		}
		j := judgeAttribution(joined)
		switch {
		case j.strong:
			start, a = i-k, j
		case k == 0:
			weak, weakStart = j, i
		case j.ok && weak.ok && strings.Contains(joined, "@") && extendsAttribution(lines[i-k].lower):
			// "On Wed, Dec 9, Mister Example\n<mrmister@example.com>\nwrote:"
			weakStart = i - k
		}
	}
	if start < 0 {
		start, a = weakStart, weak
	}
	for j := start; j <= i && a.ok; j++ {
		if commandShaped(lines[j].lower) {
			return i, attribution{} // a line that opens like a command is never dropped as one
		}
	}
	return start, a
}

// extendsAttribution reports a line that may be the first part of an
// attribution whose end alone already reads as one: it holds the sender's
// address, breaks inside one ("Alice <"), or opens like an attribution.
func extendsAttribution(s string) bool {
	return strings.Contains(s, "@") || strings.HasSuffix(s, "<") || strings.HasSuffix(s, "(") || opensAttribution(s)
}

// opensAttribution reports a line that opens like an attribution: as
// beginsAttribution does, or with a year soon and no sentence ended before
// it ("2026年11月30日", "Понедельник, 30 ноября 2026").
func opensAttribution(s string) bool {
	if beginsAttribution(s) {
		return true
	}
	n := 0
	for i, r := range s {
		if strings.ContainsRune("!?。！？", r) {
			return false
		}
		if isDigit(byte(r)) && r < utf8.RuneSelf && hasYear(s[i:min(i+4, len(s))]) && (i == 0 || !isDigit(s[i-1])) {
			return true
		}
		if n++; n > 24 {
			return false
		}
	}
	return false
}

// beginsAttribution reports a line that can only be the first of an
// attribution: a start word ("On", "Le", "Am", after Zoho's dashes), or a
// short weekday then the day's number ("пн, 30 нояб.", "wt., 1 gru", "tir.
// 1. des.", "ma 30.11.2026").
func beginsAttribution(s string) bool {
	s = strings.TrimLeft(s, "-*> ")
	if startsWithAny(s, attributionStarts) {
		return true
	}
	words := firstWords(s, 5)
	if len(words) < 2 || !unicode.IsDigit(firstRune(words[1])) {
		return false
	}
	day := strings.TrimRight(words[0], ".,،")
	if day == "" || utf8.RuneCountInString(day) > 4 {
		return false
	}
	for _, r := range day {
		if !unicode.IsLetter(r) && !unicode.IsMark(r) {
			return false
		}
	}
	return day != words[0] || hasNumericDate(words[1]) || hasYear(words[1]) || dayFirst(words[1:])
}

// joinable reports whether s may be the first part of a wrapped
// attribution: it opens like one, holds an address or a bracket (Gmail
// wraps inside "<address>"), or holds a date and a time; and it does not
// end a sentence.
func joinable(s string) bool {
	if len(s) > maxAttribution || endsSentence(s) {
		return false
	}
	return startsWithAny(s, attributionStarts) || strings.ContainsAny(s, "<@(") || hasYear(s) && hasClock(s) || opensAttribution(s)
}

// endsSentence reports a line ending with "!" or "?", or with "." after a
// word that is no abbreviation (short, or dotted inside).
func endsSentence(s string) bool {
	switch {
	case strings.HasSuffix(s, "!"), strings.HasSuffix(s, "?"), strings.HasSuffix(s, "！"), strings.HasSuffix(s, "？"), strings.HasSuffix(s, "。"):
		return true
	case strings.HasSuffix(s, "."):
		last := s[strings.LastIndexByte(s, ' ')+1:]
		// "nov.", "Mo.", "S.p.A.": abbreviations end no sentence.
		return utf8.RuneCountInString(last) > 5 && !strings.Contains(last[:len(last)-1], ".")
	}
	return false
}

// quoteFollows reports whether the next non-blank line after i is quoted.
func quoteFollows(lines []replyLine, i int) bool {
	for j := i + 1; j < len(lines); j++ {
		if lines[j].quoted {
			return true
		}
		if lines[j].lower != "" {
			return false
		}
	}
	return false
}

// markQuotes marks the quoted lines, the attributions before them, the
// lines that lost their '>' inside a quote, and the rules above a quote.
func markQuotes(lines []replyLine, fates []fate) {
	for i, l := range lines {
		switch {
		case l.quoted:
			fates[i] = quote
		case l.lower == "":
		case isRule(l.lower) && quoteFollows(lines, i):
			fates[i] = attributionLine
		default:
			if start, a := attributionEndingAt(lines, i); a.ok && quoteFollows(lines, i) {
				for j := start; j <= i; j++ {
					fates[j] = attributionLine
				}
			}
		}
	}
	for i := 1; i < len(lines); i++ {
		if !lines[i-1].quoted || fates[i] != keep || lines[i].lower == "" {
			continue
		}
		if n := lostMarkers(lines, i); n > 0 {
			for j := i; j < i+n; j++ {
				fates[j] = quote
			}
			i += n - 1
		}
	}
}

// lostMarkers returns how many lines from i, right under a quoted line,
// belong to the quote though they lost its '>', or 0: clients wrap a long
// quoted line and its end loses the marker, and a link breaks out of it.
// One or two such lines between two quoted lines are lost if they hold a
// link, or end a long quoted line left open, or finish a broken link;
// one line after the end of a quote is, when it ends a long line left open
// with a few words in lower case. A line that reads like a command never
// is.
func lostMarkers(lines []replyLine, i int) int {
	prev := strings.TrimSpace(strings.TrimLeft(normalize(lines[i-1].raw), "> "))
	open := utf8.RuneCountInString(prev) >= 50 && !endsSentence(prev)
	brokenLink := linkish(lastWord(prev))
	n := 0
	for n < 2 && i+n < len(lines) && !lines[i+n].quoted && lines[i+n].lower != "" {
		if commandShaped(lines[i+n].lower) {
			return 0
		}
		n++
	}
	if i+n < len(lines) && lines[i+n].quoted {
		first := lines[i].lower
		switch {
		case n == 1 && (open && continues(lines[i].raw) || brokenLink || linkish(first)):
			return 1
		case n == 2 && linkish(first) && !strings.Contains(lines[i+1].lower, " "):
			return 2
		}
		return 0
	}
	if n == 1 && open && (i+1 == len(lines) || lines[i+1].lower == "") && continuation(lines[i].raw) {
		return 1
	}
	return 0
}

// continues reports a line that starts in lower case or with a digit or
// punctuation: the rest of a sentence wrapped from the line above, not an
// answer written between quoted lines ("Две тройки и ни одной…").
func continues(raw string) bool {
	r, _ := utf8.DecodeRuneInString(strings.TrimSpace(raw))
	return !unicode.IsUpper(r) && (unicode.IsLetter(r) && spacedScript(r) || !unicode.IsLetter(r))
}

// continuation reports a few words starting in lower case: the end of a
// sentence wrapped from the line above.
func continuation(raw string) bool {
	t := strings.TrimSpace(raw)
	r, _ := utf8.DecodeRuneInString(t)
	return unicode.IsLower(r) && utf8.RuneCountInString(t) <= 40 && len(strings.Fields(t)) <= 4
}

func lastWord(s string) string { return s[strings.LastIndexByte(s, ' ')+1:] }

// linkish reports a piece of a link: a scheme, "www." or a path.
func linkish(s string) bool {
	return strings.Contains(s, "http://") || strings.Contains(s, "https://") || strings.HasPrefix(s, "www.") ||
		strings.HasSuffix(s, ">") && !strings.Contains(s, " ") || strings.HasPrefix(s, "/") && !strings.Contains(s, " ")
}
