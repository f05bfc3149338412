package parser

import (
	"bytes"
	"encoding/base64"
	"mime"
	"strings"
	"unicode/utf8"
)

// ownParts reads the text/plain and text/html parts of a mail of the
// shapes the server composes (a single part, or parts nested in
// multiparts; UTF-8 or ASCII; quoted-printable, base64 or none), as the
// general reader (mailParts) reads them, several times cheaper: no
// reader per part, one copy of each text. A reply quotes the server's own
// mail, which is read for every reply that names it (StripSent). ok is
// false for anything else — a header it does not know how to read, a
// charset, a part cut short, flowed text —, which the general reader
// reads.
func ownParts(raw []byte) (text, html *string, ok bool) {
	var p ownPartsReader
	if !p.entity(raw, 0) {
		return nil, nil, false
	}
	return p.text, p.html, true
}

// ownPartsReader holds the parts found so far.
type ownPartsReader struct {
	text, html *string
	parts      int // the leaf parts met
}

// maxOwnDepth bounds the multiparts nested, as the general reader does.
const maxOwnDepth = 8

// entity reads one entity, its header and body, and reports whether it
// had a shape ownParts reads.
func (p *ownPartsReader) entity(raw []byte, depth int) bool {
	if depth > maxOwnDepth {
		return false
	}
	header, body, found := cutHeader(raw)
	if !found || (depth == 0 && len(header) == 0) {
		return false
	}
	var kind, encoding, disposition string
	var params map[string]string
	fields, ok := contentFields(header)
	if !ok {
		return false
	}
	seen := map[string]bool{}
	for _, field := range fields {
		name, value, _ := strings.Cut(field, ":")
		value = strings.TrimSpace(value)
		if key := strings.ToLower(name); strings.HasPrefix(key, "content-") {
			if seen[key] {
				return false // which one counts is the general reader's call
			}
			seen[key] = true
		}
		switch {
		case strings.EqualFold(name, "Content-Type"):
			var err error
			if kind, params, err = mime.ParseMediaType(value); err != nil {
				return false
			}
		case strings.EqualFold(name, "Content-Transfer-Encoding"):
			encoding = strings.ToLower(value)
		case strings.EqualFold(name, "Content-Disposition"):
			disposition, _, _ = mime.ParseMediaType(value)
		}
	}
	if strings.HasPrefix(kind, "multipart/") {
		return p.multipart(body, params["boundary"], depth)
	}
	if p.parts++; p.parts > maxParts {
		return false
	}
	switch {
	case strings.EqualFold(disposition, "attachment"):
		return true // not what the mail says
	case kind == "text/plain" || kind == "text/html" || kind == "":
		if kind == "" {
			kind = "text/plain"
		}
		return p.textPart(kind, params, encoding, body)
	default:
		return true // a picture, or another part no reader shows as text
	}
}

// multipart reads the parts of a multipart body between its boundaries,
// each delimiter line ending in CRLF as the server writes them.
func (p *ownPartsReader) multipart(body []byte, boundary string, depth int) bool {
	if boundary == "" {
		return false
	}
	delim := []byte("\r\n--" + boundary)
	i := bytes.Index(body, delim[2:])
	if i < 0 || (i > 0 && !bytes.HasSuffix(body[:i], []byte("\r\n"))) {
		return false // the first delimiter opens the body or follows a CRLF
	}
	rest := body[i+len(delim)-2:]
	for {
		if bytes.HasPrefix(rest, []byte("--")) {
			return true // the closing delimiter
		}
		nl := bytes.Index(rest, []byte("\r\n"))
		if nl < 0 || len(bytes.Trim(rest[:nl], " \t")) > 0 {
			return false // a line that only starts like a delimiter
		}
		rest = rest[nl+2:]
		end := bytes.Index(rest, delim)
		if end < 0 {
			return false // no closing delimiter: the general reader decides
		}
		if after := rest[end+len(delim):]; !bytes.HasPrefix(after, []byte("--")) && !bytes.HasPrefix(bytes.TrimLeft(after, " \t"), []byte("\r\n")) {
			return false
		}
		if !p.entity(rest[:end], depth+1) {
			return false
		}
		rest = rest[end+len(delim):]
	}
}

