package parser

import (
	"fmt"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"pbem/engine"
	"pbem/engine/amplitude"
	"pbem/engine/chiffres"
	"pbem/engine/ludicitude"
)

func TestGameBlocks(t *testing.T) {
	cases := []struct {
		name string
		text string
		want []GameBlock
	}{
		{"one move", "game 12: #7 H8 right 34251", []GameBlock{{Game: 12, Line: 1, Text: "#7 H8 right 34251"}}},
		{"any case, a # before the number, spaces", "Game #12 : #7 pass\n  GAME 3:board  ", []GameBlock{
			{Game: 12, Line: 1, Text: "#7 pass"}, {Game: 3, Line: 2, Text: "board"},
		}},
		{"lines of one game grouped, in order", "game 12: #7 pass\ngame 14: #3 H8 down 123\ngame 12: history", []GameBlock{
			{Game: 12, Line: 1, Text: "#7 pass\nhistory"}, {Game: 14, Line: 2, Text: "#3 H8 down 123"},
		}},
		{"chatter around", "Hi all,\nHere are my moves:\n\ngame 12: #7 pass\nThat one took me 2 hours.\nGame 14 was fun\nAnn", []GameBlock{
			{Game: 12, Line: 4, Text: "#7 pass"},
		}},
		{"quotes and signature", "game 12: pass\n> game 14: #3 pass\n-- \ngame 15: pass", []GameBlock{{Game: 12, Line: 1, Text: "pass"}}},
		{"a line naming a game with nothing after it", "game 12:", []GameBlock{{Game: 12, Line: 1, Text: ""}}},
		{"no game named", "Thanks for the digest!\nSee you on 2026-12-24.", nil},
		{"a move without its game is chatter", "#7 H8 right 34251", nil},
		{"in French", "Bonjour,\npartie 12 : #7 passer\nPartie #14: plateau\nla partie 15 était dure", []GameBlock{
			{Game: 12, Line: 2, Text: "#7 passer"}, {Game: 14, Line: 3, Text: "plateau"},
		}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			got, err := GameBlocks(c.text)
			require.NoError(t, err)
			assert.Equal(t, c.want, got)
		})
	}
}

// TestGameBlocksRefused: a game numbered 0, and more lines naming games
// than a mail may hold commands, refuse the reply in a sentence.
func TestGameBlocksRefused(t *testing.T) {
	_, err := GameBlocks("game 12: pass\ngame 0: pass")
	require.Error(t, err)
	assert.True(t, engine.IsRefusal(err))
	var lr *LineRefusal
	require.ErrorAs(t, err, &lr)
	assert.Equal(t, "game 0: pass", lr.Written)
	assert.Equal(t, 2, lr.Line)

	many := strings.Repeat("game 12: board\n", MaxCommands)
	_, err = GameBlocks(many)
	require.NoError(t, err, "as many as a mail may hold")
	_, err = GameBlocks(many + "game 13: pass")
	require.Error(t, err)
	assert.True(t, engine.IsRefusal(err))
	assert.Contains(t, err.Error(), fmt.Sprintf("at most %d commands", MaxCommands))
}

// FuzzGameBlocks: whatever a reply holds, its blocks name each game once,
// from 1, in the order of their lines, hold no more lines than a mail may
// hold commands, read again as they were written, and give each game's
// Commands a text it reads.
func FuzzGameBlocks(f *testing.F) {
	for _, s := range []string{"game 12: #7 H8 right 34251", "Game #3 : pass\ngame 4: board\ngame 3: history", "game 0: pass",
		"> game 1: pass\n-- \ngame 2: x", "game 99999999999999: pass", "game 5:\r\ngame 5: game 6: pass",
		"partie 12 : #7 passer\nPartie 13: aide"} {
		f.Add(s)
	}
	games := []engine.Game{amplitude.Game{}, chiffres.Game{}, ludicitude.Game{}}
	f.Fuzz(func(t *testing.T, text string) {
		blocks, err := GameBlocks(text)
		if err != nil {
			assert.True(t, engine.IsRefusal(err))
			return
		}
		seen := map[int64]bool{}
		lines, last := 0, 0
		var again strings.Builder
		for _, b := range blocks {
			assert.Positive(t, b.Game)
			assert.False(t, seen[b.Game], "game %d named by two blocks", b.Game)
			seen[b.Game] = true
			assert.Greater(t, b.Line, last, "blocks in the order of their lines")
			last = b.Line
			for _, l := range strings.Split(b.Text, "\n") {
				lines++
				fmt.Fprintf(&again, "game %d: %s\n", b.Game, l)
			}
			for _, g := range games {
				cmds, err := Commands(b.Text, g)
				if err == nil {
					assert.LessOrEqual(t, len(cmds), MaxCommands)
				}
			}
		}
		assert.LessOrEqual(t, lines, MaxCommands)
		if again.Len() == 0 {
			return
		}
		reread, err := GameBlocks(again.String())
		require.NoError(t, err)
		require.Len(t, reread, len(blocks))
		for i := range blocks {
			assert.Equal(t, blocks[i].Game, reread[i].Game)
			assert.Equal(t, blocks[i].Text, reread[i].Text, "the blocks read again as written")
		}
	})
}
