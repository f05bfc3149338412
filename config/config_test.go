package config

import (
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func envOf(m map[string]string) func(string) string { return func(k string) string { return m[k] } }

func TestLoadFileThenEnvironment(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "pbem.toml")
	require.NoError(t, os.WriteFile(path, []byte(`
[imap]
addr = "imap.example.org:993"
user = "pbem"
password = "from-file"
[smtp]
addr = "smtp.example.org:465"
[server]
address = "pbem@example.org"
poll = "30s"
`), 0o600))
	secret := filepath.Join(dir, "secret")
	require.NoError(t, os.WriteFile(secret, []byte("from-secret-file\n"), 0o600))

	c, err := Load(path, true, envOf(map[string]string{
		"PBEM_IMAP_PASSWORD_FILE": secret, "PBEM_SMTP_TLS": "STARTTLS", "PBEM_POLL": "5s", "PBEM_SMTP_RETRY": "2s",
	}))
	require.NoError(t, err)
	assert.Equal(t, "imap.example.org:993", c.IMAP.Addr)
	assert.Equal(t, "from-secret-file", c.IMAP.Password)
	assert.Equal(t, "INBOX", c.IMAP.Mailbox)
	assert.Equal(t, "tls", c.IMAP.Mode())
	assert.Equal(t, "starttls", c.SMTP.Mode())
	assert.Equal(t, 5*time.Second, c.Server.Poll)
	assert.Equal(t, 2*time.Second, c.SMTP.Retry)
	require.NoError(t, c.CheckDaemon())
	assert.NotContains(t, c.String(), "from-secret-file", "passwords are never printed")
}

func TestLoadDefaultsAndRefusals(t *testing.T) {
	c, err := Load(filepath.Join(t.TempDir(), "absent.toml"), false, envOf(nil))
	require.NoError(t, err)
	assert.Equal(t, 60*time.Second, c.Server.Poll)
	assert.Equal(t, 30*time.Second, c.SMTP.Retry)
	assert.ErrorContains(t, c.CheckDaemon(), "smtp.addr")
	assert.ErrorContains(t, c.CheckDaemon(), "server.address")

	typo := filepath.Join(t.TempDir(), "typo.toml")
	require.NoError(t, os.WriteFile(typo, []byte("[imap]\nadress = \"x:1\"\n"), 0o600))
	_, err = Load(typo, true, envOf(nil))
	assert.ErrorContains(t, err, "imap.adress", "an unknown key is refused, not ignored")

	_, err = Load(filepath.Join(t.TempDir(), "absent.toml"), true, envOf(nil))
	assert.Error(t, err, "a file named explicitly must exist")
	_, err = Load("", false, envOf(map[string]string{"PBEM_POLL": "often"}))
	assert.ErrorContains(t, err, "server.poll")

	plain, err := Load("", false, envOf(map[string]string{
		"PBEM_IMAP_ADDR": "mail.example.org:143", "PBEM_IMAP_TLS": "none",
		"PBEM_SMTP_ADDR": "127.0.0.1:25", "PBEM_SMTP_TLS": "none", "PBEM_ADDRESS": "pbem@example.org",
	}))
	require.NoError(t, err)
	assert.ErrorContains(t, plain.CheckDaemon(), "loopback", "plain IMAP to a remote host is refused")
}

// TestLoadTrustSettings: sender authentication defaults to off without an
// authserv-id and to not-fail with one; the answer caps are whole numbers.
func TestLoadTrustSettings(t *testing.T) {
	c, err := Load("", false, envOf(nil))
	require.NoError(t, err)
	assert.Equal(t, "off", c.Server.SenderAuth)
	assert.Zero(t, c.Server.AnswersPerHour, "0: the server's default")

	c, err = Load("", false, envOf(map[string]string{"PBEM_AUTHSERV_ID": " mx.example.org ", "PBEM_ANSWERS_PER_HOUR": "3", "PBEM_STRANGERS_PER_HOUR": "50"}))
	require.NoError(t, err)
	assert.Equal(t, "mx.example.org", c.Server.AuthservID)
	assert.Equal(t, "not-fail", c.Server.SenderAuth)
	assert.Equal(t, 3, c.Server.AnswersPerHour)
	assert.Equal(t, 50, c.Server.StrangersPerHour)

	for _, env := range []map[string]string{
		{"PBEM_SENDER_AUTH": "pass"},
		{"PBEM_AUTHSERV_ID": "mx", "PBEM_SENDER_AUTH": "strict"},
		{"PBEM_ANSWERS_PER_HOUR": "5abc"},
		{"PBEM_STRANGERS_PER_HOUR": "-1"},
	} {
		_, err := Load("", false, envOf(env))
		assert.Error(t, err, "%v", env)
	}
}

