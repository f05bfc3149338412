package parser

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"mime"
	"strings"
	"time"
	"unicode"
	"unicode/utf8"

	"github.com/emersion/go-message"
	"github.com/emersion/go-message/mail"
)

// Mail is an inbound mail as the server reads it: the few header fields that
// decide who sent it, which game and move it answers and whether it may be
// answered at all, and the text the player wrote. Every string is valid
// UTF-8, so it can be stored, logged and quoted back without more checks.
type Mail struct {
	// MessageID, without <>, records the mail exactly once; "" when the mail
	// has none (the server then uses a hash of the bytes).
	MessageID string
	// From is the sender's bare address with its domain lower-cased (domains
	// are case-insensitive, local parts in principle are not); "" when no
	// address could be read. Only the first of several is kept: it is the
	// one the player's client shows and the one a reply goes to.
	From string
	// ReturnPath is the envelope sender from Return-Path, without <>. The
	// null sender "<>" of bounces gives "" with HasReturnPath true, which
	// tells it apart from a mail whose Return-Path was never added.
	ReturnPath    string
	HasReturnPath bool
	// To and Cc are bare addresses: the reply address, which carries the
	// game's token, may be in either.
	To, Cc []string
	// Subject is decoded from RFC 2047; it may carry the game's [#id] tag.
	Subject string
	// InReplyTo and References, without <>, thread the mail to the game's
	// mails, whose Message-IDs carry the token too.
	InReplyTo  string
	References []string
	// Date is the sender's claim, zero when missing or unreadable: for
	// display only, never for deadlines.
	Date time.Time
	// Text is the new text the player wrote (see ReplyText), from the
	// first text/plain part or else the first text/html part.
	Text string
	// Automatic says why the mail was sent by a program and must get no
	// answer (auto-replies, bounces, lists), "" for a human mail.
	Automatic string
	// AuthResults are the mail's Authentication-Results fields, topmost
	// first: what the receiving servers found of its sender.
	AuthResults []AuthResults
}

// Limits that bound the work on a huge or hostile mail. The caller caps the
// mail's size; these keep a mail under that cap from costing more than a
// reading of its bytes.
const (
	maxTextBytes = 1 << 20 // bytes of the chosen body part that are read
	maxParts     = 100     // MIME parts looked at
	maxDepth     = 10      // multipart nesting
	maxAddresses = 100     // addresses kept per header
	maxIDs       = 100     // message ids kept from References
	maxIDLen     = 998     // a message id longer than a header line is junk
)

var errNoHeader = errors.New("no header fields")

// ReadMail reads one raw RFC 5322 mail. It is lenient where mail in the wild
// is broken (unknown charsets and transfer encodings, malformed addresses and
// message ids, stray lines in the header, an mbox "From " line, LF line
// ends) because a player's move must not be lost to their client's bugs; it
// returns an error only when no header field at all can be read, and the
// server then records the mail as rejected. The text is the first text/plain
// part that is neither an attachment nor blank, else the first text/html
// part through HTMLText, then through ReplyText. It never panics, and the
// work stays about linear in the size of raw, which the caller caps.
func ReadMail(raw []byte) (Mail, error) {
	e, entErr, err := readEntity(raw)
	if err != nil {
		return Mail{}, fmt.Errorf("read mail: %w", err)
	}
	h := &mail.Header{Header: e.Header}
	var m Mail
	m.MessageID = firstID(h, "Message-Id")
	if from := addressList(h, "From"); len(from) > 0 {
		m.From = from[0]
	}
	m.To = addressList(h, "To")
	m.Cc = addressList(h, "Cc")
	m.ReturnPath, m.HasReturnPath = returnPath(h)
	m.Subject = subject(h)
	m.InReplyTo = firstID(h, "In-Reply-To")
	m.References = msgIDs(h, "References")
	m.Date = date(h)
	m.Automatic = automaticReason(h, m.From)
	m.AuthResults = ReadAuthResults(h.Values("Authentication-Results"))

	var f bodyFinder
	f.find(e, entErr, 0)
	var body string
	switch {
	case f.text != nil:
		body = *f.text
	case f.html != nil:
		body = HTMLText(*f.html)
	}
	if f.report && m.Automatic == "" {
		m.Automatic = "delivery report (multipart/report inside the mail)"
	}
	m.Text = ReplyText(body)
	return m, nil
}

