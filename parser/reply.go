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
// line. Kept lines are returned unchanged (but for a trailing "\r", and an
// attribution glued to them cut off), so a move is never rewritten;
// leading and trailing blank lines are trimmed, inner ones kept. Invalid
// UTF-8 becomes U+FFFD.
//
// The recognisers are tables, a row per language (reply_attribution.go,
// reply_headers.go, reply_footers.go, reply_signoff.go), each row with
// examples its test reads; what is done with what they find:
//   - History that is not quoted with '>' runs to the end and is cut: a
//     separator ("-----Original Message-----" and its translations, a
//     forwarded-message line), a rule followed by a header block, a header
//     block ("From: … Sent: …" in any language, also on one line), a
//     dated attribution that no quoted line follows or that the history
//     is glued to (Yahoo writes the history unquoted; an HTML quote that
//     HTMLText dropped leaves its attribution last), a company's legal
//     notice.
//   - Lines quoted with '>' go, with the attribution before them, dated
//     ("On <date>, Alice <a@x.org> wrote:", wrapped over up to three
//     lines) or not ("Alice wrote:"); so does a line that lost its '>'
//     inside a quote (the wrapped end of a long quoted line, a broken
//     link). Text between quoted blocks stays. An attribution glued to the
//     player's text ("Nice! On Mon, … wrote:") is split from it first.
//   - A signature runs from a "-- " line to the next quoted block or the
//     end, and from a rule or a short dash line that only a few lines
//     follow to the end. Footers of phones and apps ("Sent from my
//     iPhone", "أرسلت من الـ iPhone") go alone, and end the text when the
//     player wrote above them and unquoted history follows them; above
//     all the player wrote, the lines under them stay. An external-mail
//     warning on top goes.
//   - A sign-off at the end goes: a closing formula ("Regards,", "Mit
//     freundlichen Grüßen") with the name, title and phone lines under it,
//     thanks followed by a name ("Thanks,\nBob"), a "-Bob" line, or a
//     name, title and phone block that shows how to reach its writer
//     (reply_nameblock.go); with the sender known (ReadMail), their name
//     alone too (reply_sender.go).
//
// No rule drops a line of the new text that reads like a command (a move's
// square, a "#N" guard, a command word): a player's move is never lost to
// a heuristic.
func ReplyText(body string) string {
	return replyText(body, nil)
}

// replyText is ReplyText knowing the sender's name, which ReadMail reads
// from From: a line that is that name, at the end, is a signature too
// (senderWords).
func replyText(body string, sender senderWords) string {
	lines := splitReply(validUTF8(body))
	cut, heads := historyStart(lines)
	lines = lines[:cut]
	dropBanner(lines)
	fates := make([]fate, len(lines))
	for _, h := range heads {
		for j := h.from; j < h.to; j++ {
			fates[j] = attributionLine
		}
	}
	markQuotes(lines, fates)
	markSignatures(lines, fates)
	kept := make([]replyLine, 0, len(lines))
	for i, l := range lines {
		if fates[i] == keep {
			kept = append(kept, l)
		}
	}
	kept = dropSignOff(trimBlank(kept), sender)
	var b strings.Builder
	for i, l := range kept {
		if i > 0 {
			b.WriteByte('\n')
		}
		b.WriteString(l.raw)
	}
	return b.String()
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
// order marks, the direction marks of right-to-left mail), as HTML mail and
// mobile footers are full of them; digits of other scripts ("٢٠٢٦",
// "२०२६", "２０２６") become ASCII ones, so that dates read alike.
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
				case r >= utf8.RuneSelf && unicode.IsDigit(r):
					b.WriteRune(asciiDigit(r))
				default:
					b.WriteRune(unicode.ToLower(r))
				}
			}
			return strings.TrimSpace(b.String())
		}
	}
	return strings.ToLower(strings.TrimSpace(s))
}

// oddRune is a rune normalize maps: a space other than ASCII's, a format
// mark, or a digit of another script.
func oddRune(r rune) bool {
	return r >= utf8.RuneSelf && (unicode.IsSpace(r) || unicode.Is(unicode.Cf, r) || unicode.IsDigit(r))
}

// digitZeros are the zeros of the scripts whose digits run from zero to
// nine in Unicode: Arabic-Indic, Persian, Devanagari, Bengali and the other
// Indic scripts, Thai, Lao, Tibetan, Myanmar, Khmer, full-width.
var digitZeros = []rune{0x0660, 0x06F0, 0x0966, 0x09E6, 0x0A66, 0x0AE6, 0x0B66, 0x0BE6, 0x0C66, 0x0CE6, 0x0D66,
	0x0E50, 0x0ED0, 0x0F20, 0x1040, 0x17E0, 0xFF10}

// asciiDigit is the ASCII digit of r, a digit of another script, or r.
func asciiDigit(r rune) rune {
	for _, z := range digitZeros {
		if r >= z && r <= z+9 {
			return '0' + r - z
		}
	}
	return r
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
		if bannerWords[strings.Trim(firstWord(l.lower), "[]*:!")] && containsAny(l.lower, bannerTopics) && !commandShaped(l.lower) {
			lines[i] = newReplyLine("")
		}
		return
	}
}

// bannerWords open the warnings of mail from outside a company, and
// bannerTopics are what they speak of.
var (
	bannerWords  = setOf([]string{"caution", "warning", "external", "attention", "achtung", "attenzione", "atención", "externe", "extern", "avertissement"})
	bannerTopics = []string{"outside", "external", "extern", "extérieur", "fuera de", "esterno", "esterna"}
)

func containsAny(s string, subs []string) bool {
	for _, sub := range subs {
		if strings.Contains(s, sub) {
			return true
		}
	}
	return false
}
