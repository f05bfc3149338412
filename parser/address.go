package parser

import (
	"strings"
	"unicode/utf8"

	"golang.org/x/net/idna"
)

// Addresses are compared the way mail compares them: the domain
// case-insensitively in ASCII, in its punycode form when it is an
// internationalised one; the local part case-insensitively in ASCII only.
// No Unicode folding: "\u212Aas@x.test" (a KELVIN SIGN) is not
// "kas@x.test", nor "\u017Fam@x.test" (a LONG S) "sam@x.test", though
// strings.EqualFold says they are. An address whose domain IDNA refuses
// keeps its domain as written, lower-cased in ASCII, and so matches no
// registered one.

// CanonicalAddress is address with its domain in canonical form: ASCII
// lower case, punycode for an internationalised name. The local part is
// kept as written.
func CanonicalAddress(address string) string {
	at := strings.LastIndexByte(address, '@')
	if at < 0 {
		return address
	}
	return address[:at+1] + canonicalDomain(address[at+1:])
}

// canonicalDomain is domain in ASCII lower case, through IDNA's
// registration rules when it is not ASCII.
func canonicalDomain(domain string) string {
	for i := 0; i < len(domain); i++ {
		if domain[i] >= utf8.RuneSelf {
			if a, err := idna.Registration.ToASCII(domain); err == nil {
				return asciiLower(a)
			}
			break
		}
	}
	return asciiLower(domain)
}

// SameAddress reports whether a and b name one mailbox.
func SameAddress(a, b string) bool {
	return asciiEqualFold(CanonicalAddress(a), CanonicalAddress(b))
}

// BaseAddress is address without a "+tag" in its local part, canonical:
// the mailbox that "ann+1@x.org" and "ann+2@x.org" both reach, so that
// rate limits count them as one.
func BaseAddress(address string) string {
	a := CanonicalAddress(address)
	at := strings.LastIndexByte(a, '@')
	if at < 0 {
		return asciiLower(a)
	}
	local := a[:at]
	if plus := strings.IndexByte(local, '+'); plus > 0 {
		local = local[:plus]
	}
	return asciiLower(local) + a[at:]
}

// asciiLower lower-cases the ASCII letters of s, and only those.
func asciiLower(s string) string {
	for i := 0; i < len(s); i++ {
		if 'A' <= s[i] && s[i] <= 'Z' {
			b := []byte(s)
			for j := i; j < len(b); j++ {
				if 'A' <= b[j] && b[j] <= 'Z' {
					b[j] += 'a' - 'A'
				}
			}
			return string(b)
		}
	}
	return s
}

// asciiEqualFold is strings.EqualFold for ASCII letters only.
func asciiEqualFold(a, b string) bool {
	if len(a) != len(b) {
		return false
	}
	for i := 0; i < len(a); i++ {
		x, y := a[i], b[i]
		if 'A' <= x && x <= 'Z' {
			x += 'a' - 'A'
		}
		if 'A' <= y && y <= 'Z' {
			y += 'a' - 'A'
		}
		if x != y {
			return false
		}
	}
	return true
}

// gmailDomains are the domains whose local parts ignore dots:
// "a.n.n@gmail.com" reaches "ann@gmail.com", and googlemail.com is
// gmail.com.
var gmailDomains = map[string]bool{"gmail.com": true, "googlemail.com": true}

// MailboxKey names the mailbox address reaches, for counting what goes to
// it or comes from it: BaseAddress (ASCII case and "+tag" ignored), and
// for Gmail the dots of the local part too, googlemail.com being
// gmail.com. So the caps on mail to one person cannot be dodged by
// writing their address another way.
func MailboxKey(address string) string {
	a := BaseAddress(address)
	at := strings.LastIndexByte(a, '@')
	if at < 0 || !gmailDomains[a[at+1:]] {
		return a
	}
	return strings.ReplaceAll(a[:at], ".", "") + "@gmail.com"
}
