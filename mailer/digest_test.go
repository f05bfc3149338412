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
	tok := DigestToken(key, 7, 0)
	assert.Len(t, tok, 20)
	assert.NotEqual(t, tok, DigestToken(key, 8, 0))
	assert.NotEqual(t, tok, DigestToken([]byte("other"), 7, 0))
	for _, c := range []struct {
		player      int64
		gen         int
		token       string
		ok, revoked bool
	}{
		{7, 0, tok, true, false},
		{7, 0, strings.ToUpper(tok), true, false}, // in any case
		{8, 0, tok, false, false},                 // another player's
		{7, 0, "", false, false},
		{7, 1, tok, false, true}, // a rekey revoked it
		{7, 2, DigestToken(key, 7, 2), true, false},
		{7, 2, DigestToken(key, 7, 1), false, true},
		{7, 1, DigestToken(key, 7, 2), false, false}, // not yet minted: made up
	} {
		ok, revoked := CheckDigestToken(key, c.player, c.gen, c.token)
		assert.Equal(t, c.ok, ok, "%+v", c)
		assert.Equal(t, c.revoked, revoked, "%+v", c)
	}

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

	due := time.Date(2026, 12, 2, 8, 30, 0, 0, time.UTC)
	msgID := DigestID(7, tok, due, "example.org")
	assert.Regexp(t, `^pbem\.digest\.7\.`+tok+`\.202612020830\.[0-9a-f]{16}@example\.org$`, msgID)
	assert.NotEqual(t, msgID, DigestID(7, tok, due, "example.org"), "a digest composed again has an ID of its own")
	id, got, ok = ParseDigestID(msgID)
	require.True(t, ok)
	assert.Equal(t, int64(7), id)
	assert.Equal(t, tok, got)
	_, _, ok = ParseThreadID(msgID)
	assert.False(t, ok, "nor does its Message-ID")
}
