package parser

import "strings"

// ReplyText extracts what the player newly wrote from a reply body (UTF-8
// plain text). The commands are read line by line, so the quoted board, the
// "On … wrote:" lines, Outlook's and forwarded blocks, signatures and mobile
// footers must go, or they would read as a flood of bad moves; and a line
// the player wrote must never go, wherever it sits: top-posted,
// bottom-posted and interleaved replies all keep every new line. Kept lines
// are returned unchanged (but for a trailing "\r"), so a move is never
// rewritten; leading and trailing blank lines are trimmed, inner ones kept.
// Invalid UTF-8 becomes U+FFFD.
//
// The rules, in order of care:
//   - Everything from the start of an unquoted history block on is history:
//     "-----Original Message-----" and its translations, an underscore line
//     followed by "From:", an Outlook header block ("From:" then "Sent:",
//     "To:"…, in English or French, "De :", "Envoyé :"…), a forwarded-message
//     marker, and a dated attribution that no quoted line follows (Yahoo
//     quotes without '>'; an HTML quote dropped by HTMLText leaves its
//     attribution last).
//   - Lines starting with '>' at any depth go, with the attribution just
//     before them; the text between quoted blocks stays. A dated attribution
//     starts like "On"/"Le"/"Am" and holds a time of day and a verb such as
//     "wrote"/"a écrit" (Gmail, Apple Mail, Thunderbird, mutt), and may be
//     wrapped over up to three lines, as Gmail wraps the sender's address;
//     a plain "Alice wrote:" counts only right before a quoted block.
//   - A signature runs from a line that is exactly "-- " or "--" to the next
//     quoted block or the end.
//   - A mobile footer line ("Sent from my iPhone", "Get Outlook for iOS",
//     "Envoyé de mon iPhone"…) goes alone: iOS puts it above the quote, and
//     a player who writes below the quote must keep that text.
func ReplyText(body string) string {
	body = validUTF8(body)
	lines := strings.Split(body, "\n")
	for i, l := range lines {
		lines[i] = strings.TrimSuffix(l, "\r")
	}
	quoted := make([]bool, len(lines))
	for i, l := range lines {
		quoted[i] = isQuoted(l)
	}

	// Unquoted history runs to the end: cut it.
	end := len(lines)
	for i := range lines {
		if quoted[i] {
			continue
		}
		if historyMarker(lines, i) {
			end = i
			break
		}
		if start, strong, ok := attribution(lines, quoted, i); ok && strong && !quoteFollows(lines, quoted, i) {
			end = start
			break
		}
	}
	lines, quoted = lines[:end], quoted[:end]

	// Attributions of quoted blocks.
	drop := make([]bool, len(lines))
	attr := make([]bool, len(lines))
	for i := range lines {
		if quoted[i] {
			drop[i] = true
			continue
		}
		if start, _, ok := attribution(lines, quoted, i); ok && quoteFollows(lines, quoted, i) {
			for j := start; j <= i; j++ {
				drop[j], attr[j] = true, true
			}
		}
	}

	// Signatures and footers.
	inSig := false
	for i, l := range lines {
		if quoted[i] || attr[i] {
			inSig = false
			continue
		}
		if l == "-- " || l == "--" {
			inSig = true
		}
		if inSig || isMobileFooter(l) {
			drop[i] = true
		}
	}

	kept := make([]string, 0, len(lines))
	for i, l := range lines {
		if !drop[i] {
			kept = append(kept, l)
		}
	}
	first, last := 0, len(kept)
	for first < last && isBlank(kept[first]) {
		first++
	}
	for last > first && isBlank(kept[last-1]) {
		last--
	}
	return strings.Join(kept[first:last], "\n")
}

func isBlank(s string) bool { return strings.TrimSpace(s) == "" }

// isQuoted reports a line quoted with '>' at any depth; some clients indent
// the marker.
func isQuoted(line string) bool {
	return strings.HasPrefix(strings.TrimLeft(line, " \t"), ">")
}

// quoteFollows reports whether the next non-blank line after i is quoted.
func quoteFollows(lines []string, quoted []bool, i int) bool {
	for j := i + 1; j < len(lines); j++ {
		if quoted[j] {
			return true
		}
		if !isBlank(lines[j]) {
			return false
		}
	}
	return false
}

// attributionEnds are the ends of a one-line "Alice wrote:", lower-cased.
var attributionEnds = []string{
	"wrote:", "wrote :", "a écrit :", "a écrit:", "écrit :", "écrit:",
	"schrieb:", "escribió:", "ha scritto:", "schreef:",
}

// attributionVerbs are found in a dated attribution, which may put the
// sender after the verb ("Am 30.11.2026 um 11:52 schrieb Alice <a@x>:").
var attributionVerbs = []string{" wrote", " écrit", "schrieb ", " escribió", " scritto", " schreef"}

// attributionStarts begin a dated attribution ("On Mon, 30 Nov 2026 …",
// "Le lun. 30 nov. 2026 …", "Am 30.11.2026 …", "El lun, 30 nov 2026 …",
// "Il giorno …", "Op ma 30 nov. 2026 …").
var attributionStarts = []string{"on ", "le ", "am ", "el ", "il ", "op "}

// maxAttribution caps an attribution's length: a longer "… wrote:" is prose.
const maxAttribution = 400

