package config

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// server.lang takes a language as an operator writes it and keeps its
// tag; one pbem does not write in is refused, naming those there are.
func TestLoadServerLang(t *testing.T) {
	for in, want := range map[string]string{"": "", "fr": "fr", "français": "fr", "English": "en"} {
		c, err := Load("", false, envOf(map[string]string{"PBEM_LANG": in}))
		require.NoError(t, err, in)
		assert.Equal(t, want, c.Server.Lang, in)
	}
	_, err := Load("", false, envOf(map[string]string{"PBEM_LANG": "de"}))
	assert.EqualError(t, err, `server.lang (PBEM_LANG): "de" is not a language pbem writes in: en (English) or fr (français)`)
}

// A process without a configuration writes in the recorded language.
func TestServerLangRecorded(t *testing.T) {
	c, err := Load("", false, envOf(map[string]string{"PBEM_ADDRESS": "games@example.org", "PBEM_LANG": "fr"}))
	require.NoError(t, err)
	rec := c.Recorded()
	assert.Equal(t, "fr", rec["server.lang"])
	var bare Config
	filled, err := bare.Complete(rec)
	require.NoError(t, err)
	assert.Contains(t, filled, "server.lang")
	assert.Equal(t, "fr", bare.Server.Lang)
}
