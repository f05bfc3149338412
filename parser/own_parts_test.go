package parser

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/emersion/go-message/mail"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"pbem/mailer"
)

// ownMails are mails as the server composes them: text only, text and
// HTML, HTML with an inline picture; long lines, accents, "=" signs,
// trailing spaces and tabs, which quoted-printable escapes.
func ownMails(tb testing.TB) [][]byte {
	tb.Helper()
	text := "C'est votre tour : coup n° 12.\n\n   A B C D E F G H I J K L M N O\n 1 . . . . 3 = 4 . . . . . . . .  \n" +
		strings.Repeat("Une très longue ligne de texte qui dépasse largement soixante-seize colonnes, ", 3) + "\n\ttabulé\t\nfin"
	html := "<!DOCTYPE html><html><body><p>C&#39;est votre tour&nbsp;: <b>coup n° 12</b>.</p><table><tr><td>3</td><td>=</td><td>4</td></tr></table>" +
		strings.Repeat("<p>une phrase longue, encore et encore, avec des accents é è à ù</p>", 8) + "<img src=\"cid:board.1@x\" alt=\"\"></body></html>"
	base := mailer.Message{
		From: mail.Address{Name: "pbem", Address: "pbem@example.org"}, To: mail.Address{Name: "Zoé", Address: "zoe@example.org"},
		Subject: "Partie 7 : à vous", MessageID: "m1@example.org", Date: time.Date(2026, 12, 1, 12, 0, 0, 0, time.UTC),
	}
	var out [][]byte
	for _, m := range []mailer.Message{
		func() mailer.Message { m := base; m.Text = text; return m }(),
		func() mailer.Message { m := base; m.Text, m.HTML = text, html; return m }(),
		func() mailer.Message {
			m := base
			m.Text, m.HTML = text, html
			m.Inline = []mailer.InlinePart{{ContentID: "board.1@x", ContentType: "image/png", Filename: "board.png", Data: []byte("\x89PNG not really")}}
			return m
		}(),
	} {
		raw, err := mailer.Compose(m)
		require.NoError(tb, err)
		out = append(out, raw)
	}
	return out
}

// TestOwnPartsReadsAsTheGeneralReader: on the server's own mails the fast
// reader finds the general reader's texts, byte for byte.
func TestOwnPartsReadsAsTheGeneralReader(t *testing.T) {
	for i, raw := range ownMails(t) {
		text, html, ok := ownParts(raw)
		require.True(t, ok, "mail %d: %s", i, raw)
		wantText, wantHTML := mailParts(raw, true)
		assert.Equal(t, wantText, text, "mail %d", i)
		assert.Equal(t, wantHTML, html, "mail %d", i)
		require.NotNil(t, text)
		assert.Contains(t, *text, "très longue ligne")
	}
}

// TestOwnPartsLeavesOthersToTheGeneralReader: a shape it does not read
// is not read wrongly: either the general reader's texts or not ok.
func TestOwnPartsLeavesOthersToTheGeneralReader(t *testing.T) {
	files, err := filepath.Glob("testdata/mail/*.eml")
	require.NoError(t, err)
	require.NotEmpty(t, files)
	read := 0
	for _, f := range files {
		raw, err := os.ReadFile(f)
		require.NoError(t, err)
		text, html, ok := ownParts(raw)
		if !ok {
			continue
		}
		read++
		wantText, wantHTML := mailParts(raw, true)
		assert.Equal(t, wantText, text, f)
		assert.Equal(t, wantHTML, html, f)
	}
	t.Logf("%d of %d client mails in the fast reader's shapes", read, len(files))
	for _, raw := range []string{
		"Content-Type: text/plain; charset=iso-8859-1\r\n\r\ncaf\xe9",
		"Content-Type: text/plain; format=flowed\r\n\r\na \r\nb",
		"Content-Type: multipart/alternative; boundary=b\r\n\r\n--b\r\nContent-Type: text/plain\r\n\r\ncut short",
		"Content-Transfer-Encoding: quoted-printable\r\n\r\nbad =ZZ escape",
		"no header at all",
	} {
		_, _, ok := ownParts([]byte(raw))
		assert.False(t, ok, "%q", raw)
	}
}

// FuzzOwnParts: whatever the bytes, the fast reader either declines or
// reads what the general reader reads.
func FuzzOwnParts(f *testing.F) {
	for _, raw := range ownMails(f) {
		f.Add(raw)
	}
	f.Add([]byte("Content-Type: text/plain\r\nContent-Transfer-Encoding: quoted-printable\r\n\r\na=3Db=\r\nc  \r\nd"))
	f.Fuzz(func(t *testing.T, raw []byte) {
		text, html, ok := ownParts(raw)
		if !ok {
			return
		}
		wantText, wantHTML := mailParts(raw, true)
		if !equalText(text, wantText) || !equalText(html, wantHTML) {
			t.Fatalf("fast %q %q, general %q %q", deref(text), deref(html), deref(wantText), deref(wantHTML))
		}
	})
}

func equalText(a, b *string) bool { return (a == nil) == (b == nil) && (a == nil || *a == *b) }

func deref(s *string) string {
	if s == nil {
		return "<nil>"
	}
	return *s
}

// BenchmarkOwnParts reads a mail the server composed, text, HTML and a
// picture, as a reply that quotes it has it read: the general reader
// against the fast one.
func BenchmarkOwnParts(b *testing.B) {
	raw := ownMails(b)[2]
	b.Run("general", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			mailParts(raw, true)
		}
	})
	b.Run("own", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			if _, _, ok := ownParts(raw); !ok {
				b.Fatal("not read")
			}
		}
	})
}
