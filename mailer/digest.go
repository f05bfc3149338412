package mailer

import (
	"crypto/hmac"
	"fmt"
	"regexp"
	"strings"
	"time"
)

// A digest lists a player's games in one mail, so its reply address names
// the player rather than a game: LOCAL+digest-<player>-<token>@DOMAIN. The
// token is an HMAC of the player's ID under a key of the server's, so that
// a reply to the digest is authenticated as a reply to a turn mail is:
// knowing a player's address is not enough to move for them.

// DigestToken is the digest token of a player at a token generation
// (store.Player.TokenGen): an HMAC-SHA256 of their ID and generation under
// the server's digest key, in the form of a reply token. Generation 0 is
// the token of the digests sent before generations existed.
func DigestToken(key []byte, playerID int64, generation int) string {
	parts := [][]byte{[]byte("digest"), number(playerID)}
	if generation > 0 {
		parts = append(parts, number(int64(generation)))
	}
	return keyedToken(key, parts...)
}

// CheckDigestToken compares token, in constant time, with player
// playerID's digest token at their current generation: ok when it is that
// one, revoked when it is one of an earlier generation, which a rekey
// ended.
func CheckDigestToken(key []byte, playerID int64, generation int, token string) (ok, revoked bool) {
	token = strings.ToLower(token)
	if hmac.Equal([]byte(DigestToken(key, playerID, generation)), []byte(token)) {
		return true, false
	}
	for g := max(0, generation-maxOldGenerations); g < generation; g++ {
		if hmac.Equal([]byte(DigestToken(key, playerID, g)), []byte(token)) {
			revoked = true
		}
	}
	return false, revoked
}

// DigestAddress is a player's digest reply address,
// LOCAL+digest-<player>-<token>@DOMAIN, built from the server's address
// LOCAL@DOMAIN.
func DigestAddress(server string, playerID int64, token string) (string, error) {
	return plusAddress(server, fmt.Sprintf("digest-%d-%s", playerID, token))
}

// DigestID is a fresh Message-ID for a player's digest due at due,
// carrying the token, for providers that drop the "+" part of addresses
// but keep References.
func DigestID(playerID int64, token string, due time.Time, domain string) string {
	return NewMessageID(domain, "digest", playerID, token, due.UTC().Format("200601021504"))
}

var (
	digestLocal = regexp.MustCompile(`(?i)^[^+@]+\+digest-(\d+)-([a-z2-7]{20})@`)
	digestID    = regexp.MustCompile(`(?i)^pbem\.digest\.(\d+)\.([a-z2-7]{20})\.`)
)

// ParseDigestAddress reads player and token from a digest reply address.
func ParseDigestAddress(addr string) (playerID int64, token string, ok bool) {
	return readIDToken(digestLocal, addr)
}

// ParseDigestID reads player and token from a References entry naming a
// digest.
func ParseDigestID(id string) (playerID int64, token string, ok bool) {
	return readIDToken(digestID, id)
}
