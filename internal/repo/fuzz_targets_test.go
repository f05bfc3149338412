package repo

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestMakefileFuzzesEveryTarget: every func FuzzX of the tree's tests is
// in the Makefile's FUZZ_TARGETS as ./pkg:FuzzX, and every target there
// exists (make fuzz also fails on one that does not, but only when run).
func TestMakefileFuzzesEveryTarget(t *testing.T) {
	root := filepath.Join("..", "..")
	makefile, err := os.ReadFile(filepath.Join(root, "Makefile"))
	require.NoError(t, err)
	m := regexp.MustCompile(`(?s)FUZZ_TARGETS = \\\n(.*?)\n\n`).FindSubmatch(makefile)
	require.NotNil(t, m, "the Makefile's FUZZ_TARGETS")
	listed := map[string]bool{}
	for _, f := range strings.Fields(strings.ReplaceAll(string(m[1]), "\\", " ")) {
		listed[f] = true
	}

	decl := regexp.MustCompile(`(?m)^func (Fuzz\w*)\(\w+ \*testing\.F\)`)
	found := map[string]bool{}
	err = filepath.WalkDir(root, func(path string, d os.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() && (strings.HasPrefix(d.Name(), ".") || d.Name() == "testdata") && path != root {
			return filepath.SkipDir
		}
		if d.IsDir() || !strings.HasSuffix(path, "_test.go") {
			return nil
		}
		src, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		rel, err := filepath.Rel(root, filepath.Dir(path))
		if err != nil {
			return err
		}
		for _, f := range decl.FindAllSubmatch(src, -1) {
			found["./"+filepath.ToSlash(rel)+":"+string(f[1])] = true
		}
		return nil
	})
	require.NoError(t, err)
	require.NotEmpty(t, found)
	for f := range found {
		assert.True(t, listed[f], "%s is not in the Makefile's FUZZ_TARGETS", f)
	}
	for f := range listed {
		assert.True(t, found[f], "the Makefile's FUZZ_TARGETS names %s, which no test file declares", f)
	}
}
