package rekey

import (
	"testing"

	"github.com/stretchr/testify/assert"

	"pbem/parser"
)

func TestRequested(t *testing.T) {
	assert.True(t, Requested([]parser.Command{{Verb: parser.Board}, {Verb: parser.Rekey}}))
	assert.False(t, Requested([]parser.Command{{Verb: parser.Board}}))
	assert.False(t, Requested(nil))
}
