package mailer

import (
	"crypto/hmac"
	"fmt"
	"regexp"
	"strings"
)

// A challenge's invitation names a seat of a game not yet started, so its
// reply address names the challenge: LOCAL+challenge-<id>-<token>@DOMAIN,
// the token an HMAC of (challenge, seat) under a key of the server's, so
// that a reply accepting or declining is authenticated as a reply to a
// turn mail is, and says which seat it answers.

// ChallengeToken is the token of seat of challenge id: an HMAC-SHA256
// under the server's challenge key, in the form of a reply token.
func ChallengeToken(key []byte, id int64, seat int) string {
	return keyedToken(key, []byte("challenge"), number(id), number(int64(seat)))
}

// ChallengeSeatOf is the seat of challenge id, among seats, whose token
// is token, comparing in constant time; ok is false when none.
func ChallengeSeatOf(key []byte, id int64, seats int, token string) (seat int, ok bool) {
	for i := 0; i < seats; i++ {
		if hmac.Equal([]byte(ChallengeToken(key, id, i)), []byte(strings.ToLower(token))) {
			return i, true
		}
	}
	return 0, false
}

// ChallengeAddress is a seat's reply address for a challenge,
// LOCAL+challenge-<id>-<token>@DOMAIN, built from the server's address.
func ChallengeAddress(server string, id int64, token string) (string, error) {
	return plusAddress(server, fmt.Sprintf("challenge-%d-%s", id, token))
}

// ChallengeID is a fresh Message-ID for a seat's invitation to a
// challenge, carrying the token for providers that drop the "+" part of
// addresses but keep References.
func ChallengeID(id int64, token, domain string) string {
	return NewMessageID(domain, "challenge", id, token)
}

var (
	challengeLocal = regexp.MustCompile(`(?i)^[^+@]+\+challenge-(\d+)-([a-z2-7]{20})@`)
	challengeID    = regexp.MustCompile(`(?i)^pbem\.challenge\.(\d+)\.([a-z2-7]{20})[.@]`)
)

// ParseChallengeAddress reads challenge and token from a challenge reply
// address.
func ParseChallengeAddress(addr string) (id int64, token string, ok bool) {
	return readIDToken(challengeLocal, addr)
}

// ParseChallengeID reads challenge and token from a References entry
// naming a challenge's invitation.
func ParseChallengeID(ref string) (id int64, token string, ok bool) {
	return readIDToken(challengeID, ref)
}
