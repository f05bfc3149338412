package archive

import (
	"testing"

	"github.com/stretchr/testify/assert"
)

// TestOptionPairs: options as KEY=VALUE in the order of their keys, a
// value kept as it is, none as nil.
func TestOptionPairs(t *testing.T) {
	for _, c := range []struct {
		name string
		opts map[string]string
		want []string
	}{
		{"none", nil, nil},
		{"empty", map[string]string{}, nil},
		{"one", map[string]string{"clock": "72h"}, []string{"clock=72h"}},
		{"by key", map[string]string{"clock": "72h", "bag": "123", "bot_nodes": "1000"}, []string{"bag=123", "bot_nodes=1000", "clock=72h"}},
		{"a key before a longer one", map[string]string{"a-b": "2", "a": "1"}, []string{"a=1", "a-b=2"}},
		{"an empty value, an equals sign in one", map[string]string{"x": "", "y": "a=b"}, []string{"x=", "y=a=b"}},
	} {
		t.Run(c.name, func(t *testing.T) {
			assert.Equal(t, c.want, OptionPairs(c.opts))
		})
	}
}
