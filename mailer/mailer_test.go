package mailer

import (
	"bytes"
	"io"
	"strings"
	"testing"
	"time"

	"github.com/emersion/go-message/mail"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestTokenRoundTrip(t *testing.T) {
	secret := []byte("0123456789abcdef0123456789abcdef")
	tok := Token(secret, 12, 1, 0)
	assert.Len(t, tok, 20)
	assert.NotEqual(t, tok, Token(secret, 12, 0, 0))
	assert.NotEqual(t, tok, Token(secret, 13, 1, 0))
	assert.NotEqual(t, tok, Token([]byte("other"), 12, 1, 0))
	assert.NotEqual(t, tok, Token(secret, 12, 1, 1), "a rekey changes the token")

	seat, ok, _ := SeatOfToken(secret, 12, []int{0, 0, 0}, strings.ToUpper(tok))
	require.True(t, ok)
	assert.Equal(t, 1, seat)
	_, ok, revoked := SeatOfToken(secret, 13, []int{0, 0, 0}, tok)
	assert.False(t, ok, "another game's token names no seat")
	assert.False(t, revoked)
	seat, ok, revoked = SeatOfToken(secret, 12, []int{0, 2, 0}, tok)
	assert.False(t, ok, "seat 1 was rekeyed twice")
	assert.True(t, revoked)
	assert.Equal(t, 1, seat)
	seat, ok, _ = SeatOfToken(secret, 12, []int{0, 2, 0}, Token(secret, 12, 1, 2))
	assert.True(t, ok)
	assert.Equal(t, 1, seat)

	addr, err := ReplyAddress("pbem@example.org", 12, tok)
	require.NoError(t, err)
	assert.Equal(t, "pbem+12-"+tok+"@example.org", addr)
	id, got, ok := ParseReplyAddress(addr)
	require.True(t, ok)
	assert.Equal(t, int64(12), id)
	assert.Equal(t, tok, got)
	_, _, ok = ParseReplyAddress("pbem@example.org")
	assert.False(t, ok)

	id, got, ok = ParseThreadID(ThreadID(12, tok, "example.org"))
	require.True(t, ok)
	assert.Equal(t, int64(12), id)
	assert.Equal(t, tok, got)

	id, got, ok = ParseSubjectTag("Re: " + SubjectTag(12, tok) + " Amplitude, move 3")
	require.True(t, ok)
	assert.Equal(t, int64(12), id)
	assert.Equal(t, tok, got)
	id, got, ok = ParseSubjectTag("Re: [#12] Amplitude")
	require.True(t, ok)
	assert.Equal(t, int64(12), id)
	assert.Empty(t, got, "a bare tag names the game only")
	_, err = ReplyAddress("nodomain", 1, tok)
	assert.Error(t, err)
}

func TestComposeReadsBack(t *testing.T) {
	raw, err := Compose(Message{
		From: mail.Address{Name: "pbem", Address: "pbem@example.org"}, To: mail.Address{Name: "Chloé", Address: "chloe@example.org"},
		ReplyTo: "pbem+1-abc@example.org", Subject: "[#1] Amplitude: à vous", MessageID: "m1@example.org",
		InReplyTo: "t@example.org", References: []string{"t@example.org"}, Date: time.Date(2026, 11, 30, 12, 0, 0, 0, time.UTC),
		Text: "    A  B\n 1  .  3\nYour rack: 1 2 × 3", HTML: "<pre>board</pre>",
	})
	require.NoError(t, err)
	r, err := mail.CreateReader(bytes.NewReader(raw))
	require.NoError(t, err)
	subject, err := r.Header.Subject()
	require.NoError(t, err)
	assert.Equal(t, "[#1] Amplitude: à vous", subject)
	assert.Equal(t, "auto-generated", r.Header.Get("Auto-Submitted"))
	assert.Equal(t, "All", r.Header.Get("X-Auto-Response-Suppress"))
	id, err := r.Header.MessageID()
	require.NoError(t, err)
	assert.Equal(t, "m1@example.org", id)
	var kinds []string
	for {
		p, err := r.NextPart()
		if err == io.EOF {
			break
		}
		require.NoError(t, err)
		kind, _, _ := p.Header.(*mail.InlineHeader).ContentType()
		body, _ := io.ReadAll(p.Body)
		kinds = append(kinds, kind)
		if kind == "text/plain" {
			assert.Contains(t, string(body), "Your rack: 1 2 × 3")
		}
	}
	assert.Equal(t, []string{"text/plain", "text/html"}, kinds)
	for _, line := range strings.Split(string(raw), "\r\n") {
		assert.LessOrEqual(t, len(line), 998, "RFC 5322 line limit")
	}
}
