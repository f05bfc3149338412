package parser

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"pbem/engine"
)

func TestCommands(t *testing.T) {
	cases := []struct {
		name string
		text string
		want []Command
	}{
		{"one move", "H8 right 3+4-5=2", []Command{{Line: 1, Verb: Move, Text: "H8 right 3+4-5=2"}}},
		{"guard", "#12 pass\n", []Command{{Line: 1, Guard: 12, Verb: Move, Text: "pass"}}},
		{"shared verbs", "board\nHISTORY\nhelp\nsay well played!", []Command{
			{Line: 1, Verb: Board, Text: "board"}, {Line: 2, Verb: History, Text: "HISTORY"},
			{Line: 3, Verb: Help, Text: "help"}, {Line: 4, Verb: Say, Text: "well played!"},
		}},
		{"quotes and signature", "  pass  \r\n\n> H8 right 123\n-- \nAlice\nexchange 1", []Command{{Line: 1, Verb: Move, Text: "pass"}}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			got, err := Commands(c.text)
			require.NoError(t, err)
			assert.Equal(t, c.want, got)
		})
	}
}

func TestCommandsRefusals(t *testing.T) {
	for _, text := range []string{"", "> quoted only", "#x pass", "#0 pass", "#3", "-- \npass"} {
		_, err := Commands(text)
		require.Error(t, err, text)
		assert.True(t, engine.IsRefusal(err), text)
	}
}

func FuzzCommands(f *testing.F) {
	for _, s := range []string{"pass", "#3 H8 right 123", "say hi\n-- \nsig", "> q\nboard", "#99999999999999999999 x"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, text string) {
		cmds, err := Commands(text)
		if err != nil {
			assert.True(t, engine.IsRefusal(err))
			return
		}
		assert.NotEmpty(t, cmds)
		assert.LessOrEqual(t, len(cmds), maxCommands)
		for _, c := range cmds {
			assert.NotEmpty(t, c.Verb)
			assert.Positive(t, c.Line)
		}
	})
}
