package mailer

import (
	"bytes"
	"math/rand/v2"
	"mime/quotedprintable"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// stdQP is src as mime/quotedprintable's Writer writes it.
func stdQP(t testing.TB, src []byte) []byte {
	var b bytes.Buffer
	w := quotedprintable.NewWriter(&b)
	_, err := w.Write(src)
	require.NoError(t, err)
	require.NoError(t, w.Close())
	return b.Bytes()
}

// TestAppendQPAsTheStandardWriter: appendQP writes what the standard
// Writer writes, on mails' texts (long lines, accents, trailing spaces,
// CRLF and bare CR or LF) and on random bytes of every kind.
func TestAppendQPAsTheStandardWriter(t *testing.T) {
	texts := []string{
		"", "a", "=", " ", "\t", "a \r\n", "a\t\n", "\r", "\n", "\r\r\n\n", "é", "=\r\n=",
		strings.Repeat("x", 75), strings.Repeat("x", 76), strings.Repeat("x", 77), strings.Repeat("x", 200),
		strings.Repeat("x", 74) + "é", strings.Repeat("x", 73) + "==", strings.Repeat("x", 75) + " \r\n",
		strings.Repeat("ab ", 60) + "\r\n" + strings.Repeat("é", 40),
		"<p class=\"x\">Coup 9 : vous avez joué H8 droite 34251, 24 points.</p>\r\n",
	}
	for _, s := range texts {
		require.Equal(t, string(stdQP(t, []byte(s))), string(appendQP(nil, s)), "%q", s)
	}
	rng := rand.New(rand.NewPCG(9, 9))
	alphabet := []byte("ab =\t\r\n\x00\x7f\xc3\xa9~!")
	for range 20000 {
		src := make([]byte, rng.IntN(300))
		for i := range src {
			if rng.IntN(4) == 0 {
				src[i] = byte(rng.IntN(256))
			} else {
				src[i] = alphabet[rng.IntN(len(alphabet))]
			}
		}
		require.Equal(t, string(stdQP(t, src)), string(appendQP([]byte("kept"), string(src))[4:]), "%q", src)
	}
}

// FuzzAppendQP: appendQP writes what mime/quotedprintable writes.
func FuzzAppendQP(f *testing.F) {
	f.Add([]byte("Hello,\r\nmove 3 =\t\r\n"))
	f.Add([]byte(strings.Repeat("é", 50)))
	f.Fuzz(func(t *testing.T, src []byte) {
		if got, want := appendQP(nil, string(src)), stdQP(t, src); !bytes.Equal(got, want) {
			t.Fatalf("appendQP(%q) = %q, want %q", src, got, want)
		}
	})
}

// BenchmarkQP: a notification's HTML part, by the standard Writer and by
// appendQP.
func BenchmarkQP(b *testing.B) {
	text := strings.Repeat("<p class=\"move\">Coup 9 : vous avez joué H8 droite 34251, 24 points.</p>\r\n", 100)
	src := []byte(text)
	b.Run("std", func(b *testing.B) {
		for b.Loop() {
			stdQP(b, src)
		}
	})
	b.Run("append", func(b *testing.B) {
		var dst []byte
		for b.Loop() {
			dst = appendQP(dst[:0], text)
		}
	})
}
