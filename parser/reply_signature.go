package parser

import "strings"

// markSignatures marks signatures: from a "-- " line to the next quote;
// from a short dash line ("---", "—") that a few short lines without a
// sentence follow, or a rule that at most a few lines follow, up to the
// end; and footers of phones and apps, which end the text when the player
// wrote above them and what follows them is not quoted (the history under
// a phone's footer often is not), unless a command follows. A footer
// above all the player wrote goes alone: some clients put it first and
// the player types under it.
func markSignatures(lines []replyLine, fates []fate) {
	inSig, written := false, false
	for i, l := range lines {
		if fates[i] != keep {
			if fates[i] != signature {
				inSig = false
			}
			continue
		}
		if !inSig && (strings.TrimRight(l.raw, " \t") == "--" || dashSignature(lines, fates, i)) {
			inSig = true
		}
		if inSig {
			fates[i] = signature
			continue
		}
		if fit := footerFitOf(l.lower); fit == footerLine || (fit == longFooter || looseFooter(l.lower)) && footersToEnd(lines, fates, i) {
			fates[i] = signature
			if written && unquotedToEnd(lines, fates, i) {
				inSig = true
			}
			continue
		}
		written = written || l.lower != ""
	}
}

// dashSignature reports a signature opening at line i: a short dash line
// that a few short lines, none a sentence, follow; or a rule that at most
// a few lines follow; in both, up to the end with no command among them.
func dashSignature(lines []replyLine, fates []fate, i int) bool {
	s := lines[i].lower
	short, rule := shortDash(s), isRule(s)
	if !short && !rule {
		return false
	}
	n := 0
	for j := i + 1; j < len(lines); j++ {
		l := lines[j]
		if fates[j] != keep {
			return false // a quote follows: not the end
		}
		if l.lower == "" {
			continue
		}
		n++
		if commandShaped(l.lower) || n > maxSignOffLines || rule && n > 4 {
			return false
		}
		if short && (!signatureLine(l.lower) || wordCount(l.lower) > maxDashWords ||
			endsSentence(l.lower) && len(strings.Fields(l.lower)) >= 4) {
			return false
		}
	}
	return n > 0
}

// footersToEnd reports whether nothing but blank lines and a few other
// footers stands between line i and a quote, an attribution, or the end:
// where footers stand.
func footersToEnd(lines []replyLine, fates []fate, i int) bool {
	seen := 0
	for j := i + 1; j < len(lines); j++ {
		if fates[j] != keep {
			return true
		}
		if lines[j].lower == "" {
			continue
		}
		if seen++; seen > maxFooters || footerFitOf(lines[j].lower) == notFooter {
			return false
		}
	}
	return true
}

// maxFooters bounds the footers that stand one under the other.
const maxFooters = 4

// unquotedToEnd reports whether text follows line i, none of it quoted
// and none a command: the unmarked history under a phone's footer.
func unquotedToEnd(lines []replyLine, fates []fate, i int) bool {
	text := false
	for j := i + 1; j < len(lines); j++ {
		if fates[j] != keep || commandShaped(lines[j].lower) {
			return false
		}
		text = text || lines[j].lower != ""
	}
	return text
}

// maxDashWords bounds the lines under a short dash: a name, a phone, a
// site, not an explanation.
const maxDashWords = 8

// shortDash is a line some players put above their name: "---", "—".
func shortDash(s string) bool {
	switch s {
	case "---", "----", "—", "––", "__", "~~", "___", "-- --", "===", "====":
		return true
	}
	return false
}
