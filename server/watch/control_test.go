package watch

import (
	"testing"

	"github.com/stretchr/testify/assert"

	"pbem/parser"
)

// Command picks out the commands anyone may send, wherever they stand.
func TestCommand(t *testing.T) {
	cases := []struct {
		cmds []parser.Command
		verb string
		ok   bool
	}{
		{[]parser.Command{{Verb: parser.Board}, {Verb: parser.Unwatch}}, parser.Unwatch, true},
		{[]parser.Command{{Verb: parser.Stop}}, parser.Stop, true},
		{[]parser.Command{{Verb: parser.Watch, Text: "12"}}, parser.Watch, true},
		{[]parser.Command{{Verb: parser.Board}, {Verb: parser.History}}, "", false},
		{nil, "", false},
	}
	for _, c := range cases {
		got, ok := Command(c.cmds)
		assert.Equal(t, c.ok, ok, "%v", c.cmds)
		assert.Equal(t, c.verb, got.Verb, "%v", c.cmds)
	}
}
