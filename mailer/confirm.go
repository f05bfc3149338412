package mailer

import (
	"crypto/rand"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"regexp"
	"strings"
)

// A confirmation completes what a player asks at the lobby for an address
// (a sign-up, an alias, a sign-off) only when that address answers: its
// mail carries a random token, in its reply address
// LOCAL+confirm-<token>@DOMAIN, in its Message-ID and in its text, so a
// plain reply confirms, and so does "confirm TOKEN" written to the server.
// The server keeps only the token's hash (ConfirmHash).

// NewConfirmToken is a fresh confirmation token: 96 random bits in the
// form of a reply token.
func NewConfirmToken() (string, error) {
	b := make([]byte, tokenBytes)
	if _, err := rand.Read(b); err != nil {
		return "", fmt.Errorf("confirmation token: %w", err)
	}
	return strings.ToLower(tokenEncoding.EncodeToString(b)), nil
}

// ConfirmHash is what the server keeps of a confirmation token: its
// SHA-256, in hex. The token has 96 random bits, so no key is needed.
func ConfirmHash(token string) string {
	sum := sha256.Sum256([]byte(strings.ToLower(strings.TrimSpace(token))))
	return hex.EncodeToString(sum[:])
}

// ConfirmAddress is a confirmation's reply address,
// LOCAL+confirm-<token>@DOMAIN, built from the server's address
// LOCAL@DOMAIN.
func ConfirmAddress(server, token string) (string, error) {
	return plusAddress(server, "confirm-"+token)
}

// ConfirmID is the Message-ID of a confirmation, carrying its token for
// providers that drop the "+" part of addresses but keep References.
func ConfirmID(token, domain string) string {
	return fmt.Sprintf("pbem.confirm.%s@%s", token, domain)
}

var (
	confirmLocal = regexp.MustCompile(`(?i)^[^+@]+\+confirm-([a-z2-7]{20})@`)
	confirmID    = regexp.MustCompile(`(?i)^pbem\.confirm\.([a-z2-7]{20})@`)
)

// ParseConfirmAddress reads the token of a confirmation's reply address.
func ParseConfirmAddress(addr string) (token string, ok bool) {
	return readToken(confirmLocal, addr)
}

// ParseConfirmID reads the token of a References entry naming a
// confirmation.
func ParseConfirmID(id string) (token string, ok bool) {
	return readToken(confirmID, id)
}

func readToken(re *regexp.Regexp, s string) (string, bool) {
	m := re.FindStringSubmatch(strings.TrimSpace(s))
	if m == nil {
		return "", false
	}
	return strings.ToLower(m[1]), true
}
