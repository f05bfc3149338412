package mailer

import (
	"bytes"
	"fmt"
	"io"
	"math/rand/v2"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/emersion/go-message"
	"github.com/emersion/go-message/mail"
)

// composeReference is Compose as it was written with go-message's writers
// (their quoted-printable encoder one byte at a time): what Compose must
// still write, but for the random boundaries (TestComposeAsGoMessage).
func composeReference(m Message) ([]byte, error) {
	h := header(m)

	var buf bytes.Buffer
	buf.Grow(len(m.Text) + len(m.HTML) + len(m.HTML)/8 + 2048) // quoted-printable adds a little; the header and parts' headers
	if m.HTML == "" {
		h.SetContentType("text/plain", map[string]string{"charset": "utf-8"})
		h.Set("Content-Transfer-Encoding", "quoted-printable")
		w, err := mail.CreateSingleInlineWriter(&buf, h)
		if err != nil {
			return nil, fmt.Errorf("compose %s: %w", m.MessageID, err)
		}
		if _, err := w.Write(crlf(m.Text)); err != nil {
			return nil, fmt.Errorf("compose %s: %w", m.MessageID, err)
		}
		if err := w.Close(); err != nil {
			return nil, fmt.Errorf("compose %s: %w", m.MessageID, err)
		}
		return buf.Bytes(), nil
	}
	if len(m.Inline) > 0 {
		if err := writeRelatedReference(&buf, h, m); err != nil {
			return nil, fmt.Errorf("compose %s: %w", m.MessageID, err)
		}
		return buf.Bytes(), nil
	}
	w, err := mail.CreateInlineWriter(&buf, h)
	if err != nil {
		return nil, fmt.Errorf("compose %s: %w", m.MessageID, err)
	}
	for _, part := range []struct{ kind, body string }{{"text/plain", m.Text}, {"text/html", m.HTML}} {
		var ph mail.InlineHeader
		ph.SetContentType(part.kind, map[string]string{"charset": "utf-8"})
		ph.Set("Content-Transfer-Encoding", "quoted-printable")
		pw, err := w.CreatePart(ph)
		if err != nil {
			return nil, fmt.Errorf("compose %s: %w", m.MessageID, err)
		}
		if _, err := pw.Write(crlf(part.body)); err != nil {
			return nil, fmt.Errorf("compose %s: %w", m.MessageID, err)
		}
		if err := pw.Close(); err != nil {
			return nil, fmt.Errorf("compose %s: %w", m.MessageID, err)
		}
	}
	if err := w.Close(); err != nil {
		return nil, fmt.Errorf("compose %s: %w", m.MessageID, err)
	}
	return buf.Bytes(), nil
}

func writeRelatedReference(w io.Writer, h mail.Header, m Message) error {
	h = h.Copy()
	h.Set("Content-Type", "multipart/alternative")
	alt, err := message.CreateWriter(w, h.Header)
	if err != nil {
		return err
	}
	if err := textPartReference(alt, "text/plain", m.Text); err != nil {
		return err
	}
	var rh message.Header
	rh.SetContentType("multipart/related", map[string]string{"type": "text/html"})
	rel, err := alt.CreatePart(rh)
	if err != nil {
		return err
	}
	if err := textPartReference(rel, "text/html", m.HTML); err != nil {
		return err
	}
	written := map[string]bool{}
	for _, p := range m.Inline {
		if written[p.ContentID] {
			continue // the same picture twice (two games of a digest at the same board): one part
		}
		written[p.ContentID] = true
		if err := inlinePartReference(rel, p); err != nil {
			return err
		}
	}
	if err := rel.Close(); err != nil {
		return err
	}
	return alt.Close()
}

// textPart writes one quoted-printable UTF-8 part of kind into mw, with
// the headers of the mails without pictures.
func textPartReference(mw *message.Writer, kind, body string) error {
	var ph message.Header
	ph.SetContentType(kind, map[string]string{"charset": "utf-8"})
	ph.Set("Content-Transfer-Encoding", "quoted-printable")
	ph.Set("Content-Disposition", "inline")
	pw, err := mw.CreatePart(ph)
	if err != nil {
		return err
	}
	if _, err := pw.Write(crlf(body)); err != nil {
		return err
	}
	return pw.Close()
}

