package parser

import (
	"html"
	"strings"
)

// HTMLText turns an HTML mail body into plain text for ReplyText, for the
// clients that send no text/plain part. It keeps what a reader sees as
// lines: block elements and <br> break lines, whitespace collapses as a
// browser does (but inside <pre>), entities are decoded and &nbsp; is a
// space. It drops what is not the player's new text: <script>, <style> and
// <title>, every <blockquote>, the quote containers of Gmail
// (class gmail_quote), Thunderbird (moz-cite-prefix), Yahoo and Proton, and
// everything from Outlook's reply header (id divRplyFwdMsg or appendonsend)
// on, since Outlook puts the original after it, not inside it.
//
// It is a small tokenizer over the standard library (golang.org/x/net/html
// is not a dependency of the module): it reads broken HTML as best it can,
// in one pass, and never fails; the result is valid UTF-8 with LF line ends,
// no trailing spaces and no leading or trailing blank lines.
func HTMLText(src string) string {
	src = validUTF8(src)
	c := htmlConverter{atLineStart: true}
	var unclosed map[string]bool // raw-text elements known to have no end tag further on
	for i := 0; i < len(src) && !c.cut; {
		lt := strings.IndexByte(src[i:], '<')
		if lt < 0 {
			c.text(src[i:])
			break
		}
		c.text(src[i : i+lt])
		i += lt
		rest := src[i:]
		switch {
		case strings.HasPrefix(rest, "<!--"):
			i += skipPast(rest, 4, "-->")
		case len(rest) > 1 && (rest[1] == '!' || rest[1] == '?'):
			i += skipPast(rest, 2, ">")
		case len(rest) > 2 && rest[1] == '/' && isASCIILetter(rest[2]):
			name, n := tagName(rest[2:])
			i += skipPast(rest, 2+n, ">")
			c.end(name)
		case len(rest) > 1 && isASCIILetter(rest[1]):
			t, n := parseTag(rest)
			i += n
			c.start(t)
			if rawTextElements[t.name] && !t.selfClosing {
				end := -1
				if !unclosed[t.name] {
					end = indexFold(src[i:], "</"+t.name)
				}
				if end < 0 {
					if unclosed == nil {
						unclosed = map[string]bool{}
					}
					// Later searches would fail too: remember, or many
					// unclosed titles would cost a scan each.
					unclosed[t.name] = true
				}
				switch {
				case end >= 0:
					i += end
				case t.name == "title":
					// An unclosed title would swallow the whole mail.
				default:
					i = len(src)
				}
			}
		default:
			c.text("<")
			i++
		}
	}
	return c.finish()
}

// htmlTag is a start tag, with the attributes the converter looks at.
type htmlTag struct {
	name        string // lower-cased
	class, id   string // lower-cased
	hidden      bool   // the hidden attribute, or a style that hides it
	selfClosing bool
}

var (
	rawTextElements = map[string]bool{"script": true, "style": true, "title": true, "noscript": true, "template": true}
	voidElements    = map[string]bool{
		"area": true, "base": true, "br": true, "col": true, "embed": true, "hr": true, "img": true,
		"input": true, "link": true, "meta": true, "param": true, "source": true, "track": true, "wbr": true,
	}
	blockElements = map[string]bool{
		"address": true, "article": true, "aside": true, "blockquote": true, "body": true, "caption": true,
		"center": true, "dd": true, "details": true, "dialog": true, "dir": true, "div": true, "dl": true,
		"dt": true, "fieldset": true, "figcaption": true, "figure": true, "footer": true, "form": true,
		"h1": true, "h2": true, "h3": true, "h4": true, "h5": true, "h6": true, "header": true, "hr": true,
		"html": true, "li": true, "main": true, "menu": true, "nav": true, "ol": true, "p": true, "pre": true,
		"section": true, "summary": true, "table": true, "tr": true, "ul": true,
	}
	// Quote and signature containers, by class or id, dropped with their
	// content. Gmail's gmail_quote div is not one: players who answer
	// between or below the quotes write inside it, and its blockquotes and
	// its attribution (gmail_attr) go anyway.
	quoteClasses = map[string]bool{
		"gmail_attr": true, "yahoo_quoted": true, "moz-cite-prefix": true, "protonmail_quote": true,
		"zmail_extra": true, "gmail_signature": true, "moz-signature": true, "protonmail_signature_block": true,
		"zmail_signature_below": true,
	}
	quoteIDs = map[string]bool{
		"mail-editor-reference-message-container": true, "qt": true, "signature": true, "x_signature": true,
		"applemailsignature": true, "composer_signature": true, "zm-_id_-sgn": true,
	}
	// Outlook's reply header and the rules of Hotmail and Zimbra: the
	// original follows them, so all is cut there.
	cutIDs = map[string]bool{
		"divrplyfwdmsg": true, "x_divrplyfwdmsg": true, "appendonsend": true, "stopspelling": true, "zwchr": true,
	}
	cutClasses = map[string]bool{"outlookmessageheader": true}
)

