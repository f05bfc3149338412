package config

import (
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestRecordedCompletes: a configuration that names nothing takes every
// recorded setting; one that sets some keeps its own; the sender check's
// two keys come together; a setting unset where the record was written
// stays unset.
func TestRecordedCompletes(t *testing.T) {
	full, err := Load("", false, envOf(map[string]string{
		"PBEM_ADDRESS": "games@example.org", "PBEM_UNSUBSCRIBE_URL": "https://games.example.org/unsubscribe",
		"PBEM_TEMPLATES": "/etc/pbem/templates", "PBEM_MAX_MAIL_SIZE": "5000", "PBEM_AUTHSERV_ID": "mx.example.org",
		"PBEM_SENDER_AUTH": "pass", "PBEM_ANSWERS_PER_HOUR": "3", "PBEM_STRANGERS_PER_HOUR": "7",
		"PBEM_SIGNUP": "example.org", "PBEM_GAMES_PER_DAY": "2", "PBEM_GAMES_RUNNING": "4", "PBEM_MAILS_PER_HOUR": "9", "PBEM_CHALLENGE_DAYS": "3",
		"PBEM_REMATCH": "off", "PBEM_UNDO": "computer", "PBEM_TAKEOVER": "off",
	}))
	require.NoError(t, err)
	require.True(t, full.Configured())
	rec := full.Recorded()

	none, err := Load("", false, envOf(nil))
	require.NoError(t, err)
	require.False(t, none.Configured())
	filled, err := none.Complete(rec)
	require.NoError(t, err)
	assert.Equal(t, full.Server, none.Server, "every recorded setting is taken")
	assert.Equal(t, full.Lobby, none.Lobby, "the lobby's policy too: pbem ingest under an MTA applies it")
	assert.Len(t, filled, 16)

	some, err := Load("", false, envOf(map[string]string{"PBEM_MAX_MAIL_SIZE": "9000", "PBEM_AUTHSERV_ID": "mx2.example.org"}))
	require.NoError(t, err)
	_, err = some.Complete(rec)
	require.NoError(t, err)
	assert.Equal(t, 9000, some.Server.MaxMailSize, "the configuration wins")
	assert.Equal(t, "mx2.example.org", some.Server.AuthservID)
	assert.Equal(t, "not-fail", some.Server.SenderAuth, "an authserv_id of its own keeps its own policy")
	assert.Equal(t, "games@example.org", some.Server.Address)

	rel, err := Load("", false, envOf(map[string]string{"PBEM_ADDRESS": "games@example.org", "PBEM_TEMPLATES": "mytemplates"}))
	require.NoError(t, err)
	abs, err := filepath.Abs("mytemplates")
	require.NoError(t, err)
	assert.Equal(t, abs, rel.Recorded()["server.templates"], "a folder recorded as this process means it")

	bare, err := Load("", false, envOf(map[string]string{"PBEM_ADDRESS": "games@example.org"}))
	require.NoError(t, err)
	later, err := Load("", false, envOf(nil))
	require.NoError(t, err)
	_, err = later.Complete(bare.Recorded())
	require.NoError(t, err)
	assert.Equal(t, bare.Server, later.Server, "no authserv_id recorded: none taken")

	_, err = later.Complete(map[string]string{"server.answers_per_hour": "many"})
	assert.ErrorContains(t, err, "server.answers_per_hour")
}
