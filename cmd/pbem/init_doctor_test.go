package main

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"pbem/mailer/loopback"
)

// TestInitThenDoctor is a new operator's first minutes: pbem init in an
// empty folder, the keys they need uncommented and set in the file it
// wrote (nothing in the environment), then pbem doctor against their IMAP
// server and the SMTP relay that delivers into it: every check ok.
func TestInitThenDoctor(t *testing.T) {
	t.Parallel()
	w := newDoctorWorld(t, loopback.IMAPOptions{}, false)
	dir := t.TempDir()
	run := func(args ...string) (string, error) {
		cmd := exec.Command(binary, args...)
		cmd.Dir = dir
		for _, kv := range os.Environ() {
			if !strings.HasPrefix(kv, "PBEM_") {
				cmd.Env = append(cmd.Env, kv)
			}
		}
		var out bytes.Buffer
		cmd.Stdout, cmd.Stderr = &out, &out
		err := cmd.Run()
		return out.String(), err
	}
	out, err := run("init")
	require.NoError(t, err, out)

	set := map[string]map[string]string{
		"imap":   {"addr": w.env["PBEM_IMAP_ADDR"], "user": doctorUser, "password": doctorPassword, "tls": "none"},
		"smtp":   {"addr": w.env["PBEM_SMTP_ADDR"], "user": relayUser, "password": relayPassword, "tls": "none"},
		"server": {"address": "games@example.test"},
	}
	path := filepath.Join(dir, "pbem.toml")
	data, err := os.ReadFile(path)
	require.NoError(t, err)
	commented := regexp.MustCompile(`^# ([a-z_]+) = `)
	section, done := "", 0
	lines := strings.Split(string(data), "\n")
	for i, l := range lines {
		if strings.HasPrefix(l, "[") {
			section = strings.Trim(l, "[]")
			continue
		}
		if m := commented.FindStringSubmatch(l); m != nil {
			if v, ok := set[section][m[1]]; ok {
				lines[i] = m[1] + " = " + `"` + v + `"`
				done++
			}
		}
	}
	require.Equal(t, 9, done, "every key to set is in the file init wrote, commented out")
	require.NoError(t, os.WriteFile(path, []byte(strings.Join(lines, "\n")), 0o600))

	out, err = run("doctor", "--wait", "10s")
	require.NoError(t, err, out)
	for _, l := range strings.Split(strings.TrimSpace(out), "\n") {
		assert.True(t, strings.HasPrefix(l, "ok  "), "%s", l)
	}
	assert.Contains(t, out, "ok  plus addressing")
	assert.Contains(t, out, "ok  database schema")
}
