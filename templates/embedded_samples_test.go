package templates

import (
	"testing"

	"github.com/stretchr/testify/require"

	"pbem/lang"
)

// TestEmbeddedOnSamples runs every embedded template on its sample data:
// Load("") leaves that to this test, so that a command's start does not
// pay for it, and a template broken in the source tree fails here.
func TestEmbeddedOnSamples(t *testing.T) {
	sources, err := readSources("")
	require.NoError(t, err)
	require.NotEmpty(t, examples)
	for name, samples := range examples {
		t.Run(name, func(t *testing.T) {
			require.NotEmpty(t, samples, "template %s has no sample data", name)
			parsed, err := parseMail(name, sources)
			require.NoError(t, err)
			for _, tag := range lang.Tags {
				m, err := parsed.in(tag)
				require.NoError(t, err)
				require.NoError(t, m.try(name, sources, samples), "in %s", tag)
			}
		})
	}
}