// readEntity reads the header, and on a header go-message refuses (a stray
// line, a first line that is a continuation, no blank line before the body)
// tries once more with the header repaired. entErr is go-message's
// non-fatal complaint about the body's charset or transfer encoding.
func readEntity(raw []byte) (e *message.Entity, entErr, err error) {
	if bytes.HasPrefix(raw, []byte("From ")) {
		// The mbox envelope line an MTA pipe may put first.
		if i := bytes.IndexByte(raw, '\n'); i >= 0 {
			raw = raw[i+1:]
		} else {
			raw = nil
		}
	}
	e, err = message.Read(bytes.NewReader(raw))
	if e != nil && e.Header.Len() > 0 {
		return e, err, nil
	}
	e2, err2 := message.Read(bytes.NewReader(repairHeader(raw)))
	if e2 != nil && e2.Header.Len() > 0 {
		return e2, err2, nil
	}
	if e != nil || err == nil || errors.Is(err, io.EOF) {
		err = errNoHeader
	}
	return nil, nil, err
}

// repairHeader keeps, from the header block, only the lines that are
// "Name: value" fields or their continuations, and ends the block with a
// blank line; the body is left as it is.
func repairHeader(raw []byte) []byte {
	raw = bytes.TrimLeft(raw, "\r\n")
	var out bytes.Buffer
	out.Grow(len(raw) + 4)
	kept := false
	for len(raw) > 0 {
		line := raw
		next := []byte(nil)
		if i := bytes.IndexByte(raw, '\n'); i >= 0 {
			line, next = raw[:i+1], raw[i+1:]
		}
		content := bytes.TrimRight(line, "\r\n")
		if len(content) == 0 {
			break
		}
		raw = next
		switch {
		case content[0] == ' ' || content[0] == '\t':
			if !kept {
				continue
			}
		case isHeaderField(content):
			kept = true
		default:
			kept = false
			continue
		}
		out.Write(content)
		out.WriteString("\r\n")
	}
	out.WriteString("\r\n")
	raw = bytes.TrimPrefix(raw, []byte("\r"))
	raw = bytes.TrimPrefix(raw, []byte("\n"))
	out.Write(raw)
	return out.Bytes()
}

// isHeaderField reports whether line starts with a valid field name and a
// colon (RFC 5322: printable ASCII but the colon).
func isHeaderField(line []byte) bool {
	i := bytes.IndexByte(line, ':')
	if i <= 0 {
		return false
	}
	name := bytes.TrimRight(line[:i], " \t")
	if len(name) == 0 {
		return false
	}
	for _, c := range name {
		if c < 33 || c > 126 {
			return false
		}
	}
	return true
}

