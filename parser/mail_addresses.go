package parser

import (
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/emersion/go-message/mail"
)

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
