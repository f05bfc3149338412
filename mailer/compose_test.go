package mailer

import (
	"strings"
	"testing"
	"time"

	"github.com/emersion/go-message/mail"
)

// BenchmarkCompose composes a turn mail as the server does: a text part
// with an ASCII board, an HTML part with the board's picture to be drawn
// when the mail is sent.
func BenchmarkCompose(b *testing.B) {
	board := strings.Repeat("  .  .  .  3  .  .  .  .  .  .  .  .  .  .  .\n", 15)
	m := Message{
		From: mail.Address{Name: "pbem", Address: "pbem@example.org"}, To: mail.Address{Name: "Ann Example", Address: "ann@example.org"},
		ReplyTo: "pbem+12-abcdefghijklmnopqrst@example.org", Subject: "[#12-abcdefghijklmnopqrst] Amplitude 12, move 9: H8 right 34251",
		MessageID: "pbem.12.9.0@example.org", InReplyTo: "pbem.12.abcdefghijklmnopqrst@example.org", References: []string{"pbem.12.abcdefghijklmnopqrst@example.org"},
		Date: time.Date(2026, 12, 1, 12, 0, 0, 0, time.UTC),
		Text: "Hello Ann,\n\nMove 9: Bob played H8 right 34251, 24 points.\n\n" + board + "\nYour rack: 1 3 4 7 8 9 9\n\n" + strings.Repeat("Reply with your move. ", 40),
		HTML: "<!DOCTYPE html><html><body><p>Hello Ann,</p><p>Move 9: Bob played <b>H8 right 34251</b>, 24 points.</p>" +
			`<img src="cid:board.0123456789abcdef@example.org" alt="` + board + `" width="533" style="max-width: 100%; height: auto;">` +
			"<p>" + strings.Repeat("Reply with your move. ", 60) + "</p></body></html>",
		Inline: []InlinePart{{ContentID: "board.0123456789abcdef@example.org", ContentType: "image/png", Filename: "board.png", Ref: "0123456789abcdef"}},
	}
	b.ReportAllocs()
	for b.Loop() {
		if _, err := Compose(m); err != nil {
			b.Fatal(err)
		}
	}
}

func TestCRLF(t *testing.T) {
	for in, want := range map[string]string{
		"":                "",
		"a":               "a",
		"a\nb\n":          "a\r\nb\r\n",
		"a\r\nb":          "a\r\nb",
		"\n\n":            "\r\n\r\n",
		"a\rb\r\r\nc\r\n": "a\rb\r\r\nc\r\n",
	} {
		if got := string(crlf(in)); got != want {
			t.Errorf("crlf(%q) = %q, want %q", in, got, want)
		}
	}
}
