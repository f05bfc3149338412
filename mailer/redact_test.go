package mailer

import (
	"math/rand/v2"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestRedactEveryShape: each row's example, its token in lower and upper
// case, loses the token and keeps what is around it.
func TestRedactEveryShape(t *testing.T) {
	const base32, base64 = "abcdefghijklmnopqrst", "Xy_9-kQ2mZ7aB3cD4eF5gH"
	for _, s := range tokenShapes {
		token := base32
		if s.token != "" {
			token = base64
		}
		require.Contains(t, s.example, "TOKEN", s.name)
		for _, tok := range []string{token, strings.ToUpper(token)} {
			in := strings.Replace(s.example, "TOKEN", tok, 1)
			assert.Equal(t, strings.Replace(s.example, "TOKEN", Redacted, 1), Redact(in), s.name)
		}
	}
}

// TestRedactMinted: the tokens the mailer's own functions mint, where it
// writes them, are redacted; the server's unsubscribe link is in the
// server's test.
func TestRedactMinted(t *testing.T) {
	const server, domain = "games@example.org", "example.org"
	game := Token([]byte("secret"), 12, 1, 3)
	digest := DigestToken([]byte("key"), 7, 2)
	lobby := AddressToken([]byte("key"), "ann@example.org", 1)
	digestID := DigestID(7, digest, time.Date(2026, 12, 1, 9, 0, 0, 0, time.UTC), domain)
	challenge := ChallengeToken([]byte("key"), 3, 1)
	challengeID := ChallengeID(3, challenge, domain)
	lobbyID := LobbyID(lobby, domain)
	confirm, err := NewConfirmToken()
	require.NoError(t, err)
	must := func(s string, err error) string {
		require.NoError(t, err)
		return s
	}
	for _, c := range []struct{ in, want, token string }{
		{must(ReplyAddress(server, 12, game)), "games+12-redacted@example.org", game},
		{ThreadID(12, game, domain), "pbem.12.redacted.thread@example.org", game},
		{"Re: " + SubjectTag(12, game) + " Amplitude", "Re: [#12-redacted] Amplitude", game},
		{must(DigestAddress(server, 7, digest)), "games+digest-7-redacted@example.org", digest},
		{digestID, strings.Replace(digestID, digest, Redacted, 1), digest},
		{must(ConfirmAddress(server, confirm)), "games+confirm-redacted@example.org", confirm},
		{ConfirmID(confirm, domain), "pbem.confirm.redacted@example.org", confirm},
		{"    confirm " + confirm + "\n", "    confirm redacted\n", confirm},
		{must(ChallengeAddress(server, 3, challenge)), "games+challenge-3-redacted@example.org", challenge},
		{challengeID, strings.Replace(challengeID, challenge, Redacted, 1), challenge},
		{must(LobbyAddress(server, lobby)), "games+lobby-redacted@example.org", lobby},
		{lobbyID, strings.Replace(lobbyID, lobby, Redacted, 1), lobby},
	} {
		assert.Equal(t, c.want, Redact(c.in))
		assert.NotContains(t, strings.ToLower(Redact(strings.ToUpper(c.in))), c.token, "upper case: %s", c.in)
	}
}

// TestRedactKeeps: what is no token stays as it is.
func TestRedactKeeps(t *testing.T) {
	for _, keep := range []string{
		"", "pbem.12.turn.0123456789abcdef@example.org", "CAF=abc123@mail.gmail.com", "games+stop@example.org",
		"confirm needs the token of the confirmation mail", "[#12] Amplitude", "signup: confirmation sent to ann@example.org",
		"https://games.example.org/unsubscribe", "no valid reply token for game 12",
	} {
		assert.Equal(t, keep, Redact(keep))
	}
}

// TestRedactFastPathAgrees: the look that lets most strings through
// without the regular expression never lets a token through: on the
// shapes' examples, on texts around them, and on random texts made of
// the characters tokens and their surroundings are made of, Redact says
// what the regular expression alone says.
func TestRedactFastPathAgrees(t *testing.T) {
	slow := func(s string) string { return tokenInText.ReplaceAllString(s, keepBefore+Redacted) }
	var texts []string
	for _, s := range tokenShapes {
		for _, tok := range []string{"abcdefghij234567klmn", "ABCDEFGHIJ234567KLMN", "abcdefghij234567klm", "aZ9-_x"} {
			texts = append(texts, strings.ReplaceAll(s.example, "TOKEN", tok), "x "+strings.ReplaceAll(s.example, "TOKEN", tok)+" y")
		}
	}
	rng := rand.New(rand.NewPCG(1, 2))
	const alphabet = "abcz27AZ89.+-=?&;t[#]@ \n"
	for range 20000 {
		b := make([]byte, 1+rng.IntN(60))
		for i := range b {
			b[i] = alphabet[rng.IntN(len(alphabet))]
		}
		texts = append(texts, string(b))
	}
	for _, s := range texts {
		require.Equal(t, slow(s), Redact(s), "%q", s)
	}
}

// BenchmarkRedact: a notification's Message-ID, which holds no token
// (most of what the daemon logs), and a thread's, which does.
func BenchmarkRedact(b *testing.B) {
	for _, c := range []struct{ name, s string }{
		{"none", "pbem.4.2.0.c8508867e307dc50@example.test"},
		{"token", "pbem.12.abcdefghij234567klmn.thread@example.org"},
	} {
		b.Run(c.name, func(b *testing.B) {
			for b.Loop() {
				Redact(c.s)
			}
		})
	}
}
