package mailer

import (
	"crypto/hmac"
	"crypto/sha256"
	"encoding/base32"
	"encoding/binary"
	"fmt"
	"regexp"
	"strconv"
	"strings"
)

// tokenBytes is the token's length before encoding: 96 bits, well over the
// 80 the design asks, in 20 base32 characters.
const tokenBytes = 12

var tokenEncoding = base32.StdEncoding.WithPadding(base32.NoPadding)

// Token is the reply token of a seat in a game, at its generation: an
// HMAC-SHA256 of (game, seat, generation) under the game's secret, kept in
// the database. Knowing a player's address is not enough to move for them:
// the token comes only in the mails sent to that player. A rekey moves the
// seat to the next generation, and the tokens of earlier ones stop working
// (generation 0 is the token of games made before rekeying existed).
func Token(secret []byte, gameID int64, seat, generation int) string {
	parts := [][]byte{number(gameID), number(int64(seat))}
	if generation > 0 {
		parts = append(parts, number(int64(generation)))
	}
	return keyedToken(secret, parts...)
}

// keyedToken is a token made with key: the first tokenBytes of an
// HMAC-SHA256 of parts, one after the other, in lower-case base32.
func keyedToken(key []byte, parts ...[]byte) string {
	mac := hmac.New(sha256.New, key)
	for _, p := range parts {
		mac.Write(p)
	}
	return strings.ToLower(tokenEncoding.EncodeToString(mac.Sum(nil)[:tokenBytes]))
}

// number is n as a token's part: 8 bytes, big-endian.
func number(n int64) []byte { return binary.BigEndian.AppendUint64(nil, uint64(n)) }

// plusAddress is LOCAL+tag@DOMAIN, built from the server's address
// LOCAL@DOMAIN: the shape of every reply address.
func plusAddress(server, tag string) (string, error) {
	local, domain, ok := strings.Cut(server, "@")
	if !ok || local == "" || domain == "" {
		return "", fmt.Errorf("server address %q is not LOCAL@DOMAIN", server)
	}
	return local + "+" + tag + "@" + domain, nil
}

// maxOldGenerations bounds how many earlier generations a token is looked
// up in, to tell a revoked token from a made-up one.
const maxOldGenerations = 64

// SeatOfToken finds the seat whose token is token, comparing in constant
// time. generations are the seats' current generations, in seating order.
// ok is false when no seat's current token matches; revoked then reports
// a token of an earlier generation of seat, which a rekey revoked.
func SeatOfToken(secret []byte, gameID int64, generations []int, token string) (seat int, ok, revoked bool) {
	token = strings.ToLower(token)
	found := -1
	for s, gen := range generations {
		if hmac.Equal([]byte(Token(secret, gameID, s, gen)), []byte(token)) {
			found = s
		}
	}
	if found >= 0 {
		return found, true, false
	}
	for s, gen := range generations {
		for g := max(0, gen-maxOldGenerations); g < gen; g++ {
			if hmac.Equal([]byte(Token(secret, gameID, s, g)), []byte(token)) {
				found = s
			}
		}
	}
	return max(found, 0), false, found >= 0
}

// ReplyAddress is a seat's reply address, LOCAL+<game>-<token>@DOMAIN,
// built from the server's address LOCAL@DOMAIN.
func ReplyAddress(server string, gameID int64, token string) (string, error) {
	return plusAddress(server, fmt.Sprintf("%d-%s", gameID, token))
}

var (
	replyLocal = regexp.MustCompile(`(?i)^[^+@]+\+(\d+)-([a-z2-7]{20})@`)
	threadID   = regexp.MustCompile(`(?i)^pbem\.(\d+)\.([a-z2-7]{20})\.`)
	subjectTag = regexp.MustCompile(`(?i)\[#(\d+)(?:-([a-z2-7]{20}))?\]`)
)

// ParseReplyAddress reads game and token from a reply address.
func ParseReplyAddress(addr string) (gameID int64, token string, ok bool) {
	return readIDToken(replyLocal, addr)
}

// ThreadID is the Message-ID of the first mail a seat receives for a game,
// which every later mail references: it carries the token too, for
// providers that drop the "+" part of addresses.
func ThreadID(gameID int64, token, domain string) string {
	return fmt.Sprintf("pbem.%d.%s.thread@%s", gameID, token, domain)
}

// ParseThreadID reads game and token from a References entry.
func ParseThreadID(id string) (gameID int64, token string, ok bool) {
	return readIDToken(threadID, id)
}

func readIDToken(re *regexp.Regexp, s string) (int64, string, bool) {
	m := re.FindStringSubmatch(strings.TrimSpace(s))
	if m == nil {
		return 0, "", false
	}
	id, err := strconv.ParseInt(m[1], 10, 64)
	if err != nil || id < 1 {
		return 0, "", false
	}
	return id, strings.ToLower(m[2]), true
}

// SubjectTag is the "[#12-TOKEN]" put in every subject: the game, and the
// seat's token for mail providers that keep neither the "+" part of the
// reply address nor the References header.
func SubjectTag(gameID int64, token string) string {
	return fmt.Sprintf("[#%d-%s]", gameID, token)
}

// ParseSubjectTag finds the game and, when present, the token of a
// "[#12-TOKEN]" or "[#12]" tag in a subject.
func ParseSubjectTag(subject string) (gameID int64, token string, ok bool) {
	m := subjectTag.FindStringSubmatch(subject)
	if m == nil {
		return 0, "", false
	}
	id, err := strconv.ParseInt(m[1], 10, 64)
	if err != nil || id < 1 {
		return 0, "", false
	}
	return id, strings.ToLower(m[2]), true
}