// attribution reports whether line i ends an attribution line, and where it
// starts. A strong one is dated: it starts like "On <date>", holds a time of
// day and a verb such as "wrote", and ends with a colon; it may be wrapped over
// up to three lines (Gmail wraps the sender's address). A weak one ("Alice
// wrote:") is a single line and counts only before a quoted block.
func attribution(lines []string, quoted []bool, i int) (start int, strong, ok bool) {
	end := strings.TrimSpace(lines[i])
	if !strings.HasSuffix(end, ":") || len(end) > maxAttribution {
		return 0, false, false
	}
	end = strings.ToLower(end)
	joined := end
	for k := 0; k < 3 && i-k >= 0; k++ {
		if k > 0 {
			prev := strings.TrimSpace(lines[i-k])
			if prev == "" || quoted[i-k] {
				break
			}
			joined = strings.ToLower(prev) + " " + joined
			if len(joined) > maxAttribution {
				break
			}
		}
		if hasAnyPrefix(joined, attributionStarts) && hasClock(joined) && containsAny(joined, attributionVerbs) {
			return i - k, true, true
		}
	}
	if hasAnySuffix(end, attributionEnds) {
		return i, false, true
	}
	return 0, false, false
}

// hasClock reports a time of day such as "11:52" in s.
func hasClock(s string) bool {
	for i := 1; i+2 < len(s); i++ {
		if s[i] == ':' && isDigit(s[i-1]) && isDigit(s[i+1]) && isDigit(s[i+2]) {
			return true
		}
	}
	return false
}

func isDigit(b byte) bool { return '0' <= b && b <= '9' }

func containsAny(s string, subs []string) bool {
	for _, sub := range subs {
		if strings.Contains(s, sub) {
			return true
		}
	}
	return false
}

// historyMarker reports whether line i starts a block of history that is
// not quoted with '>': Outlook's and forwarded blocks.
func historyMarker(lines []string, i int) bool {
	t := strings.TrimSpace(lines[i])
	if t == "" {
		return false
	}
	if strings.HasPrefix(t, "--") {
		inner := strings.ToLower(strings.TrimSpace(strings.Trim(t, "-")))
		if _, ok := dashMarkers[inner]; ok && strings.HasSuffix(t, "--") {
			return true
		}
	}
	if strings.HasSuffix(t, ":") {
		if _, ok := forwardLines[strings.ToLower(t)]; ok {
			return true
		}
	}
	if len(t) >= 10 && strings.Trim(t, "_") == "" {
		// Outlook's underscore line, when a From: header follows.
		next := nextNonBlank(lines, i)
		return next >= 0 && headerKey(lines[next], fromKeys)
	}
	if headerKey(t, fromKeys) {
		// An Outlook header block without a separator line.
		next := nextNonBlank(lines, i)
		return next >= 0 && headerKey(lines[next], otherHeaderKeys)
	}
	return false
}

// dashMarkers are the titles Outlook, Gmail and Thunderbird put between
// dashes ("-----Original Message-----", "---------- Forwarded message
// ---------"), lower-cased.
var dashMarkers = map[string]struct{}{
	"original message": {}, "message d'origine": {}, "message d’origine": {},
	"forwarded message": {}, "message transféré": {}, "message transfere": {},
	"ursprüngliche nachricht": {}, "weitergeleitete nachricht": {},
	"mensaje original": {}, "mensaje reenviado": {},
	"messaggio originale": {}, "messaggio inoltrato": {},
	"oorspronkelijk bericht": {}, "doorgestuurd bericht": {},
}

// forwardLines are Apple Mail's forwarded-message lines, lower-cased.
var forwardLines = map[string]struct{}{
	"begin forwarded message:": {}, "début du message réexpédié :": {},
	"début du message réexpédié:": {}, "anfang der weitergeleiteten nachricht:": {},
	"inicio del mensaje reenviado:": {},
}

// Header names of Outlook's quoted header block, lower-cased: the first
// line, then any of the others.
var (
	fromKeys        = []string{"from", "de", "von", "da", "van"}
	otherHeaderKeys = []string{
		"sent", "date", "to", "cc", "subject",
		"envoyé", "à", "objet",
		"gesendet", "datum", "an", "betreff",
		"enviado", "fecha", "para", "asunto",
		"inviato", "data", "a", "oggetto",
		"verzonden", "aan", "onderwerp",
	}
)

// headerKey reports whether line looks like "Key: value" with one of keys,
// allowing French spacing ("De :") and the asterisks of bold text.
func headerKey(line string, keys []string) bool {
	t := strings.TrimLeft(strings.TrimSpace(line), "*")
	k, _, ok := strings.Cut(t, ":")
	if !ok || len(k) > 12 {
		return false
	}
	k = strings.ToLower(strings.TrimSpace(strings.TrimRight(k, "*")))
	for _, key := range keys {
		if k == key {
			return true
		}
	}
	return false
}

func nextNonBlank(lines []string, i int) int {
	for j := i + 1; j < len(lines); j++ {
		if !isBlank(lines[j]) {
			return j
		}
	}
	return -1
}

// mobileFooters begin the one-line footers phones and apps add, lower-cased.
var mobileFooters = []string{
	"sent from my ", "sent from mail for windows", "sent from yahoo mail",
	"sent from outlook", "sent from proton mail", "sent with proton mail",
	"get outlook for ", "envoyé de mon ", "envoyé depuis mon ",
	"envoyé à partir de outlook", "obtenir outlook pour ", "von meinem ",
	"enviado desde mi ", "inviato da ",
}

func isMobileFooter(line string) bool {
	t := strings.ToLower(strings.TrimSpace(line))
	return len(t) <= 80 && hasAnyPrefix(t, mobileFooters)
}

func hasAnyPrefix(s string, prefixes []string) bool {
	for _, p := range prefixes {
		if strings.HasPrefix(s, p) {
			return true
		}
	}
	return false
}

func hasAnySuffix(s string, suffixes []string) bool {
	for _, p := range suffixes {
		if strings.HasSuffix(s, p) {
			return true
		}
	}
	return false
}
