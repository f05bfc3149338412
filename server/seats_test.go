package server

import (
	"pbem/server/core"

	"context"
	"fmt"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"pbem/engine/amplitude"
	"pbem/parser"
	"pbem/store"
)

// TestCheckSeats: the seats game new and game import both store, in the
// order asked, and the sentence each refusal says.
func TestCheckSeats(t *testing.T) {
	srv, _ := newTestServer(t)
	ann, bob := core.AskedSeat{Email: "ann@Example.ORG", Name: " Ann "}, core.AskedSeat{Email: "bob@example.org"}
	robot := core.AskedSeat{Bot: true, Name: " Robot "}
	for _, c := range []struct {
		name   string
		asked  []core.AskedSeat
		want   []store.NewSeat
		refuse string
	}{
		{name: "players then a computer", asked: []core.AskedSeat{ann, bob, robot},
			want: []store.NewSeat{{Email: "ann@example.org", Name: "Ann"}, {Email: "bob@example.org"}, {Bot: "Robot"}}},
		{name: "a computer between players", asked: []core.AskedSeat{ann, robot, bob},
			want: []store.NewSeat{{Email: "ann@example.org", Name: "Ann"}, {Bot: "Robot"}, {Email: "bob@example.org"}}},
		{name: "two computers of one label", asked: []core.AskedSeat{robot, robot},
			want: []store.NewSeat{{Bot: "Robot"}, {Bot: "Robot"}}},
		{name: "an address twice", asked: []core.AskedSeat{ann, robot, {Email: "ann@example.org"}},
			refuse: "ann@example.org is given twice: a player takes one seat"},
		{name: "not an address", asked: []core.AskedSeat{{Email: "ann at example.org"}},
			refuse: `"ann at example.org" is not a mail address`},
		{name: "an address with a display name", asked: []core.AskedSeat{{Email: "Ann <ann@example.org>"}},
			refuse: `"Ann <ann@example.org>" is not a mail address`},
		{name: "a player's name on two lines", asked: []core.AskedSeat{{Email: "ann@example.org", Name: "Ann\r\nBcc: all@x.org"}},
			refuse: "the name of ann@example.org is refused: a name may not hold control characters such as a line break (U+000D): write it on one line"},
		{name: "a player's name in fullwidth letters", asked: []core.AskedSeat{{Email: "ann@example.org", Name: "Ａｎｎ  Ｓｍｉｔｈ"}, robot},
			want: []store.NewSeat{{Email: "ann@example.org", Name: "Ann Smith"}, {Bot: "Robot"}}},
		{name: "two players named alike", asked: []core.AskedSeat{ann, {Email: "bob@example.org", Name: "ANN"}},
			refuse: "the name of bob@example.org is refused: ann@example.org is named Ann already: give each player a name of their own"},
		{name: "a computer's label with a bidirectional override", asked: []core.AskedSeat{ann, {Bot: true, Name: "\u202Etobor"}},
			refuse: "the name of computer seat 2 is refused: a name may not hold invisible or direction-changing characters (U+202E)"},
		{name: "a computer without a label", asked: []core.AskedSeat{ann, {Bot: true, Name: "  "}},
			refuse: "a computer seat needs a name, as --bot Robot"},
		{name: "too few seats", asked: []core.AskedSeat{ann},
			refuse: "Amplitude is played by 2 to 6 players, and 1 seats were given"},
		{name: "too many seats", asked: []core.AskedSeat{robot, robot, robot, robot, robot, robot, robot},
			refuse: "Amplitude is played by 2 to 6 players, and 7 seats were given"},
		{name: "a computer's label too long", asked: []core.AskedSeat{{Bot: true, Name: strings.Repeat("r", parser.MaxNameLength+1)}},
			refuse: fmt.Sprintf("the name of computer seat 1 is refused: a name has at most %d characters", parser.MaxNameLength)},
	} {
		t.Run(c.name, func(t *testing.T) {
			seats, err := srv.people.checkSeats(context.Background(), amplitude.Game{}, c.asked)
			if c.refuse != "" {
				assert.EqualError(t, err, c.refuse)
				return
			}
			require.NoError(t, err)
			assert.Equal(t, c.want, seats)
		})
	}
}

// TestSeatedByAddressNamedAsTheyChose: a player with a name, seated by
// their address alone, plays under their name, and the game's mails greet
// them by it rather than by their address.
func TestSeatedByAddressNamedAsTheyChose(t *testing.T) {
	g := newLobby(t, "ann")
	ctx := context.Background()
	id, err := g.srv.Create(ctx, core.NewGame{Game: "amplitude", Seed: seed(3), Players: []core.Player{{Email: "ann@example.org"}, {Email: "dan@example.net"}}})
	require.NoError(t, err)
	row, err := g.st.Game(ctx, id)
	require.NoError(t, err)
	assert.Equal(t, []string{"Ann", "dan@example.net"}, core.Names(row), "an address of no one's named is itself")
	assert.Contains(t, g.last("ann@example.org").text, "Hello Ann,")
}