func TestLoadIMAPFolders(t *testing.T) {
	c, err := Load("", false, envOf(nil))
	require.NoError(t, err)
	assert.Equal(t, "pbem/processed", c.IMAP.Processed)
	assert.Equal(t, "pbem/rejected", c.IMAP.Rejected)

	path := filepath.Join(t.TempDir(), "pbem.toml")
	require.NoError(t, os.WriteFile(path, []byte("[imap]\nprocessed = \"INBOX.pbem.done\"\nrejected = \"games/refused\"\n"), 0o600))
	c, err = Load(path, true, envOf(map[string]string{"PBEM_IMAP_REJECTED": "INBOX.pbem.refused"}))
	require.NoError(t, err)
	assert.Equal(t, "INBOX.pbem.done", c.IMAP.Processed)
	assert.Equal(t, "INBOX.pbem.refused", c.IMAP.Rejected, "the environment wins")

	_, err = Load("", false, envOf(map[string]string{"PBEM_IMAP_PROCESSED": "pbem", "PBEM_IMAP_REJECTED": "pbem"}))
	assert.ErrorContains(t, err, "imap.processed and imap.rejected are both")
}

// TestLoadMetrics: server.metrics is a host:port, from the file or
// PBEM_METRICS, and anything else is refused naming the key.
func TestLoadMetrics(t *testing.T) {
	path := filepath.Join(t.TempDir(), "pbem.toml")
	require.NoError(t, os.WriteFile(path, []byte("[server]\nmetrics = \"127.0.0.1:9464\"\n"), 0o600))
	c, err := Load(path, true, envOf(nil))
	require.NoError(t, err)
	assert.Equal(t, "127.0.0.1:9464", c.Server.Metrics)

	c, err = Load(path, true, envOf(map[string]string{"PBEM_METRICS": ":9100"}))
	require.NoError(t, err)
	assert.Equal(t, ":9100", c.Server.Metrics, "the environment wins")

	_, err = Load("", false, envOf(map[string]string{"PBEM_METRICS": "9464"}))
	assert.ErrorContains(t, err, "server.metrics (PBEM_METRICS) is host:port")
}

// TestLobbyPolicy: the lobby keys load from the environment, and a
// sign-up policy that is not anyone, nobody or domains is refused, saying
// what it may be.
func TestLobbyPolicy(t *testing.T) {
	c, err := Load("", false, envOf(map[string]string{"PBEM_SIGNUP": " Example.org, club.example ", "PBEM_GAMES_PER_DAY": "2",
		"PBEM_GAMES_RUNNING": "4", "PBEM_MAILS_PER_HOUR": "9", "PBEM_CHALLENGE_DAYS": "3", "PBEM_REMATCH": "Off", "PBEM_UNDO": "computer", "PBEM_TAKEOVER": "off"}))
	require.NoError(t, err)
	assert.Equal(t, Lobby{Signup: "example.org, club.example", GamesPerDay: 2, GamesRunning: 4, MailsPerHour: 9, ChallengeDays: 3, Rematch: "off", Undo: "computer", Takeover: "off"}, c.Lobby)
	for _, bad := range []map[string]string{{"PBEM_SIGNUP": "ann@example.org"}, {"PBEM_SIGNUP": "everyone"}, {"PBEM_GAMES_PER_DAY": "five"}, {"PBEM_MAILS_PER_HOUR": "-1"},
		{"PBEM_REMATCH": "no"}, {"PBEM_UNDO": "always"}, {"PBEM_TAKEOVER": "yes"}} {
		_, err := Load("", false, envOf(bad))
		assert.Error(t, err, "%v", bad)
	}
	_, err = Load("", false, envOf(map[string]string{"PBEM_SIGNUP": "everyone"}))
	assert.ErrorContains(t, err, "lobby.signup (PBEM_SIGNUP) is anyone, nobody, or mail domains")
}
