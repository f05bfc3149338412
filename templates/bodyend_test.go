package templates

import (
	"testing"

	"github.com/stretchr/testify/assert"
)

func TestBeforeBodyEnd(t *testing.T) {
	for _, c := range []struct{ name, doc, want string }{
		{"lower case", "<html><body><p>x</p></body></html>", "<html><body><p>x</p>[B]\n</body></html>"},
		{"upper case", "<HTML><BODY>x</BODY></HTML>", "<HTML><BODY>x[B]\n</BODY></HTML>"},
		{"the last of two", "<body>a</body><body>b</Body>", "<body>a</body><body>b[B]\n</Body>"},
		{"no body", "<p>x</p>", "<p>x</p>[B]\n"},
		{"letters whose lower case is longer", "<body>İİİ</body>", "<body>İİİ[B]\n</body>"},
		{"a tag cut short", "<body>x</bod", "<body>x</bod[B]\n"},
	} {
		t.Run(c.name, func(t *testing.T) {
			assert.Equal(t, c.want, beforeBodyEnd([]byte(c.doc), []byte("[B]")))
		})
	}
}