// bodyFinder walks the MIME tree in order for the first text/plain part
// that is not an attachment and not blank, remembering the first text/html
// part in case there is none, and whether a delivery report is nested in
// it.
type bodyFinder struct {
	parts  int
	text   *string // the first non-blank text/plain part
	html   *string
	report bool // a delivery report is among the parts, at any depth
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
	if f.text != nil {
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

// date reads the Date field, trying the one layout nearly every client
// writes before net/mail's slower list of obsolete forms.
func date(h *mail.Header) time.Time {
	v := strings.TrimSpace(h.Get("Date"))
	if v == "" {
		return time.Time{}
	}
	if d, err := time.Parse(time.RFC1123Z, v); err == nil {
		return d
	}
	if d, err := h.Date(); err == nil {
		return d
	}
	return time.Time{}
}

// subject decodes RFC 2047 words with the package's charset rules; a value
// that cannot be decoded is kept raw rather than lost.
func subject(h *mail.Header) string {
	raw := h.Get("Subject")
	dec := mime.WordDecoder{CharsetReader: wordCharsetReader}
	s, err := dec.DecodeHeader(raw)
	if err != nil {
		s = raw
	}
	return bestEffortString(s)
}

// returnPath reads the envelope sender. Return-Path is added by the final
// MTA on delivery, so the first field is the one that counts.
func returnPath(h *mail.Header) (string, bool) {
	if !h.Has("Return-Path") {
		return "", false
	}
	v := strings.TrimSpace(h.Get("Return-Path"))
	if strings.HasPrefix(v, "<") {
		v = v[1:]
		if i := strings.IndexByte(v, '>'); i >= 0 {
			v = v[:i]
		}
	}
	return bestEffortString(strings.TrimSpace(v)), true
}

// addressList reads an address header with go-message (RFC 5322), falling
// back to tolerantAddresses for the broken headers real clients send.
func addressList(h *mail.Header, key string) []string {
	v := h.Get(key)
	if strings.TrimSpace(v) == "" {
		return nil
	}
	list, err := h.AddressList(key)
	if err != nil {
		return tolerantAddresses(v)
	}
	var out []string
	for _, a := range list {
		if s := normalizeAddress(a.Address); s != "" && len(out) < maxAddresses {
			out = append(out, s)
		}
	}
	if len(out) == 0 {
		return tolerantAddresses(v)
	}
	return out
}

// tolerantAddresses finds the addresses in a header that RFC 5322 parsing
// refused: an unquoted comma or an 8-bit byte in the display name, a
// missing bracket. Addresses in angle brackets win, as the display name
// may itself look like an address; bare tokens with an '@' come next; text
// inside quotes and comments is looked at only when nothing else is found.
func tolerantAddresses(v string) []string {
	v = bestEffortString(v)
	for _, aware := range []bool{true, false} {
		bracketed, bare := scanAddresses(v, aware)
		if len(bracketed) > 0 {
			return bracketed
		}
		if len(bare) > 0 {
			return bare
		}
	}
	return nil
}

// scanAddresses splits v into the addresses in angle brackets and the bare
// tokens that are addresses; with aware, quoted strings and comments are
// skipped.
func scanAddresses(v string, aware bool) (bracketed, bare []string) {
	var tok strings.Builder
	endToken := func() {
		if a := normalizeAddress(tok.String()); a != "" && len(bare) < maxAddresses {
			bare = append(bare, a)
		}
		tok.Reset()
	}
	for i := 0; i < len(v); i++ {
		c := v[i]
		switch {
		case aware && c == '"':
			endToken()
			for i++; i < len(v) && v[i] != '"'; i++ {
				if v[i] == '\\' {
					i++
				}
			}
		case aware && c == '(':
			endToken()
			for depth := 1; i+1 < len(v) && depth > 0; {
				i++
				switch v[i] {
				case '(':
					depth++
				case ')':
					depth--
				case '\\':
					i++
				}
			}
		case c == '<':
			endToken()
			j := strings.IndexByte(v[i+1:], '>')
			if j < 0 {
				j = len(v) - i - 1
			}
			if a := normalizeAddress(v[i+1 : i+1+j]); a != "" && len(bracketed) < maxAddresses {
				bracketed = append(bracketed, a)
			}
			i += j + 1
		case isAddressSeparator(rune(c)):
			endToken()
		default:
			tok.WriteByte(c)
		}
	}
	endToken()
	return bracketed, bare
}

func isAddressSeparator(r rune) bool {
	switch r {
	case ',', ';', '"', '\'', '(', ')', '<', '>', '[', ']':
		return true
	}
	return unicode.IsSpace(r)
}

// normalizeAddress returns s as a bare address with its domain canonical
// (CanonicalAddress), or "" when s is not one: a local part, an '@' and a
// domain, with no space, control character or bracket, at most 254 bytes
// (RFC 5321).
func normalizeAddress(s string) string {
	s = strings.TrimSpace(s)
	s = strings.TrimPrefix(s, "mailto:")
	s = strings.TrimRight(s, ".:")
	at := strings.LastIndexByte(s, '@')
	if at <= 0 || at == len(s)-1 || len(s) > 254 || !utf8.ValidString(s) {
		return ""
	}
	if strings.IndexByte(s, '@') != at && !strings.HasPrefix(s, `"`) {
		// Only a quoted local part may hold an '@'.
		return ""
	}
	for _, r := range s {
		if r <= ' ' || r == 0x7f || r == utf8.RuneError || strings.ContainsRune("<>()[],;\\", r) {
			return ""
		}
	}
	domain := s[at+1:]
	if strings.ContainsRune(domain, '@') || strings.HasPrefix(domain, ".") {
		return ""
	}
	return s[:at+1] + canonicalDomain(domain)
}

// firstID is the first message id of a header, "" when it has none.
func firstID(h *mail.Header, key string) string {
	if ids := msgIDs(h, key); len(ids) > 0 {
		return ids[0]
	}
	return ""
}

// msgIDs reads a list of message ids without <>, with go-message, falling
// back to tolerantIDs for what it refuses. In-Reply-To often carries a
// comment ("<id> (Alice's message of …)"); go-message builds comments a byte
// at a time, quadratic on a long one, so a value with a comment, or a very
// long one, goes to the tolerant reading at once.
func msgIDs(h *mail.Header, key string) []string {
	v := h.Get(key)
	if strings.TrimSpace(v) == "" {
		return nil
	}
	var ids []string
	if strings.IndexByte(v, '(') < 0 && len(v) <= 4*maxIDLen {
		if key == "Message-Id" {
			if id, err := h.MessageID(); err == nil {
				ids = []string{id}
			}
		} else if l, err := h.MsgIDList(key); err == nil {
			ids = l
		}
	}
	if len(ids) == 0 {
		ids = tolerantIDs(v)
	}
	out := ids[:0]
	for _, id := range ids {
		id = bestEffortString(strings.TrimSpace(id))
		if id != "" && len(id) <= maxIDLen && !strings.ContainsFunc(id, unicode.IsSpace) && len(out) < maxIDs {
			out = append(out, id)
		}
	}
	if len(out) == 0 {
		return nil
	}
	return out
}

// tolerantIDs finds the message ids of a header go-message refused: what
// sits between angle brackets outside comments, else the bare tokens with an
// '@', else the whole value when it is a single token.
func tolerantIDs(v string) []string {
	v = stripComments(v)
	var ids []string
	rest := v
	for len(ids) < maxIDs {
		i := strings.IndexByte(rest, '<')
		if i < 0 {
			break
		}
		j := strings.IndexByte(rest[i+1:], '>')
		if j < 0 {
			break
		}
		if id := strings.TrimSpace(rest[i+1 : i+1+j]); id != "" {
			ids = append(ids, id)
		}
		rest = rest[i+1+j+1:]
	}
	if len(ids) > 0 {
		return ids
	}
	for _, f := range strings.FieldsFunc(v, func(r rune) bool { return r == ',' || unicode.IsSpace(r) }) {
		if strings.Contains(f, "@") && len(ids) < maxIDs {
			ids = append(ids, strings.Trim(f, "<>"))
		}
	}
	if len(ids) == 0 {
		if f := strings.TrimSpace(v); f != "" && !strings.ContainsFunc(f, unicode.IsSpace) {
			ids = append(ids, strings.Trim(f, "<>"))
		}
	}
	return ids
}

// stripComments removes the parenthesized comments of a header value,
// nested or not, escaped characters included, in one pass.
func stripComments(v string) string {
	if strings.IndexByte(v, '(') < 0 {
		return v
	}
	var b strings.Builder
	depth := 0
	for i := 0; i < len(v); i++ {
		switch c := v[i]; {
		case c == '\\' && depth > 0:
			i++
		case c == '(':
			depth++
		case c == ')' && depth > 0:
			depth--
			if depth == 0 {
				b.WriteByte(' ')
			}
		case depth == 0:
			b.WriteByte(c)
		}
	}
	return b.String()
}
