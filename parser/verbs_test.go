package parser

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"pbem/engine/amplitude"
)

// TestVerbs: the commands about a player's games read strictly — their
// forms are commands, a short line that starts like one but does not read
// is refused with the form, and chatter that opens with the same word
// stays chatter.
func TestVerbs(t *testing.T) {
	g := amplitude.Game{}
	for _, c := range []struct {
		line, verb, text string
		mistyped         bool
	}{
		{"try H8 right 34251", Try, "H8 right 34251", false},
		{"#4 try H8 down 345", Try, "H8 down 345", false},
		{"try H8 rigth 34251", Try, "H8 rigth 34251", true},
		{"try", Try, "", true},
		{"try again tomorrow, I am tired", "", "", false},
		{"standings", Standings, "", false},
		{"standings please", Standings, "", false},
		{"vacation 5d", Vacation, "5d", false},
		{"Vacation 72h.", Vacation, "72h", false},
		{"vacation until 2026-12-24", Vacation, "until 2026-12-24", false},
		{"vacation next week", Vacation, "", true},
		{"vacation is over, back to the game now my friends", "", "", false},
		{"back", Back, "", false},
		{"Back!", Back, "", false},
		{"back home now", "", "", false},
		{"mail turn", MailPref, "turn", false},
		{"mail every", MailPref, "every", false},
		{"mail digest 8:30", MailPref, "digest 8:30", false},
		{"mail weekly", MailPref, "", true},
		{"mail me when you can, I will answer", "", "", false},
		{"Mail me later", "", "", false},
		{"mail sent", "", "", false},
		{"mail everyone the board", "", "", false},
		{"mail on its way", "", "", false},
		{"mail digest", MailPref, "", true},
		{"Mail daily please", MailPref, "", true},
		{"mail turns", MailPref, "", true},
		{"pictures off", Pictures, "off", false},
		{"Pictures ON.", Pictures, "on", false},
		{"pictures no", Pictures, "", true},
		{"pictures of the board look great on my phone", "", "", false},
		{"watch 12", Watch, "12", false},
		{"watch game #12", Watch, "12", false},
		{"unwatch", Unwatch, "", false},
		{"watch out for the bonus squares", "", "", false},
		{"stop", Stop, "", false},
		{"unsubscribe", Stop, "", false},
		{"stop it, that was a great move", "", "", false},
		{"rematch", Rematch, "", false},
		{"Rematch!", Rematch, "", false},
		{"rematch soon, I hope", "", "", false},
		{"accept", Accept, "", false},
		{"Accept.", Accept, "", false},
		{"accept my apologies for the late move", "", "", false},
		{"undo", Undo, "", false},
		{"Undo!", Undo, "", false},
		{"undo that last move please", "", "", false},
	} {
		cmds, err := Commands(c.line, g)
		require.NoError(t, err, c.line)
		if c.verb == "" {
			assert.Empty(t, cmds, "%q is chatter", c.line)
			continue
		}
		require.Len(t, cmds, 1, c.line)
		assert.Equal(t, c.verb, cmds[0].Verb, c.line)
		if !c.mistyped {
			assert.Equal(t, c.text, cmds[0].Text, c.line)
		}
		assert.Equal(t, c.mistyped, cmds[0].Err != nil, "%q mistyped: %v", c.line, cmds[0].Err)
	}
}

// TestControlCommands: watch, unwatch and stop read from anyone's mail,
// without a game; other lines are skipped.
func TestControlCommands(t *testing.T) {
	cmds := ControlCommands("Hello,\nwatch 12\nI love this game.\nunwatch 3\n> stop\nstop\n-- \nstop")
	require.Len(t, cmds, 3)
	assert.Equal(t, []string{Watch, Unwatch, Stop}, []string{cmds[0].Verb, cmds[1].Verb, cmds[2].Verb})
	assert.Equal(t, "12", cmds[0].Text)
	assert.Equal(t, "3", cmds[1].Text)
}