// htmlConverter accumulates text with a browser's line and space rules.
type htmlConverter struct {
	out         strings.Builder
	atLineStart bool // nothing written on the current line yet
	space       bool // collapsible whitespace is pending
	pre         int  // depth of <pre>
	skipName    string
	skipDepth   int // > 0 while inside a dropped container named skipName
	cut         bool
}

func (c *htmlConverter) start(t htmlTag) {
	if c.skipDepth > 0 {
		if t.name == c.skipName && !t.selfClosing && !voidElements[t.name] {
			c.skipDepth++
		}
		return
	}
	if cutIDs[t.id] || anyClass(t.class, cutClasses) {
		c.cut = true
		return
	}
	if t.name == "blockquote" || t.hidden || quoteIDs[t.id] || anyClass(t.class, quoteClasses) || yahooQuote(t.class) {
		if blockElements[t.name] {
			c.block() // a hidden span leaves the line it stands in whole
		}
		if !t.selfClosing && !voidElements[t.name] {
			c.skipName, c.skipDepth = t.name, 1
		}
		return
	}
	switch {
	case t.name == "br":
		c.out.WriteByte('\n')
		c.atLineStart, c.space = true, false
	case t.name == "td" || t.name == "th":
		c.space = true
	case blockElements[t.name]:
		c.block()
		if t.name == "pre" && !t.selfClosing {
			c.pre++
		}
	}
}

func (c *htmlConverter) end(name string) {
	if c.skipDepth > 0 {
		if name == c.skipName {
			if c.skipDepth--; c.skipDepth == 0 && blockElements[name] {
				c.block()
			}
		}
		return
	}
	switch {
	case name == "td" || name == "th":
		c.space = true
	case blockElements[name]:
		c.block()
		if name == "pre" && c.pre > 0 {
			c.pre--
		}
	}
}

// block ends the current line, if anything is on it.
func (c *htmlConverter) block() {
	if !c.atLineStart && c.out.Len() > 0 {
		c.out.WriteByte('\n')
	}
	c.atLineStart, c.space = true, false
}

func (c *htmlConverter) text(s string) {
	if c.skipDepth > 0 || c.cut || s == "" {
		return
	}
	if strings.IndexByte(s, '&') >= 0 {
		s = html.UnescapeString(s)
	}
	if c.pre > 0 {
		s = strings.ReplaceAll(s, "\r\n", "\n")
		s = strings.ReplaceAll(s, "\u00a0", " ")
		if s != "" {
			c.out.WriteString(s)
			c.atLineStart = strings.HasSuffix(s, "\n")
			c.space = false
		}
		return
	}
	for _, r := range s {
		switch r {
		case ' ', '\t', '\n', '\r', '\f':
			c.space = true
			continue
		case '\u00a0':
			r = ' '
		}
		if c.space && !c.atLineStart {
			c.out.WriteByte(' ')
		}
		c.space = false
		c.out.WriteRune(r)
		c.atLineStart = false
	}
}

// finish trims trailing spaces from each line and blank lines from both ends.
func (c *htmlConverter) finish() string {
	lines := strings.Split(strings.ReplaceAll(c.out.String(), "\r", ""), "\n")
	for i, l := range lines {
		lines[i] = strings.TrimRight(l, " \t")
	}
	first, last := 0, len(lines)
	for first < last && lines[first] == "" {
		first++
	}
	for last > first && lines[last-1] == "" {
		last--
	}
	return strings.Join(lines[first:last], "\n")
}

