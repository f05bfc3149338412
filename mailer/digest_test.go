package mailer

import (
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestDigestAddressRoundTrip: a digest's reply address and Message-ID
// name the player with their token, which only the server's key makes,
// and neither reads as a game's.
func TestDigestAddressRoundTrip(t *testing.T) {
	key := []byte("0123456789abcdef0123456789abcdef")
	tok := DigestToken(key, 7)
	assert.Len(t, tok, 20)
	assert.NotEqual(t, tok, DigestToken(key, 8))
	assert.NotEqual(t, tok, DigestToken([]byte("other"), 7))
	assert.True(t, ValidDigestToken(key, 7, tok))
	assert.True(t, ValidDigestToken(key, 7, strings.ToUpper(tok)), "in any case")
	assert.False(t, ValidDigestToken(key, 8, tok), "another player's")
	assert.False(t, ValidDigestToken(key, 7, ""))

	addr, err := DigestAddress("pbem@example.org", 7, tok)
	require.NoError(t, err)
	assert.Equal(t, "pbem+digest-7-"+tok+"@example.org", addr)
	id, got, ok := ParseDigestAddress("Pbem+Digest-7-" + tok + "@example.org")
	require.True(t, ok)
	assert.Equal(t, int64(7), id)
	assert.Equal(t, tok, got)
	_, _, ok = ParseReplyAddress(addr)
	assert.False(t, ok, "a digest address names no game")
	_, _, ok = ParseDigestAddress("pbem+7-" + tok + "@example.org")
	assert.False(t, ok, "a game's address is no digest's")
	_, err = DigestAddress("pbem", 7, tok)
	assert.Error(t, err)

	msgID := DigestID(7, tok, time.Date(2026, 12, 2, 8, 30, 0, 0, time.UTC), "example.org")
	assert.Equal(t, "pbem.digest.7."+tok+".202612020830@example.org", msgID)
	id, got, ok = ParseDigestID(msgID)
	require.True(t, ok)
	assert.Equal(t, int64(7), id)
	assert.Equal(t, tok, got)
	_, _, ok = ParseThreadID(msgID)
	assert.False(t, ok, "nor does its Message-ID")
}
