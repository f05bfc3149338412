package server

import (
	"context"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// Every kind classify can give has its handler: a kind added without one
// fails here, not on the first mail of that kind.
func TestEveryMailKindHasAHandler(t *testing.T) {
	for k := kindDuplicate; k <= kindGame; k++ {
		assert.Contains(t, routes, k, "kind %d", k)
	}
	assert.NotContains(t, routes, kindUnknown)
}

// classify reads a mail once and says what it is, the first kind that
// fits in the router's order winning.
func TestClassify(t *testing.T) {
	g := newMailGame(t)
	ctx := context.Background()
	seatAddr, thread := g.reply("ann@example.org")
	handled := raw("bob@example.org", DefaultAddress, "seen@example.org", "", "games\n")
	_, err := g.srv.HandleMail(ctx, handled)
	require.NoError(t, err)

	cases := []struct {
		name string
		raw  []byte
		kind mailKind
		game int64
	}{
		{"a reply to a seat's mail", raw("ann@example.org", seatAddr, "r1@example.org", thread, "board\n"), kindGame, g.id},
		{"a copy of a mail handled", handled, kindDuplicate, 0},
		{"over the size cap", append(raw("ann@example.org", seatAddr, "big@example.org", "", ""), strings.Repeat("x", DefaultMaxMailSize)...), kindOversized, 0},
		{"no header at all", []byte("\r\n\r\n"), kindUnreadable, 0},
		{"an auto-reply", raw("ann@example.org", seatAddr, "auto@example.org", thread, "I am away.\n", "Auto-Submitted: auto-replied"), kindAutomatic, 0},
		{"from the server itself", raw("pbem+x@localhost", seatAddr, "loop@example.org", thread, "board\n"), kindOwn, 0},
		{"to the stop address", raw("eve@example.net", "pbem+stop@localhost", "stop@example.org", "", "please\n"), kindStop, 0},
		{"watch at the bare address", raw("eve@example.net", DefaultAddress, "w@example.org", "", "watch 1\n"), kindControl, 0},
		{"the bare address", untagged(raw("eve@example.net", DefaultAddress, "l@example.org", "", "help\n")), kindLobby, 0},
		{"a game named by its subject alone", raw("eve@example.net", "someone@example.net", "tag@example.org", "", "board\n"), kindGame, 1},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			r, err := g.srv.intake.classify(ctx, tc.raw)
			require.NoError(t, err)
			assert.Equal(t, tc.kind, r.kind)
			if tc.kind != kindDuplicate {
				assert.Equal(t, tc.game, r.game)
			}
		})
	}
}

// untagged is raw with a subject that names no game.
func untagged(raw []byte) []byte {
	return []byte(strings.Replace(string(raw), "Subject: Re: [#1] Amplitude", "Subject: hello", 1))
}
