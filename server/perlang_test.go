package server

import (
	"testing"

	"github.com/stretchr/testify/assert"

	"pbem/lang"
)

// TestPerLangWorksOutEachLanguageOnce: readers of one language share what
// is said to them, worked out on the first asking; another language gets
// its own.
func TestPerLangWorksOutEachLanguageOnce(t *testing.T) {
	calls := map[lang.Tag]int{}
	said := newPerLang(func(t lang.Tag) string {
		calls[t]++
		return lang.T("It is your turn: move #%d.", 3).In(t)
	})
	for _, tag := range []lang.Tag{lang.French, lang.English, lang.French, lang.French, lang.English} {
		assert.Equal(t, lang.T("It is your turn: move #%d.", 3).In(tag), said.in(tag))
	}
	assert.Equal(t, map[lang.Tag]int{lang.French: 1, lang.English: 1}, calls)
}
