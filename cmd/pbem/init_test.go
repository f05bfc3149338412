package main

import (
	"bytes"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"pbem/config"
)

// pbemIn runs the binary in dir with extra environment variables.
func pbemIn(t *testing.T, dir string, env []string, args ...string) result {
	t.Helper()
	cmd := exec.Command(binary, args...)
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), env...)
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	err := cmd.Run()
	r := result{stdout: stdout.String(), stderr: stderr.String()}
	var exit *exec.ExitError
	if errors.As(err, &exit) {
		r.code = exit.ExitCode()
	} else {
		require.NoError(t, err)
	}
	return r
}

// TestInit: init writes the template and a database at the default
// paths, the file readable by its owner only and read back as the
// defaults; run again, or with either file present, it refuses, in words,
// and changes nothing.
func TestInit(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	r := pbemIn(t, dir, nil, "init")
	require.Equal(t, 0, r.code, r.stderr)
	assert.Contains(t, r.stdout, "wrote pbem.toml")
	assert.Contains(t, r.stdout, "created pbem.db (schema version ")
	written, err := os.ReadFile(filepath.Join(dir, "pbem.toml"))
	require.NoError(t, err)
	assert.Equal(t, config.Template(), string(written))
	info, err := os.Stat(filepath.Join(dir, "pbem.toml"))
	require.NoError(t, err)
	assert.Equal(t, os.FileMode(0o600), info.Mode().Perm(), "the operator may put passwords in it")
	r = pbemIn(t, dir, nil, "game", "list")
	require.Equal(t, 0, r.code, "the written file is read without complaint: %s", r.stderr)

	r = pbemIn(t, dir, nil, "init")
	assert.Equal(t, 1, r.code)
	assert.Contains(t, r.stderr, "the configuration file pbem.toml exists; init never overwrites one")
	again, err := os.ReadFile(filepath.Join(dir, "pbem.toml"))
	require.NoError(t, err)
	assert.Equal(t, written, again)

	// A database of its own, a configuration elsewhere: refused without
	// writing the configuration.
	other := t.TempDir()
	r = pbemIn(t, other, nil, "--config", "elsewhere.toml", "--db", filepath.Join(dir, "pbem.db"), "init")
	assert.Equal(t, 1, r.code)
	assert.Contains(t, r.stderr, "the database "+filepath.Join(dir, "pbem.db")+" exists")
	assert.NoFileExists(t, filepath.Join(other, "elsewhere.toml"))

	r = pbemIn(t, other, []string{"PBEM_TEMPLATES=" + filepath.Join(other, "no-such-folder")}, "init")
	assert.Equal(t, 1, r.code, "a configuration refused")
	assert.NoFileExists(t, filepath.Join(other, "pbem.toml"), "init leaves nothing behind when it fails")
	assert.NoFileExists(t, filepath.Join(other, "pbem.db"))

	r = pbemIn(t, other, nil, "--config", "etc/pbem.toml", "--db", "var/pbem.db", "init")
	assert.Equal(t, 1, r.code, "a folder that does not exist is not created")
	assert.Contains(t, r.stderr, "pbem init: write the configuration")
}