func anyClass(class string, set map[string]bool) bool {
	if class == "" {
		return false
	}
	for _, c := range strings.Fields(class) {
		if set[c] {
			return true
		}
	}
	return false
}

func isASCIILetter(b byte) bool { return b|0x20 >= 'a' && b|0x20 <= 'z' }

// skipPast returns the offset just past the first end in s[from:], or
// len(s) when there is none.
func skipPast(s string, from int, end string) int {
	if from > len(s) {
		return len(s)
	}
	if i := strings.Index(s[from:], end); i >= 0 {
		return from + i + len(end)
	}
	return len(s)
}

// tagName reads a tag name, lower-cased, and its length.
func tagName(s string) (string, int) {
	n := 0
	for n < len(s) && !isTagEnd(s[n]) {
		n++
	}
	return strings.ToLower(s[:n]), n
}

func isTagEnd(b byte) bool {
	return b == ' ' || b == '\t' || b == '\n' || b == '\r' || b == '\f' || b == '/' || b == '>'
}

// parseTag reads a start tag at s[0] == '<' and returns it with its length.
func parseTag(s string) (htmlTag, int) {
	var t htmlTag
	name, n := tagName(s[1:])
	t.name = name
	i := 1 + n
	for i < len(s) {
		switch b := s[i]; {
		case b == '>':
			t.selfClosing = s[i-1] == '/'
			return t, i + 1
		case isTagEnd(b):
			i++
			continue
		}
		// An attribute: name, then maybe '=' and a value.
		start := i
		for i < len(s) && !isTagEnd(s[i]) && s[i] != '=' {
			i++
		}
		attr := strings.ToLower(s[start:i])
		for i < len(s) && (s[i] == ' ' || s[i] == '\t' || s[i] == '\n' || s[i] == '\r') {
			i++
		}
		if i >= len(s) || s[i] != '=' {
			t.hidden = t.hidden || attr == "hidden"
			continue
		}
		i++
		for i < len(s) && (s[i] == ' ' || s[i] == '\t' || s[i] == '\n' || s[i] == '\r') {
			i++
		}
		var val string
		if i < len(s) && (s[i] == '"' || s[i] == '\'') {
			q := s[i]
			j := strings.IndexByte(s[i+1:], q)
			if j < 0 {
				return t, len(s)
			}
			val, i = s[i+1:i+1+j], i+1+j+1
		} else {
			start := i
			for i < len(s) && s[i] != '>' && s[i] != ' ' && s[i] != '\t' && s[i] != '\n' && s[i] != '\r' {
				i++
			}
			val = s[start:i]
		}
		switch attr {
		case "class":
			t.class = strings.ToLower(html.UnescapeString(val))
		case "id":
			t.id = strings.ToLower(strings.TrimSpace(html.UnescapeString(val)))
		case "style":
			t.hidden = t.hidden || hidingStyle(val)
		}
	}
	return t, len(s)
}

// hidingStyle reports an inline style that hides an element from the
// reader: display:none, visibility:hidden, or Outlook's mso-hide:all (the
// preheaders and tracking text of HTML mail).
func hidingStyle(style string) bool {
	st := strings.ToLower(html.UnescapeString(style))
	for _, decl := range strings.Split(st, ";") {
		k, v, ok := strings.Cut(decl, ":")
		if !ok {
			continue
		}
		v = strings.TrimSpace(strings.TrimSuffix(strings.TrimSpace(v), "!important"))
		switch strings.TrimSpace(k) {
		case "display":
			if v == "none" {
				return true
			}
		case "visibility":
			if v == "hidden" {
				return true
			}
		case "mso-hide":
			if v == "all" {
				return true
			}
		}
	}
	return false
}

// yahooQuote reports Yahoo's quote container, whose class carries a prefix
// of its own: "ydp2c1f0c3eyahoo_quoted".
func yahooQuote(class string) bool {
	return strings.Contains(class, "yahoo_quoted")
}

// indexFold is strings.Index for an ASCII needle, ignoring ASCII case.
func indexFold(s, needle string) int {
	n := len(needle)
	for i := 0; i+n <= len(s); i++ {
		j := strings.IndexByte(s[i:], '<')
		if j < 0 {
			return -1
		}
		i += j
		if i+n <= len(s) && strings.EqualFold(s[i:i+n], needle) {
			return i
		}
	}
	return -1
}
