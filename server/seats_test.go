package server

import (
	"fmt"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"pbem/engine/amplitude"
	"pbem/store"
)

// TestCheckSeats: the seats game new and game import both store, in the
// order asked, and the sentence each refusal says.
func TestCheckSeats(t *testing.T) {
	ann, bob := askedSeat{Email: "ann@Example.ORG", Name: " Ann "}, askedSeat{Email: "bob@example.org"}
	robot := askedSeat{Bot: true, Name: " Robot "}
	for _, c := range []struct {
		name   string
		asked  []askedSeat
		want   []store.NewSeat
		refuse string
	}{
		{name: "players then a computer", asked: []askedSeat{ann, bob, robot},
			want: []store.NewSeat{{Email: "ann@example.org", Name: "Ann"}, {Email: "bob@example.org"}, {Bot: "Robot"}}},
		{name: "a computer between players", asked: []askedSeat{ann, robot, bob},
			want: []store.NewSeat{{Email: "ann@example.org", Name: "Ann"}, {Bot: "Robot"}, {Email: "bob@example.org"}}},
		{name: "two computers of one label", asked: []askedSeat{robot, robot},
			want: []store.NewSeat{{Bot: "Robot"}, {Bot: "Robot"}}},
		{name: "an address twice", asked: []askedSeat{ann, robot, {Email: "ann@example.org"}},
			refuse: "ann@example.org is given twice: a player takes one seat"},
		{name: "not an address", asked: []askedSeat{{Email: "ann at example.org"}},
			refuse: `"ann at example.org" is not a mail address`},
		{name: "an address with a display name", asked: []askedSeat{{Email: "Ann <ann@example.org>"}},
			refuse: `"Ann <ann@example.org>" is not a mail address`},
		{name: "a player's name on two lines", asked: []askedSeat{{Email: "ann@example.org", Name: "Ann\r\nBcc: all@x.org"}},
			refuse: "the name of ann@example.org holds the control character U+000D; write it on one line, with letters, digits, spaces and punctuation"},
		{name: "a computer without a label", asked: []askedSeat{ann, {Bot: true, Name: "  "}},
			refuse: "a computer seat needs a name, as --bot Robot"},
		{name: "too few seats", asked: []askedSeat{ann},
			refuse: "Amplitude is played by 2 to 6 players, and 1 seats were given"},
		{name: "too many seats", asked: []askedSeat{robot, robot, robot, robot, robot, robot, robot},
			refuse: "Amplitude is played by 2 to 6 players, and 7 seats were given"},
		{name: "a computer's label too long", asked: []askedSeat{{Bot: true, Name: strings.Repeat("r", MaxNameLength+1)}},
			refuse: fmt.Sprintf("the computer seat's name is %d characters long; a name holds at most %d", MaxNameLength+1, MaxNameLength)},
	} {
		t.Run(c.name, func(t *testing.T) {
			seats, err := checkSeats(amplitude.Game{}, c.asked)
			if c.refuse != "" {
				assert.EqualError(t, err, c.refuse)
				return
			}
			require.NoError(t, err)
			assert.Equal(t, c.want, seats)
		})
	}
}
