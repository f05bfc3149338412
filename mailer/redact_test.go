package mailer

import (
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
)

func TestRedact(t *testing.T) {
	token := Token([]byte("secret"), 12, 0, 0)
	digest := DigestID(7, token, time.Date(2026, 12, 1, 9, 0, 0, 0, time.UTC), "example.org")
	reply, err := ReplyAddress("games@example.org", 12, token)
	assert.NoError(t, err)
	daddr, err := DigestAddress("games@example.org", 7, token)
	assert.NoError(t, err)
	for _, c := range []struct{ in, want string }{
		{ThreadID(12, token, "example.org"), "pbem.12.redacted.thread@example.org"},
		{reply, "games+12-redacted@example.org"},
		{daddr, "games+digest-7-redacted@example.org"},
		{digest, "pbem.digest.7.redacted.202612010900." + digest[len(digest)-len("0123456789abcdef@example.org"):]},
		{"Re: " + SubjectTag(12, token) + " Amplitude", "Re: [#12-redacted] Amplitude"},
		{"pbem.12.turn.0123456789abcdef@example.org", "pbem.12.turn.0123456789abcdef@example.org"},
		{"CAF=abc123@mail.gmail.com", "CAF=abc123@mail.gmail.com"},
		{"", ""},
	} {
		assert.Equal(t, c.want, Redact(c.in), c.in)
		assert.NotContains(t, Redact(c.in), token)
	}
}
