package account

import (
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"pbem/engine"
	"pbem/lang"
	"pbem/parser"
	"pbem/store"
)

func TestReadLang(t *testing.T) {
	for spec, want := range map[string]lang.Tag{"fr": lang.French, "English": lang.English, " default ": ""} {
		got, err := readLang(spec)
		require.NoError(t, err, spec)
		assert.Equal(t, want, got, spec)
	}
	_, err := readLang("klingon")
	assert.True(t, engine.IsRefusal(err))
}

// A digest's first is the next one to come at its time; a time of day is
// written HH:MM, or H:MM.
func TestReadMailPref(t *testing.T) {
	now := time.Date(2026, 12, 2, 9, 0, 0, 0, time.UTC)
	got, err := readMailPref("digest 8:30", now)
	require.NoError(t, err)
	assert.Equal(t, store.MailPrefChange{Mail: store.MailDigest, DigestAt: 8*60 + 30, NextDigest: time.Date(2026, 12, 3, 8, 30, 0, 0, time.UTC)}, got)
	got, err = readMailPref(" Turn ", now)
	require.NoError(t, err)
	assert.Equal(t, store.MailTurn, got.Mail)
	for _, bad := range []string{"digest 24:00", "digest 8:5", "digest", "every 8:30", "often"} {
		_, err := readMailPref(bad, now)
		assert.True(t, engine.IsRefusal(err), bad)
	}
}

func TestCommand(t *testing.T) {
	c, ok := Command([]parser.Command{{Verb: parser.Board}, {Verb: parser.Lang, Text: "fr"}})
	assert.True(t, ok)
	assert.Equal(t, parser.Lang, c.Verb)
	_, ok = Command([]parser.Command{{Verb: parser.Board}})
	assert.False(t, ok)
}
