package main

import (
	"bufio"
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// unitFile is contrib/pbem.service read as systemd does: section → key →
// values, in order (a key may be given more than once).
func unitFile(t *testing.T, text string) map[string]map[string][]string {
	t.Helper()
	out := map[string]map[string][]string{}
	section := ""
	sc := bufio.NewScanner(strings.NewReader(text))
	for sc.Scan() {
		line := strings.TrimSpace(sc.Text())
		switch {
		case line == "" || strings.HasPrefix(line, "#") || strings.HasPrefix(line, ";"):
		case strings.HasPrefix(line, "[") && strings.HasSuffix(line, "]"):
			section = strings.Trim(line, "[]")
			out[section] = map[string][]string{}
		default:
			k, v, ok := strings.Cut(line, "=")
			require.True(t, ok, "not KEY=VALUE: %q", line)
			require.NotEmpty(t, section, "%q before any section", line)
			out[section][k] = append(out[section][k], v)
		}
	}
	return out
}

// TestSystemdUnit: the unit in contrib/ runs serve on the state directory
// with the hardening docs/operators.md promises, its passwords as
// credentials; where systemd-analyze is installed, systemd itself
// accepts the file.
func TestSystemdUnit(t *testing.T) {
	t.Parallel()
	data, err := os.ReadFile(filepath.Join("..", "..", "contrib", "pbem.service"))
	require.NoError(t, err)
	unit := unitFile(t, string(data))
	svc := unit["Service"]
	require.NotNil(t, svc, "no [Service] section")
	for key, want := range map[string]string{
		"DynamicUser": "yes", "StateDirectory": "pbem", "WorkingDirectory": "/var/lib/pbem",
		"ProtectSystem": "strict", "ProtectHome": "yes", "PrivateTmp": "yes", "NoNewPrivileges": "yes",
		"Restart": "on-failure",
	} {
		assert.Equal(t, []string{want}, svc[key], key)
	}
	require.Len(t, svc["ExecStart"], 1)
	exec0 := strings.Fields(svc["ExecStart"][0])
	assert.Equal(t, "serve", exec0[len(exec0)-1])
	assert.Contains(t, svc["ExecStart"][0], "--db /var/lib/pbem/pbem.db", "the database in the one writable folder")
	creds := strings.Join(svc["LoadCredential"], " ")
	env := strings.Join(svc["Environment"], " ")
	for _, c := range []struct{ cred, variable string }{{"imap-password", "PBEM_IMAP_PASSWORD_FILE"}, {"smtp-password", "PBEM_SMTP_PASSWORD_FILE"}} {
		assert.Contains(t, creds, c.cred+":")
		assert.Contains(t, env, c.variable+"=%d/"+c.cred, "the password read from the credential")
	}
	assert.Equal(t, []string{"multi-user.target"}, unit["Install"]["WantedBy"])

	analyze, err := exec.LookPath("systemd-analyze")
	if err != nil {
		t.Log("systemd-analyze is not installed: the unit was checked by its keys only")
		return
	}
	// verify checks that the binary exists: the one the tests built.
	local := filepath.Join(t.TempDir(), "pbem.service")
	require.NoError(t, os.WriteFile(local, bytes.ReplaceAll(data, []byte("/usr/local/bin/pbem"), []byte(binary)), 0o644))
	out, err := exec.Command(analyze, "verify", local).CombinedOutput()
	assert.NoError(t, err, "systemd-analyze verify:\n%s", out)
	assert.Empty(t, strings.TrimSpace(string(out)), "systemd-analyze verify has warnings")
}
