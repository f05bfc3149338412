package parser

import (
	"bufio"
	"strings"
)

// statusGroups reads the body of a delivery-status part: groups of header
// fields separated by blank lines, the first about the message, each later
// one about a recipient. Names are lower-cased; a repeated field keeps its
// first value.
func statusGroups(text string) []map[string]string {
	var groups []map[string]string
	cur := map[string]string{}
	last := ""
	flush := func() {
		if len(cur) > 0 {
			groups = append(groups, cur)
			cur = map[string]string{}
		}
		last = ""
	}
	sc := bufio.NewScanner(strings.NewReader(text))
	sc.Buffer(make([]byte, 0, 4096), maxReportPart)
	for sc.Scan() && len(groups) < maxParts {
		line := strings.TrimRight(sc.Text(), "\r")
		switch {
		case strings.TrimSpace(line) == "":
			flush()
		case line[0] == ' ' || line[0] == '\t':
			if last != "" && len(cur[last]) < maxReportPart {
				cur[last] += " " + strings.TrimSpace(line)
			}
		default:
			name, value, found := strings.Cut(line, ":")
			if !found {
				last = ""
				continue
			}
			name = strings.ToLower(strings.TrimSpace(name))
			if _, seen := cur[name]; !seen {
				cur[name] = strings.TrimSpace(value)
			}
			last = name
		}
	}
	flush()
	return groups
}

// headerFields reads a header block (up to its blank line), unfolded, the
// first value of each field by lower-cased name.
func headerFields(text string) map[string]string {
	fields := map[string]string{}
	last := ""
	for _, line := range strings.Split(text, "\n") {
		line = strings.TrimRight(line, "\r")
		switch {
		case strings.TrimSpace(line) == "":
			return fields
		case line[0] == ' ' || line[0] == '\t':
			if last != "" {
				fields[last] += " " + strings.TrimSpace(line)
			}
		default:
			name, value, found := strings.Cut(line, ":")
			name = strings.ToLower(strings.TrimSpace(name))
			if _, seen := fields[name]; !found || seen {
				last = ""
				continue
			}
			fields[name], last = strings.TrimSpace(value), name
		}
	}
	return fields
}

// idsOf reads the message ids of a header value, as msgIDs does.
func idsOf(v string) []string {
	var out []string
	for _, id := range tolerantIDs(v) {
		id = bestEffortString(strings.TrimSpace(id))
		if id != "" && len(id) <= maxIDLen && !strings.ContainsFunc(id, isSpace) && len(out) < maxIDs {
			out = append(out, id)
		}
	}
	return out
}

func isSpace(r rune) bool { return r == ' ' || r == '\t' || r == '\r' || r == '\n' }

// uniqueIDs keeps the first of each id, in order.
func uniqueIDs(ids []string) []string {
	seen := map[string]bool{}
	out := ids[:0]
	for _, id := range ids {
		if !seen[id] {
			seen[id] = true
			out = append(out, id)
		}
	}
	if len(out) > maxIDs {
		out = out[:maxIDs]
	}
	return out
}

// statusCode is the RFC 3463 code at the start of a Status value
// ("5.1.1 (bad destination mailbox)" gives "5.1.1"), "" when there is none.
func statusCode(v string) string {
	code := statusInText.FindString(v)
	if code == "" || !strings.HasPrefix(strings.TrimSpace(v), code) {
		return ""
	}
	return code
}

// diagnostic is a Diagnostic-Code value without its type ("smtp;"), on
// one line, a multi-line SMTP reply's repeated code and status dropped
// ("550-5.1.1 a 550 5.1.1 b" gives "550 5.1.1 a b"), clipped.
func diagnostic(v string) string {
	if typ, rest, ok := strings.Cut(v, ";"); ok && !strings.ContainsAny(typ, " \t") {
		v = rest
	}
	v = oneLine(v)
	if len(v) < 4 || v[3] != '-' || strings.Trim(v[:3], "0123456789") != "" {
		return v
	}
	code := v[:3]
	status := statusCode(v[4:])
	for _, sep := range []string{"-", " "} {
		v = strings.ReplaceAll(v, " "+strings.TrimSpace(code+sep+status)+" ", " ")
	}
	return code + " " + v[4:]
}

// smtpLine is the first SMTP error reply quoted in a bounce's text, the
// lines continuing it ("550-5.1.1 …" up to "550 5.1.1 …") joined, the
// repeated code and status dropped.
func smtpLine(text string) string {
	m := smtpReply.FindStringSubmatchIndex(text)
	if m == nil {
		return ""
	}
	first := text[m[2]:m[3]]
	code := first[:3]
	head := strings.TrimSpace(first[4:])
	status := statusCode(head)
	parts := []string{head}
	more, rest := first[3] == '-', text[m[3]:]
	for more && len(parts) < 20 {
		rest = strings.TrimPrefix(strings.TrimPrefix(rest, "\r"), "\n")
		next, after, _ := strings.Cut(rest, "\n")
		next = strings.TrimSpace(next)
		if len(next) < 4 || next[:3] != code || next[3] != '-' && next[3] != ' ' {
			break
		}
		part := strings.TrimSpace(next[4:])
		if status != "" {
			part = strings.TrimSpace(strings.TrimPrefix(part, status))
		}
		parts = append(parts, part)
		more, rest = next[3] == '-', after
	}
	return oneLine(code + " " + strings.Join(parts, " "))
}

// wordsAfter is what a report's text says under the failed address
// when its status part gives no diagnostic: Exim's "  ann@example.org" then
// "    Unrouteable address".
func wordsAfter(text, address string) string {
	if address == "" {
		return ""
	}
	lines := strings.Split(text, "\n")
	for i, line := range lines {
		if !strings.EqualFold(strings.Trim(strings.TrimSpace(line), "<>:"), address) {
			continue
		}
		indent := len(line) - len(strings.TrimLeft(line, " \t"))
		var words []string
		for _, next := range lines[i+1 : min(len(lines), i+4)] {
			if strings.TrimSpace(next) == "" || len(next)-len(strings.TrimLeft(next, " \t")) <= indent {
				break
			}
			words = append(words, strings.TrimSpace(next))
		}
		return oneLine(strings.Join(words, " "))
	}
	return ""
}

// typedAddress is the address of an "rfc822; ann@example.net" field.
func typedAddress(v string) string {
	if _, rest, ok := strings.Cut(v, ";"); ok {
		v = rest
	}
	v = strings.Trim(strings.TrimSpace(v), "<>")
	if !strings.Contains(v, "@") || strings.ContainsFunc(v, isSpace) {
		return ""
	}
	return normalizeAddress(bestEffortString(v))
}

// oneLine makes v one printable line of at most maxDiagnostic runes.
func oneLine(v string) string {
	v = strings.Join(strings.Fields(validUTF8(v)), " ")
	v = strings.Map(func(r rune) rune {
		if r < ' ' || r == 0x7f {
			return -1
		}
		return r
	}, v)
	n := 0
	for i := range v {
		if n == maxDiagnostic {
			return v[:i] + "…"
		}
		n++
	}
	return v
}
