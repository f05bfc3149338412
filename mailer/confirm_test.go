package mailer

import (
	"regexp"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestConfirmAddressRoundTrip: a confirmation's reply address and
// Message-ID give back its token; other addresses give none.
func TestConfirmAddressRoundTrip(t *testing.T) {
	token, err := NewConfirmToken()
	require.NoError(t, err)
	assert.Regexp(t, `^[a-z2-7]{20}$`, token)
	addr, err := ConfirmAddress("games@example.org", token)
	require.NoError(t, err)
	assert.Equal(t, "games+confirm-"+token+"@example.org", addr)
	got, ok := ParseConfirmAddress(addr)
	assert.True(t, ok)
	assert.Equal(t, token, got)
	got, ok = ParseConfirmID(ConfirmID(token, "example.org"))
	assert.True(t, ok)
	assert.Equal(t, token, got)
	for _, other := range []string{"games@example.org", "games+12-" + token + "@example.org", "games+confirm-short@example.org"} {
		_, ok := ParseConfirmAddress(other)
		assert.False(t, ok, other)
	}
	_, err = ConfirmAddress("nodomain", token)
	assert.Error(t, err)
	assert.Equal(t, ConfirmHash(token), ConfirmHash(" "+token+" "), "the hash ignores case and blanks")
	assert.NotEqual(t, ConfirmHash(token), token)
}

// FuzzParseConfirmAddress: the readers of confirmation addresses and
// Message-IDs take whatever a mail carries; they never panic, and what
// they accept is a well-formed, lower-case token.
func FuzzParseConfirmAddress(f *testing.F) {
	for _, s := range []string{"pbem+confirm-aaaaaaaaaaaaaaaaaaaa@example.org", "pbem.confirm.AAAAAAAAAAAAAAAAAAAA@example.org",
		"pbem+confirm-@x", "pbem+12-aaaaaaaaaaaaaaaaaaaa@x", "+confirm-aaaaaaaaaaaaaaaaaaaa@"} {
		f.Add(s)
	}
	wellFormed := regexp.MustCompile(`^[a-z2-7]{20}$`)
	f.Fuzz(func(t *testing.T, s string) {
		for _, parse := range []func(string) (string, bool){ParseConfirmAddress, ParseConfirmID} {
			token, ok := parse(s)
			if ok && !wellFormed.MatchString(token) {
				t.Fatalf("%q: token %q accepted", s, token)
			}
		}
	})
}
