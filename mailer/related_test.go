package mailer

import (
	"bytes"
	"image"
	"image/color"
	"image/png"
	"io"
	"strings"
	"testing"
	"time"

	"github.com/emersion/go-message"
	"github.com/emersion/go-message/mail"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// tinyPNG is a 3×2 picture with one pixel set, for a mail to carry.
func tinyPNG(t *testing.T) []byte {
	img := image.NewGray(image.Rect(0, 0, 3, 2))
	img.SetGray(1, 1, color.Gray{Y: 200})
	var buf bytes.Buffer
	require.NoError(t, png.Encode(&buf, img))
	return buf.Bytes()
}

// shape is an entity's tree of media types, as "multipart/alternative{
// text/plain multipart/related{text/html image/png}}", with each part's
// body by Content-ID in parts.
func shape(t *testing.T, e *message.Entity, parts map[string][]byte) string {
	kind, _, err := e.Header.ContentType()
	require.NoError(t, err)
	mr := e.MultipartReader()
	if mr == nil {
		body, err := io.ReadAll(e.Body)
		require.NoError(t, err)
		if id := e.Header.Get("Content-ID"); id != "" {
			parts[id] = body
		}
		return kind
	}
	var kids []string
	for {
		p, err := mr.NextPart()
		if err == io.EOF {
			break
		}
		require.NoError(t, err)
		kids = append(kids, shape(t, p, parts))
	}
	return kind + "{" + strings.Join(kids, " ") + "}"
}

func TestComposeInlinePicture(t *testing.T) {
	pic := tinyPNG(t)
	base := Message{
		From: mail.Address{Address: "pbem@example.org"}, To: mail.Address{Address: "ann@example.org"},
		Subject: "board", MessageID: "m2@example.org", Date: time.Date(2026, 12, 1, 12, 0, 0, 0, time.UTC),
		Text: "    A  B\n 1  .  3\n", HTML: `<p>Board:</p><img src="cid:board.1@example.org" alt="board">`,
	}
	for _, tc := range []struct {
		name   string
		inline []InlinePart
		want   string
	}{
		{"without pictures", nil, "multipart/alternative{text/plain text/html}"},
		{"with a picture", []InlinePart{{ContentID: "board.1@example.org", ContentType: "image/png", Filename: "board.png", Data: pic}},
			"multipart/alternative{text/plain multipart/related{text/html image/png}}"},
		{"with the same picture twice", []InlinePart{
			{ContentID: "board.1@example.org", ContentType: "image/png", Filename: "board.png", Data: pic},
			{ContentID: "board.1@example.org", ContentType: "image/png", Filename: "board.png", Data: pic},
		}, "multipart/alternative{text/plain multipart/related{text/html image/png}}"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			m := base
			m.Inline = tc.inline
			raw, err := Compose(m)
			require.NoError(t, err)
			e, err := message.Read(bytes.NewReader(raw))
			require.NoError(t, err)
			parts := map[string][]byte{}
			assert.Equal(t, tc.want, shape(t, e, parts))
			if tc.inline == nil {
				assert.NotContains(t, string(raw), "Content-ID")
				return
			}
			data, ok := parts["<board.1@example.org>"]
			require.True(t, ok, "the picture is found by the cid the HTML names")
			assert.Equal(t, pic, data)
			img, err := png.Decode(bytes.NewReader(data))
			require.NoError(t, err)
			assert.Equal(t, image.Pt(3, 2), img.Bounds().Size())
			assert.Contains(t, string(raw), "Content-Disposition: inline; filename=board.png")
			assert.Contains(t, string(raw), "Content-Transfer-Encoding: base64")
			for _, line := range strings.Split(string(raw), "\r\n") {
				assert.LessOrEqual(t, len(line), 998, "RFC 5322 line limit")
			}
		})
	}
}

func TestComposeRefusesBadContentID(t *testing.T) {
	_, err := Compose(Message{
		From: mail.Address{Address: "pbem@example.org"}, To: mail.Address{Address: "ann@example.org"},
		MessageID: "m3@example.org", Text: "t", HTML: "<p>h</p>",
		Inline: []InlinePart{{ContentID: "<board>", ContentType: "image/png", Data: []byte{1}}},
	})
	assert.ErrorContains(t, err, "Content-ID")
}
