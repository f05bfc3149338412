package lang

import (
	"encoding/json"
	"sync"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func init() {
	Register(French, map[string]string{
		"%s moves %d tokens.":   "%s déplace %d jetons.",
		"%d token placed.":      "%d jeton posé.",
		"%d tokens placed.":     "%d jetons posés.",
		"%[1]s gives %[2]s up.": "%[2]s est abandonné par %[1]s.",
		"left":                  "gauche",
		"%s goes %s.":           "%s va à %s.",
	})
}

func TestMsgIn(t *testing.T) {
	for _, c := range []struct {
		name   string
		msg    Msg
		en, fr string
	}{
		{"translated", T("%s moves %d tokens.", "Ann", 3), "Ann moves 3 tokens.", "Ann déplace 3 jetons."},
		{"untranslated falls back to English", T("%s waits.", "Ann"), "Ann waits.", "Ann waits."},
		{"reordered arguments", T("%[1]s gives %[2]s up.", "Ann", "the game"), "Ann gives the game up.", "the game est abandonné par Ann."},
		{"a word argument is translated", T("%s goes %s.", "Ann", T("left")), "Ann goes left.", "Ann va à gauche."},
		{"English plural of zero", Plural(0, "%d token placed.", "%d tokens placed.", 0), "0 tokens placed.", "0 jeton posé."},
		{"one", Plural(1, "%d token placed.", "%d tokens placed.", 1), "1 token placed.", "1 jeton posé."},
		{"many", Plural(4, "%d token placed.", "%d tokens placed.", 4), "4 tokens placed.", "4 jetons posés."},
		{"a literal is never translated", Text("left"), "left", "left"},
		{"a list", List("c4", "c5", T("left")), "c4, c5 and left", "c4, c5 et gauche"},
		{"a list of two", List("c4", "c5"), "c4 and c5", "c4 et c5"},
		{"a list of one", List("c4"), "c4", "c4"},
		{"an empty list", List(), "", ""},
		{"a percent sign without arguments", T("100% sure"), "100% sure", "100% sure"},
	} {
		t.Run(c.name, func(t *testing.T) {
			assert.Equal(t, c.en, c.msg.In(English))
			assert.Equal(t, c.en, c.msg.String())
			assert.Equal(t, c.fr, c.msg.In(French))
		})
	}
}

// A message stored and read back renders as it did, in every language: an
// integer stays an integer (a %d still prints), a word stays a word.
func TestMsgJSONRoundTrip(t *testing.T) {
	for _, m := range []Msg{
		T("%s moves %d tokens.", "Ann", 3),
		T("%s goes %s.", "Ann", T("left")),
		Plural(1, "%d token placed.", "%d tokens placed.", 1),
		List("c4", T("left")),
		Text("Resigned."),
	} {
		data, err := json.Marshal(m)
		require.NoError(t, err)
		var back Msg
		require.NoError(t, json.Unmarshal(data, &back), "%s", data)
		for _, tag := range Tags {
			assert.Equal(t, m.In(tag), back.In(tag), "%s in %s", data, tag)
		}
	}
}

// An event stored before events were messages is a JSON string: it reads
// back as that text, in every language.
func TestMsgFromOldJSON(t *testing.T) {
	var m Msg
	require.NoError(t, json.Unmarshal([]byte(`"Seat 1 passes."`), &m))
	assert.Equal(t, "Seat 1 passes.", m.In(French))
	assert.Error(t, json.Unmarshal([]byte(`[1]`), &m))
}

func TestParse(t *testing.T) {
	for in, want := range map[string]Tag{"fr": French, "FR": French, " français ": French, "French": French, "en": English, "anglais": English, "Française": French, "anglaise": English} {
		got, err := Parse(in)
		require.NoError(t, err, in)
		assert.Equal(t, want, got, in)
	}
	_, err := Parse("de")
	assert.EqualError(t, err, `"de" is not a language pbem writes in: en (English) or fr (français)`)
	assert.Equal(t, French, Tag("").Or(French))
	assert.Equal(t, English, English.Or(French))
	assert.Equal(t, French, Tag("xx").Or(French))
}

func TestRegisterTwiceDiffering(t *testing.T) {
	const other Tag = "test"
	c := newCatalog()
	c.register(other, map[string]string{"same": "pareil"})
	assert.NotPanics(t, func() { c.register(other, map[string]string{"same": "pareil"}) })
	assert.Panics(t, func() { c.register(other, map[string]string{"same": "autre"}) })
	tr, ok := c.translation(other, "same")
	assert.True(t, ok)
	assert.Equal(t, "pareil", tr)
}

// TestRegisterAfterFirstRead: the first read seals a catalog, which reads
// take no lock for; a registration after it is a programming error, and
// changes nothing.
func TestRegisterAfterFirstRead(t *testing.T) {
	c := newCatalog()
	c.register(French, map[string]string{"early": "tôt"})
	tr, ok := c.translation(French, "early")
	assert.True(t, ok)
	assert.Equal(t, "tôt", tr)
	assert.PanicsWithValue(t, "lang: fr translations registered after the first was read: register them in an init function",
		func() { c.register(French, map[string]string{"late": "tard"}) })
	_, ok = c.translation(French, "late")
	assert.False(t, ok)
	tr, _ = c.translation(English, "late")
	assert.Equal(t, "late", tr, "English is the format itself")
}

// TestCatalogReadsAtOnce: goroutines reading a sealed catalog all at once
// (go test -race) see every translation.
func TestCatalogReadsAtOnce(t *testing.T) {
	c := newCatalog()
	c.register(French, map[string]string{"a": "un", "b": "deux"})
	var wg sync.WaitGroup
	for range 8 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for range 100 {
				tr, ok := c.translation(French, "b")
				assert.True(t, ok)
				assert.Equal(t, "deux", tr)
			}
		}()
	}
	wg.Wait()
}
