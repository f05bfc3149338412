package store

import (
	"testing"

	"github.com/stretchr/testify/assert"

	"pbem/lang"
)

// TestStatusWord: each status as the server's answers and the HTML archive
// say it, in English and French; a status it does not know as stored.
func TestStatusWord(t *testing.T) {
	cases := []struct{ status, en, fr string }{
		{StatusActive, "in play", "en cours"},
		{StatusFinished, "finished", "finie"},
		{StatusAborted, "aborted", "arrêtée"},
		{"waiting", "waiting", "waiting"},
	}
	said := map[string]bool{}
	for _, c := range cases {
		assert.Equal(t, c.en, StatusWord(c.status).In(lang.English), c.status)
		assert.Equal(t, c.fr, StatusWord(c.status).In(lang.French), c.status)
		said[c.status] = true
	}
	for _, status := range Statuses {
		assert.True(t, said[status], "the status %s has its word above", status)
	}
}
