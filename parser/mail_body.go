package parser

import (
	"io"
	"mime"
	"strings"
	"unicode/utf8"

	"github.com/emersion/go-message"
)

// bodyFinder walks the MIME tree in order for the first text/plain part
// that is not an attachment and not blank, remembering the first text/html
// part in case there is none, and whether a delivery report is nested in
// it.
type bodyFinder struct {
	parts  int
	text   *string // the first non-blank text/plain part
	html   *string
	report bool // a delivery report is among the parts, at any depth
	// both keeps looking for the html part once the text is found:
	// MailTexts wants both.
	both bool
}

// find walks e and its parts, up to maxParts; once a text is found the
// parts are still walked, unread, for a delivery report nested anywhere
// (a bounce forwarded, a report inside a mixed mail).
func (f *bodyFinder) find(e *message.Entity, entErr error, depth int) {
	ct := parseContentType(e.Header.Get("Content-Type"))
	if ct.mediaType == "multipart/report" || ct.mediaType == "message/delivery-status" {
		f.report = true
	}
	if mr := e.MultipartReader(); mr != nil {
		if depth >= maxDepth {
			return
		}
		for f.parts < maxParts {
			p, err := mr.NextPart()
			if p == nil || err == io.EOF {
				// A broken multipart ends here; what was read is kept.
				return
			}
			f.find(p, err, depth+1)
		}
		return
	}
	f.parts++
	if f.text != nil && (!f.both || f.html != nil) {
		return
	}
	if d := e.Header.Get("Content-Disposition"); d != "" {
		if disp, _, _ := mime.ParseMediaType(d); strings.EqualFold(disp, "attachment") {
			return
		}
	}
	switch ct.mediaType {
	case "text/plain":
		// Some clients send a blank text/plain beside the real HTML.
		if f.text != nil {
			return
		}
		if s := readText(e, entErr, ct); strings.TrimSpace(s) != "" {
			f.text = &s
		}
	case "text/html":
		if f.html == nil {
			s := readText(e, entErr, ct)
			f.html = &s
		}
	}
}

// contentType is a Content-Type value read leniently: a missing one is
// text/plain (RFC 2045), and a broken parameter must not lose the charset.
type contentType struct {
	mediaType string // lower-cased type/subtype
	params    map[string]string
	strict    bool // the value parsed without error, as go-message reads it
}

func parseContentType(v string) contentType {
	if strings.TrimSpace(v) == "" {
		return contentType{mediaType: "text/plain", strict: true}
	}
	t, params, err := mime.ParseMediaType(v)
	if err == nil {
		return contentType{mediaType: t, params: params, strict: true}
	}
	head, rest, _ := strings.Cut(v, ";")
	if t == "" {
		t = strings.ToLower(strings.TrimSpace(head))
	}
	params = map[string]string{}
	for _, kv := range strings.Split(rest, ";") {
		if k, val, ok := strings.Cut(kv, "="); ok {
			params[strings.ToLower(strings.TrimSpace(k))] = strings.Trim(strings.TrimSpace(val), `"'`)
		}
	}
	return contentType{mediaType: t, params: params}
}

// readText reads a text part to UTF-8 with LF line ends. go-message decodes
// the transfer encoding; it converts the charset only when a charset reader
// is installed, so the conversion is finished here when it did not.
func readText(e *message.Entity, entErr error, ct contentType) string {
	b, _ := io.ReadAll(io.LimitReader(e.Body, maxTextBytes))
	if len(b) == maxTextBytes {
		b = trimPartialRune(b)
	}
	label := normCharset(ct.params["charset"])
	converted := ct.strict && charsetLabels[label] != charsetUTF8 && !message.IsUnknownCharset(entErr)
	var s string
	if converted {
		s = validUTF8(string(b))
	} else {
		s = decodeCharset(label, b)
	}
	if strings.Contains(s, "\r\n") {
		s = strings.ReplaceAll(s, "\r\n", "\n")
	}
	if strings.EqualFold(ct.params["format"], "flowed") {
		s = unflow(s, strings.EqualFold(ct.params["delsp"], "yes"))
	}
	return s
}

// trimPartialRune drops the bytes of a rune cut by the read limit, so that a
// cut UTF-8 text is not taken for another charset.
func trimPartialRune(b []byte) []byte {
	for i := 1; i < utf8.UTFMax && i <= len(b); i++ {
		if utf8.RuneStart(b[len(b)-i]) {
			if !utf8.FullRune(b[len(b)-i:]) {
				return b[:len(b)-i]
			}
			break
		}
	}
	return b
}

// unflow joins the soft line breaks of format=flowed text (RFC 3676), which
// Thunderbird and Apple Mail send: a long "say" line must reach the command
// reader as one line. A line ending in a space continues on the next line of
// the same quote depth; the "-- " signature separator neither continues nor
// is continued.
func unflow(s string, delSp bool) string {
	lines := strings.Split(s, "\n")
	out := make([]string, 0, len(lines))
	var cur strings.Builder
	curDepth, open := 0, false
	flush := func() {
		if open {
			out = append(out, strings.Repeat(">", curDepth)+sep(curDepth)+cur.String())
			cur.Reset()
			open = false
		}
	}
	for _, line := range lines {
		depth := 0
		for depth < len(line) && line[depth] == '>' {
			depth++
		}
		content := strings.TrimPrefix(line[depth:], " ")
		if open && (depth != curDepth || content == "-- ") {
			flush()
		}
		if !open {
			curDepth, open = depth, true
		}
		flowed := strings.HasSuffix(content, " ") && content != "-- "
		if flowed && delSp {
			content = content[:len(content)-1]
		}
		cur.WriteString(content)
		if !flowed {
			flush()
		}
	}
	flush()
	return strings.Join(out, "\n")
}

func sep(depth int) string {
	if depth > 0 {
		return " "
	}
	return ""
}