// inlinePart writes p into mw, base64, named by its Content-ID.
func inlinePartReference(mw *message.Writer, p InlinePart) error {
	if p.ContentID == "" || strings.ContainsAny(p.ContentID, "<> \r\n") {
		return fmt.Errorf("inline part %q: a Content-ID is a non-empty id without <>, spaces or line breaks", p.ContentID)
	}
	var ph message.Header
	ph.SetContentType(p.ContentType, nil)
	ph.Set("Content-Transfer-Encoding", "base64")
	ph.Set("Content-ID", "<"+p.ContentID+">")
	ph.SetContentDisposition("inline", map[string]string{"filename": p.Filename})
	pw, err := mw.CreatePart(ph)
	if err != nil {
		return err
	}
	data := p.Data
	if data == nil {
		var err error
		if data, err = placeholder(p.Ref); err != nil {
			return fmt.Errorf("inline part %s: %w", p.ContentID, err)
		}
	}
	if _, err := pw.Write(data); err != nil {
		return err
	}
	return pw.Close()
}

// TestComposeAsGoMessage: Compose writes what go-message's writers wrote
// (composeReference), but for the boundaries, for mails of each shape
// (text alone, text and HTML, with pictures drawn or to be drawn, the same
// picture twice) and texts of every kind: long lines, accents, trailing
// spaces, bare CR or LF, '=' and '.' at a line's start.
func TestComposeAsGoMessage(t *testing.T) {
	rng := rand.New(rand.NewPCG(4, 4))
	pieces := []string{"Hello,", " ", "\t", "\n", "\r\n", "\r", "=", ".", "é", "Coup 9 : vous avez joué", "<p class=\"x\">",
		strings.Repeat("x", 80), strings.Repeat("abc ", 30), "\x00", "\x7f", "日本", "--", "From "}
	text := func() string {
		var b strings.Builder
		for range rng.IntN(40) {
			b.WriteString(pieces[rng.IntN(len(pieces))])
		}
		return b.String()
	}
	picture := make([]byte, 3000)
	for i := range picture {
		picture[i] = byte(rng.IntN(256))
	}
	for n := range 400 {
		m := Message{
			From: mail.Address{Name: "pbem", Address: "pbem@example.org"}, To: mail.Address{Name: "Ann", Address: "ann@example.org"},
			ReplyTo: "pbem+12-abcdefghij234567klmn@example.org", Subject: "[#12] Amplitude, move 3: é",
			MessageID: fmt.Sprintf("pbem.12.%d@example.org", n), InReplyTo: "pbem.12.thread@example.org",
			References: []string{"pbem.12.thread@example.org"}, Date: time.Date(2026, 12, 2, 5, 0, 0, 0, time.UTC),
			Text: text(),
		}
		if n%5 != 0 {
			m.HTML = "<html><body>" + text() + "</body></html>"
		}
		if n%3 == 0 {
			m.Unsubscribe, m.OneClick = []string{"mailto:pbem@example.org", "https://example.org/u?t=x"}, n%2 == 0
		}
		if m.HTML != "" && n%2 == 1 {
			m.Inline = []InlinePart{{ContentID: "board.0123456789abcdef@example.org", ContentType: "image/png", Filename: "board.png", Ref: "0123456789abcdef"}}
			if n%4 == 1 {
				m.Inline = append(m.Inline, InlinePart{ContentID: "board.1@example.org", ContentType: "image/png", Filename: "board.png", Data: picture[:rng.IntN(len(picture))]},
					m.Inline[0])
			}
		}
		want, err := composeReference(m)
		require.NoError(t, err)
		got, err := Compose(m)
		require.NoError(t, err)
		require.Equal(t, sameButBoundaries(want), sameButBoundaries(got), "mail %d: %q", n, m.Text)
	}
}
