package parser

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"pbem/engine"
	"pbem/engine/amplitude"
	"pbem/engine/chiffres"
	"pbem/engine/ludicitude"
)

// brief drops what a test of a command's reading does not compare.
func brief(cmds []Command) []Command {
	var out []Command
	for _, c := range cmds {
		out = append(out, Command{Line: c.Line, Guard: c.Guard, Verb: c.Verb, Text: c.Text})
	}
	return out
}

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
		{"shared verbs, leniently", "Board please\nhelp?", []Command{
			{Line: 1, Verb: Board, Text: "Board please"}, {Line: 2, Verb: Help, Text: "help?"},
		}},
		{"quotes and signature", "  pass  \r\n\n> H8 right 123\n-- \nAlice\nexchange 1", []Command{{Line: 1, Verb: Move, Text: "pass"}}},
		{"chatter around a move", "Hi Bob,\ntook me 2 hours to find this\n\nH8 right 34251\n\nsee you at 10:30\nAnn\n+33 6 12 34 56 78",
			[]Command{{Line: 4, Verb: Move, Text: "H8 right 34251"}}},
		{"a sentence opening with a move word is chatter", "Draw me a picture of the board\nPass the salt, please\nHelp me understand this rule please",
			nil},
		{"chatter only", "Thanks for the game!\nSee you on 2026-12-24.", nil},
		{"a hashtag is chatter", "#blessed\nH8 down 123", []Command{{Line: 2, Verb: Move, Text: "H8 down 123"}}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			got, err := Commands(c.text, amplitude.Game{})
			require.NoError(t, err)
			assert.Equal(t, c.want, brief(got))
			for _, cmd := range got {
				assert.NoError(t, cmd.Err, cmd.Text)
			}
		})
	}
}

// TestCommandsMistyped: a line that starts like a command but does not
// parse is kept, with the game's reason, so that it refuses the mail.
func TestCommandsMistyped(t *testing.T) {
	cases := []struct {
		game engine.Game
		line string
	}{
		{amplitude.Game{}, "H8 rihgt 34251"},
		{amplitude.Game{}, "H8 right"},
		{amplitude.Game{}, "H8"},
		{amplitude.Game{}, "h8right 34251"},
		{amplitude.Game{}, "P3 down 123"},
		{amplitude.Game{}, "exchange all my tokens"},
		{amplitude.Game{}, "pass please"},
		{amplitude.Game{}, "#12 took me 2 hours"},
		{chiffres.Game{}, "7 F10"},
		{chiffres.Game{}, "place 12 at F4"},
		{chiffres.Game{}, "F4 = 77"},
		{ludicitude.Game{}, "c1-c9"},
		{ludicitude.Game{}, "*h9"},
		{ludicitude.Game{}, "drop z1"},
		{ludicitude.Game{}, "resign now"},
	}
	for _, c := range cases {
		t.Run(c.game.ID()+" "+c.line, func(t *testing.T) {
			got, err := Commands("Hi!\n"+c.line+"\nBye, 2 of us left", c.game)
			require.NoError(t, err)
			require.Len(t, got, 1)
			assert.Nil(t, got[0].Move)
			require.Error(t, got[0].Err)
			assert.True(t, engine.IsRefusal(got[0].Err))
			_, want := c.game.Parse(got[0].Text)
			assert.Equal(t, want, got[0].Err, "the game's own reason")
		})
	}
}

// TestCommandsChatterInEachGame: lines with digits that no game's moves
// start like are chatter in every game.
func TestCommandsChatterInEachGame(t *testing.T) {
	chatter := "took me 2 hours\n2 more moves and I win\n06 12 34 56 78\n+49 30 1234567\n30/11/2026\n" +
		"at 10:30 tomorrow\n3 + 4 = 7, right?\nI played 7 on Monday\nDraw me a picture of the board\n" +
		"F1 race was great\nA4 paper please\nM25 was jammed\nB2B meeting at the club"
	for _, g := range []engine.Game{amplitude.Game{}, chiffres.Game{}, ludicitude.Game{}} {
		got, err := Commands(chatter, g)
		require.NoError(t, err, g.ID())
		assert.Empty(t, got, g.ID())
	}
}

func TestCommandsRefusals(t *testing.T) {
	for _, text := range []string{"#0 pass", "#3", "#99999999999999999999 pass"} {
		_, err := Commands(text, amplitude.Game{})
		require.Error(t, err, text)
		assert.True(t, engine.IsRefusal(err), text)
	}
}

// TestCommandsCap: the cap counts commands, not chatter.
func TestCommandsCap(t *testing.T) {
	text := ""
	for range MaxCommands {
		text += "board\nnice one, 3 points\n"
	}
	got, err := Commands(text, amplitude.Game{})
	require.NoError(t, err)
	assert.Len(t, got, MaxCommands)
	_, err = Commands(text+"help\n", amplitude.Game{})
	assert.True(t, engine.IsRefusal(err))
}

func FuzzCommands(f *testing.F) {
	for _, s := range []string{"pass", "#3 H8 right 123", "say hi\n-- \nsig", "> q\nboard", "#99999999999999999999 x",
		"took me 2 hours\nH8 rihgt 1", "7 F4\nc1-c3", "aide\nPLATEAU\nhistorique\nrègles", "dire Bien joué !\nDire que j'ai perdu",
		"vacances jusqu’au 2026-12-24", "courrier résumé 08:30", "ne plus regarder 12", "langue français\nlang", "essayer H8 droite 34251",
		"rematch\nRevanche !", "accept\naccepter.", "undo\nreprendre !"} {
		f.Add(s)
	}
	games := []engine.Game{amplitude.Game{}, chiffres.Game{}, ludicitude.Game{}}
	f.Fuzz(func(t *testing.T, text string) {
		for _, g := range games {
			cmds, err := Commands(text, g)
			if err != nil {
				assert.True(t, engine.IsRefusal(err))
				continue
			}
			assert.LessOrEqual(t, len(cmds), MaxCommands)
			for _, c := range cmds {
				assert.NotEmpty(t, c.Verb)
				assert.Positive(t, c.Line)
				if c.Verb == Move {
					assert.True(t, (c.Move == nil) != (c.Err == nil), "a move line is read or refused: %+v", c)
				}
			}
		}
	})
}
