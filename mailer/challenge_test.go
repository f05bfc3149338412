package mailer

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestChallengeAddressRoundTrip: a challenge's reply address and
// Message-ID name the challenge with a seat's token, which only the
// server's key makes and which says the seat; neither reads as a game's
// or a digest's.
func TestChallengeAddressRoundTrip(t *testing.T) {
	key := []byte("0123456789abcdef0123456789abcdef")
	tok := ChallengeToken(key, 3, 1)
	assert.Len(t, tok, 20)
	assert.NotEqual(t, tok, ChallengeToken(key, 3, 2), "another seat's")
	assert.NotEqual(t, tok, ChallengeToken(key, 4, 1), "another challenge's")
	assert.NotEqual(t, tok, ChallengeToken([]byte("other"), 3, 1), "another server's")
	assert.NotEqual(t, tok, DigestToken(key, 3, 0), "a digest's")

	for _, tc := range []struct {
		name  string
		id    int64
		seats int
		token string
		seat  int
		ok    bool
	}{
		{"the seat's own", 3, 3, tok, 1, true},
		{"in capitals", 3, 3, strings.ToUpper(tok), 1, true},
		{"a wrong one", 3, 3, "aaaaaaaaaaaaaaaaaaaa", 0, false},
		{"another challenge's", 4, 3, tok, 0, false},
		{"a seat beyond the table", 3, 1, tok, 0, false},
		{"none", 3, 3, "", 0, false},
	} {
		seat, ok := ChallengeSeatOf(key, tc.id, tc.seats, tc.token)
		assert.Equal(t, tc.ok, ok, tc.name)
		assert.Equal(t, tc.seat, seat, tc.name)
	}

	addr, err := ChallengeAddress("pbem@example.org", 3, tok)
	require.NoError(t, err)
	assert.Equal(t, "pbem+challenge-3-"+tok+"@example.org", addr)
	id, got, ok := ParseChallengeAddress("PBEM+Challenge-3-" + tok + "@example.org")
	require.True(t, ok)
	assert.Equal(t, int64(3), id)
	assert.Equal(t, tok, got)
	_, _, ok = ParseReplyAddress(addr)
	assert.False(t, ok, "a challenge's address names no game")
	_, _, ok = ParseDigestAddress(addr)
	assert.False(t, ok, "nor a digest")
	_, err = ChallengeAddress("pbem", 3, tok)
	assert.Error(t, err)

	msgID := ChallengeID(3, tok, "example.org")
	id, got, ok = ParseChallengeID(msgID)
	require.True(t, ok)
	assert.Equal(t, int64(3), id)
	assert.Equal(t, tok, got)
	_, _, ok = ParseThreadID(msgID)
	assert.False(t, ok, "nor does its Message-ID")
	assert.NotEqual(t, msgID, ChallengeID(3, tok, "example.org"), "each invitation's ID is its own")
	id, got, ok = ParseChallengeID("pbem.challenge.3." + tok + "@example.org")
	require.True(t, ok, "the invitations sent before IDs were fresh")
	assert.Equal(t, int64(3), id)
	assert.Equal(t, tok, got)
}
