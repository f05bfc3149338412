package mailer

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestLobbyTokenRoundTrip: a lobby mail's reply address and Message-ID
// carry a token of its recipient's mailbox, which only the server's key
// makes and a rekey (a new generation) changes; neither reads as a
// game's, a digest's or a confirmation's.
func TestLobbyTokenRoundTrip(t *testing.T) {
	key := []byte("0123456789abcdef0123456789abcdef")
	tok := AddressToken(key, "ann@example.org", 0)
	assert.Len(t, tok, 20)
	assert.True(t, ValidAddressToken(key, "ann@example.org", 0, strings.ToUpper(tok)))
	assert.False(t, ValidAddressToken(key, "bob@example.org", 0, tok), "another mailbox's")
	assert.False(t, ValidAddressToken(key, "ann@example.org", 1, tok), "revoked by a rekey")
	assert.False(t, ValidAddressToken([]byte("other"), "ann@example.org", 0, tok))
	assert.NotEqual(t, AddressToken(key, "ann@example.or", 0), AddressToken(key, "ann@example.org", 0))

	addr, err := LobbyAddress("games@example.org", tok)
	require.NoError(t, err)
	assert.Equal(t, "games+lobby-"+tok+"@example.org", addr)
	got, ok := ParseLobbyAddress("Games+Lobby-" + strings.ToUpper(tok) + "@example.org")
	require.True(t, ok)
	assert.Equal(t, tok, got)
	_, _, ok = ParseReplyAddress(addr)
	assert.False(t, ok)
	_, _, ok = ParseDigestAddress(addr)
	assert.False(t, ok)
	_, ok = ParseConfirmAddress(addr)
	assert.False(t, ok)

	id := LobbyID(tok, "example.org")
	assert.NotEqual(t, id, LobbyID(tok, "example.org"), "fresh each time")
	got, ok = ParseLobbyID(id)
	require.True(t, ok)
	assert.Equal(t, tok, got)
	_, _, ok = ParseThreadID(id)
	assert.False(t, ok)
	_, err = LobbyAddress("games", tok)
	assert.Error(t, err)
}