// textPart keeps a text part's decoded text, the first of its kind.
func (p *ownPartsReader) textPart(kind string, params map[string]string, encoding string, body []byte) bool {
	if cs := strings.ToLower(params["charset"]); cs != "" && cs != "utf-8" && cs != "us-ascii" {
		return false
	}
	if strings.EqualFold(params["format"], "flowed") {
		return false
	}
	into := &p.text
	if kind == "text/html" {
		into = &p.html
	}
	if *into != nil {
		return true
	}
	var decoded []byte
	switch encoding {
	case "quoted-printable":
		var ok bool
		if decoded, ok = decodeQP(body); !ok {
			return false
		}
	case "base64":
		clean := bytes.Map(func(r rune) rune {
			if r == '\r' || r == '\n' || r == ' ' || r == '\t' {
				return -1
			}
			return r
		}, body)
		decoded = make([]byte, base64.StdEncoding.DecodedLen(len(clean)))
		n, err := base64.StdEncoding.Decode(decoded, clean)
		if err != nil {
			return false
		}
		decoded = decoded[:n]
	case "", "7bit", "8bit":
		decoded = body
	default:
		return false
	}
	if len(decoded) >= maxTextBytes || !utf8.Valid(decoded) {
		return false
	}
	s := string(bytes.ReplaceAll(decoded, []byte("\r\n"), []byte("\n")))
	if kind == "text/plain" && strings.TrimSpace(s) == "" {
		return true // a blank text beside the real HTML
	}
	*into = &s
	return true
}

// cutHeader splits an entity at the blank line that ends its header,
// every line of which ends in CRLF as the server writes them.
func cutHeader(raw []byte) (header, body []byte, found bool) {
	if bytes.HasPrefix(raw, []byte("\r\n")) {
		return nil, raw[2:], true
	}
	i := bytes.Index(raw, []byte("\r\n\r\n"))
	if i < 0 || bytes.Count(raw[:i], []byte("\n")) != bytes.Count(raw[:i], []byte("\r\n")) || bytes.Count(raw[:i], []byte("\r")) != bytes.Count(raw[:i], []byte("\r\n")) {
		return nil, nil, false
	}
	return raw[:i], raw[i+4:], true
}

// contentFields are a header's Content-* fields, each on one line; ok is
// false when a line is neither a field nor a continuation.
func contentFields(header []byte) (fields []string, ok bool) {
	inContent, any := false, false
	for len(header) > 0 {
		line := header
		if i := bytes.Index(header, []byte("\r\n")); i >= 0 {
			line, header = header[:i], header[i+2:]
		} else {
			header = nil
		}
		if len(line) > 0 && (line[0] == ' ' || line[0] == '\t') {
			if !any {
				return nil, false // a continuation of nothing
			}
			if inContent {
				fields[len(fields)-1] += " " + string(bytes.TrimSpace(line))
			}
			continue
		}
		colon := bytes.IndexByte(line, ':')
		if colon <= 0 || !isHeaderField(line) || bytes.ContainsAny(line[:colon], " \t") {
			return nil, false
		}
		any = true
		inContent = len(line) > 8 && strings.EqualFold(string(line[:8]), "content-")
		if inContent {
			fields = append(fields, string(line))
		}
	}
	return fields, true
}

// decodeQP decodes quoted-printable text (RFC 2045) as Go's
// mime/quotedprintable reader does: "=XX" is a byte, "=" at a line's end a
// soft break, spaces at a line's end dropped, a hard break kept as it is
// (LF or CRLF). ok is false where that reader would fail or be lenient
// (an "=" not followed by two hexadecimal digits, a control byte), which
// the general reader reads.
func decodeQP(in []byte) (out []byte, ok bool) {
	out = make([]byte, 0, len(in))
	for len(in) > 0 {
		line, next, hardBreak := in, []byte(nil), false
		if nl := bytes.IndexByte(in, '\n'); nl >= 0 {
			line, next, hardBreak = in[:nl], in[nl+1:], true
		}
		crlf := hardBreak && bytes.HasSuffix(line, []byte("\r"))
		line = bytes.TrimRight(line, " \t\r")
		soft := false
		if n := len(line); n > 0 && line[n-1] == '=' {
			line, soft = line[:n-1], true
			if !hardBreak && len(line) == 0 {
				return nil, false
			}
		}
		for len(line) > 0 {
			plain := 0 // the bytes up to the next "=" or control byte
			for plain < len(line) && line[plain] != '=' && (line[plain] >= ' ' || line[plain] == '\t') && line[plain] != 0x7f {
				plain++
			}
			out, line = append(out, line[:plain]...), line[plain:]
			if len(line) == 0 {
				break
			}
			c := line[0]
			switch {
			case c == '=':
				if len(line) < 3 {
					return nil, false
				}
				hi, lo := unhex(line[1]), unhex(line[2])
				if hi < 0 || lo < 0 {
					return nil, false
				}
				out = append(out, byte(hi<<4|lo))
				line = line[3:]
				continue
			case c < ' ' && c != '\t' && c != '\r', c == 0x7f:
				return nil, false
			}
			out = append(out, c)
			line = line[1:]
		}
		switch {
		case soft:
		case crlf:
			out = append(out, '\r', '\n')
		case hardBreak:
			out = append(out, '\n')
		}
		in = next
	}
	return out, true
}

// unhex is the value of a hexadecimal digit, -1 for another byte.
func unhex(c byte) int {
	switch {
	case '0' <= c && c <= '9':
		return int(c - '0')
	case 'A' <= c && c <= 'F':
		return int(c-'A') + 10
	case 'a' <= c && c <= 'f':
		return int(c-'a') + 10
	}
	return -1
}
