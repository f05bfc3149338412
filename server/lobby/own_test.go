package lobby

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"

	"pbem/parser"
)

// TestOwnCommand: what a player the operator seated may do without an
// account — look, and act on what they are in — and what takes one.
func TestOwnCommand(t *testing.T) {
	for _, c := range []struct {
		verb, args string
		own        bool
	}{
		{parser.Games, "", true},
		{parser.Games, "open", false},
		{parser.BoardOf, "12", true},
		{parser.Ladder, "", true},
		{parser.Ladder, "amplitude", true},
		{parser.Ladder, "leave amplitude", true},
		{parser.Ladder, "challenge Ann", true},
		{parser.Ladder, "join amplitude", false},
		{parser.Ladder, "Rejoindre amplitude", false},
		{parser.Tournaments, "", true},
		{parser.Tournament, "3", true},
		{parser.Tournament, "withdraw 3", true},
		{parser.Tournament, "join 3", false},
		{parser.Tournament, "nouveau chiffres suisse 3", false},
		{parser.Tournament, "new chiffres knockout open 4", false},
		{parser.New, "amplitude with computer", false},
		{parser.Join, "12", false},
		{parser.Takeovers, "", false},
	} {
		got := ownCommand(parser.LobbyCommand{Verb: c.verb, Args: strings.Fields(c.args)})
		assert.Equal(t, c.own, got, "%s %s", c.verb, c.args)
	}
}
