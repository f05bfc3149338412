package parser

import (
	"strings"
	"unicode"

	"github.com/emersion/go-message/mail"
)

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
