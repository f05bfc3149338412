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
		if s := strictAddress(a); s != "" && len(out) < maxAddresses {
			out = append(out, s)
		}
	}
	if len(out) == 0 {
		return tolerantAddresses(v)
	}
	return out
}

// strictAddress is the address RFC 5322 parsing read, as normalizeAddress
// keeps it, with its local part quoted again where it needs quotes: the
// parser hands `"ann@x.org"@y.org` back unquoted, as ann@x.org@y.org, and
// that must stay an address at y.org, never become one at x.org.
func strictAddress(a *mail.Address) string {
	quoted := (&mail.Address{Address: a.Address}).String()
	return normalizeAddress(quoted[1 : len(quoted)-1])
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
// skipped (a quote or a parenthesis never closed is only a separator).
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
			i = closingQuote(v, i)
		case aware && c == '(':
			endToken()
			i = closingParenthesis(v, i)
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

// closingQuote is the index of the quote that closes the quoted string
// opening at v[i], or i when it is never closed.
func closingQuote(v string, i int) int {
	for j := i + 1; j < len(v); j++ {
		switch v[j] {
		case '"':
			return j
		case '\\':
			j++
		}
	}
	return i
}

// closingParenthesis is the index of the parenthesis that closes the
// comment opening at v[i], comments nesting, or i when it is never closed.
func closingParenthesis(v string, i int) int {
	depth := 1
	for j := i + 1; j < len(v); j++ {
		switch v[j] {
		case '(':
			depth++
		case ')':
			if depth--; depth == 0 {
				return j
			}
		case '\\':
			j++
		}
	}
	return i
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
