package main

import (
	"encoding/json"
	"runtime/debug"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestReadBuildInfo: what version prints for a release, a build from a
// clone with and without changes, and a binary with no build record.
func TestReadBuildInfo(t *testing.T) {
	rev := "0123456789abcdef0123456789abcdef01234567"
	for _, c := range []struct {
		name        string
		info        *debug.BuildInfo
		ok          bool
		text, short string
	}{
		{"release", &debug.BuildInfo{GoVersion: "go1.26.8", Main: debug.Module{Path: "pbem", Version: "v1.4.0"}},
			true, "pbem v1.4.0\nbuilt with go1.26.8\n", "v1.4.0"},
		{"clone", &debug.BuildInfo{GoVersion: "go1.26.8", Main: debug.Module{Path: "pbem", Version: "(devel)"}, Settings: []debug.BuildSetting{
			{Key: "vcs", Value: "git"}, {Key: "vcs.revision", Value: rev}, {Key: "vcs.time", Value: "2026-12-01T12:00:00Z"}, {Key: "vcs.modified", Value: "false"}}},
			true, "pbem (devel)\nrevision " + rev + " of 2026-12-01T12:00:00Z\nbuilt with go1.26.8\n", "(devel) (0123456789ab)"},
		{"changed clone", &debug.BuildInfo{GoVersion: "go1.26.8", Main: debug.Module{Path: "pbem", Version: "(devel)"}, Settings: []debug.BuildSetting{
			{Key: "vcs.revision", Value: rev}, {Key: "vcs.modified", Value: "true"}}},
			true, "pbem (devel)\nrevision " + rev + ", with uncommitted changes\nbuilt with go1.26.8\n", "(devel) (0123456789ab, modified)"},
		{"no record", nil, false, "pbem (devel)\nbuilt with unknown\n", "(devel)"},
	} {
		t.Run(c.name, func(t *testing.T) {
			b := readBuildInfo(c.info, c.ok)
			assert.Equal(t, c.text, b.String())
			assert.Equal(t, c.short, b.short())
		})
	}
}

// TestVersionCommand: version, version --json and --version from the
// binary the tests built.
func TestVersionCommand(t *testing.T) {
	t.Parallel()
	r := pbem(t, "version")
	require.Equal(t, 0, r.code, r.stderr)
	assert.Regexp(t, `^pbem \S+.*\n(revision [0-9a-f]+.*\n)?built with go1\.`, r.stdout)

	r = pbem(t, "version", "--json")
	require.Equal(t, 0, r.code, r.stderr)
	var b buildInfo
	require.NoError(t, json.Unmarshal([]byte(r.stdout), &b))
	assert.NotEmpty(t, b.Version)
	assert.Regexp(t, `^go1\.`, b.Go)

	r = pbem(t, "--version")
	require.Equal(t, 0, r.code, r.stderr)
	assert.Equal(t, "pbem "+b.short()+"\n", r.stdout)
}
