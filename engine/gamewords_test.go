package engine

import (
	"slices"
	"testing"

	"github.com/stretchr/testify/assert"
)

func TestOpeningWords(t *testing.T) {
	words := OpeningWords()
	assert.True(t, slices.IsSorted(words))
	assert.Equal(t, len(words), len(slices.Compact(slices.Clone(words))), "each word once")
	for _, w := range words {
		assert.Equal(t, Fold(w), w, "%q is folded", w)
	}
	for _, w := range []string{"pass", "abandonne", "refuse", "decliner", "timeout", "hors-delai", "echanger", "swap", "mets", "joue", "parachutage"} {
		assert.Contains(t, words, w)
	}
	assert.NotContains(t, words, "échange", "words are folded")
}

// TestGameWordsAreTheirOwn: a word opens one move only, so that no game
// reads a shared word as its own move nor two games' words clash.
func TestGameWordsAreTheirOwn(t *testing.T) {
	owner := map[string]GameWord{}
	for w, words := range gameWords {
		for _, text := range words {
			_, shared := MoveWord(text)
			assert.False(t, shared, "%q is a shared move word", text)
			assert.NotContains(t, owner, text, "%q opens two moves", text)
			owner[text] = w
		}
	}
}
