package mailer

import (
	"bytes"
	"errors"
	"fmt"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/emersion/go-message"
	"github.com/emersion/go-message/mail"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// boundaries finds the multipart boundaries of a composed mail.
var boundaries = regexp.MustCompile(`boundary=([0-9a-f]+)`)

// sameButBoundaries is raw with its random multipart boundaries named in
// the order they appear, so that two compositions of one message compare.
func sameButBoundaries(raw []byte) string {
	s := string(raw)
	for i, m := range boundaries.FindAllStringSubmatch(s, -1) {
		s = strings.ReplaceAll(s, m[1], fmt.Sprintf("BOUNDARY%d", i))
	}
	return s
}

func laterMessage(inline ...InlinePart) Message {
	return Message{
		From: mail.Address{Address: "pbem@example.org"}, To: mail.Address{Address: "ann@example.org"},
		Subject: "board", MessageID: "m4@example.org", Date: time.Date(2026, 12, 1, 12, 0, 0, 0, time.UTC),
		Text: "the board\n", HTML: `<p>Board:</p><img src="cid:board.1@example.org" alt="board"><img src="cid:board.2@example.org" alt="board">`,
		Inline: inline,
	}
}

// A picture drawn later: the queued mail holds a placeholder, Later names
// it, and Finish makes of it the very mail Compose writes with the
// picture's bytes in hand.
func TestFinishFillsInPicturesDrawnLater(t *testing.T) {
	big := bytes.Repeat(tinyPNG(t), 40) // several lines of base64
	small := tinyPNG(t)
	part := func(n int, ref string, data []byte) InlinePart {
		return InlinePart{ContentID: fmt.Sprintf("board.%d@example.org", n), ContentType: "image/png", Filename: "board.png", Ref: ref, Data: data}
	}
	const ref1, ref2 = "0123456789abcdef", "fedcba9876543210"
	later, err := Compose(laterMessage(part(1, ref1, nil), part(2, ref2, nil), part(1, ref1, nil)))
	require.NoError(t, err)
	direct, err := Compose(laterMessage(part(1, ref1, big), part(2, ref2, small)))
	require.NoError(t, err)

	assert.Equal(t, []string{ref1, ref2}, Later(later))
	assert.Less(t, len(later), len(direct)/2, "the queued mail is without the pictures' bytes")
	asked := map[string]int{}
	finished, err := Finish(later, func(ref string) ([]byte, error) {
		asked[ref]++
		return map[string][]byte{ref1: big, ref2: small}[ref], nil
	})
	require.NoError(t, err)
	assert.Equal(t, map[string]int{ref1: 1, ref2: 1}, asked, "each picture asked for once")
	assert.Equal(t, sameButBoundaries(direct), sameButBoundaries(finished))
	assert.Empty(t, Later(finished))

	e, err := message.Read(bytes.NewReader(finished))
	require.NoError(t, err)
	parts := map[string][]byte{}
	assert.Equal(t, "multipart/alternative{text/plain multipart/related{text/html image/png image/png}}", shape(t, e, parts))
	assert.Equal(t, big, parts["<board.1@example.org>"])
	assert.Equal(t, small, parts["<board.2@example.org>"])
}

func TestFinishLeavesAFinishedMail(t *testing.T) {
	raw, err := Compose(laterMessage(InlinePart{ContentID: "board.1@example.org", ContentType: "image/png", Data: tinyPNG(t)}))
	require.NoError(t, err)
	got, err := Finish(raw, func(string) ([]byte, error) { t.Fatal("no picture to draw"); return nil, nil })
	require.NoError(t, err)
	assert.Equal(t, raw, got)
}

func TestFinishStopsAtAPictureThatFails(t *testing.T) {
	raw, err := Compose(laterMessage(InlinePart{ContentID: "board.1@example.org", ContentType: "image/png", Ref: "00000000000000aa"}))
	require.NoError(t, err)
	_, err = Finish(raw, func(string) ([]byte, error) { return nil, errors.New("the disk is gone") })
	assert.ErrorContains(t, err, "the disk is gone")
}

func TestComposeRefusesABadRef(t *testing.T) {
	for _, ref := range []string{"", "0123", "0123456789ABCDEF", "0123456789abcdeg", "0123456789abcdef0"} {
		_, err := Compose(laterMessage(InlinePart{ContentID: "board.1@example.org", ContentType: "image/png", Ref: ref}))
		assert.ErrorContains(t, err, "16 lower-case hex digits", "ref %q", ref)
	}
}

// A player's words cannot pass for a placeholder: written
// quoted-printable, they are left as they are.
func TestFinishLeavesAPlayersWords(t *testing.T) {
	m := laterMessage()
	m.HTML = ""
	m.Text = "hello\n\n" + laterPrefix + "0123456789abcdef" + laterSuffix + "\nbye\n"
	raw, err := Compose(m)
	require.NoError(t, err)
	assert.Empty(t, Later(raw))
	got, err := Finish(raw, func(string) ([]byte, error) { t.Fatal("no picture to draw"); return nil, nil })
	require.NoError(t, err)
	assert.Equal(t, raw, got)
}

// FuzzFinish: Finish takes whatever a queued mail holds; it never panics,
// leaves a mail that waits for no picture as it is, and leaves none
// waiting once done.
func FuzzFinish(f *testing.F) {
	f.Add([]byte("Subject: x\r\n\r\n" + laterPrefix + "0123456789abcdef" + laterSuffix + "\r\n--b--\r\n"))
	f.Add([]byte("Subject: x\r\n\r\nhello\r\n"))
	f.Add([]byte("\r\n\r\n" + laterPrefix + "0123456789abcdef" + laterSuffix + "\r\n\r\n" + laterPrefix + "0123456789abcdef" + laterSuffix + "\r\n"))
	f.Fuzz(func(t *testing.T, raw []byte) {
		waiting := Later(raw)
		got, err := Finish(raw, func(ref string) ([]byte, error) {
			if !validRef(ref) {
				t.Fatalf("asked for %q", ref)
			}
			return []byte("picture " + ref), nil
		})
		if err != nil {
			t.Fatal(err)
		}
		if len(waiting) == 0 && !bytes.Equal(got, raw) {
			t.Fatalf("a mail without placeholders changed: %q", got)
		}
		if left := Later(got); len(left) > 0 {
			t.Fatalf("%q still waits for %v", got, left)
		}
	})
}
