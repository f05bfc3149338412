package demo

import (
	"bytes"
	"context"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"pbem/engine"
	"pbem/engine/amplitude"
	"pbem/engine/chiffres"
	"pbem/engine/ludicitude"
)

// TestWholeGamesByMail plays a whole game of each type by mail, through
// the in-memory IMAP server and an SMTP server on loopback: every move is a
// real reply, read over IMAP, applied exactly once, answered over SMTP.
func TestWholeGamesByMail(t *testing.T) {
	games := engine.NewRegistry(amplitude.Game{}, chiffres.Game{}, ludicitude.Game{})
	for _, c := range []struct {
		game    string
		seed    uint64
		players int
		options engine.Options
	}{
		{"amplitude", 5, 2, nil},
		{"chiffres", 5, 3, nil},
		// A short game on the smallest budget: 165 moves, drawn by repetition.
		{"ludicitude", 1737, 2, engine.Options{"bot_nodes": "1000"}},
	} {
		t.Run(c.game, func(t *testing.T) {
			var out bytes.Buffer
			res, err := Run(context.Background(), Options{Game: c.game, Seed: c.seed, Players: c.players, Options: c.options, Games: games, Out: &out, AllMails: true})
			require.NoError(t, err)
			assert.Positive(t, res.Moves)
			assert.NotEmpty(t, res.Ending)
			assert.Len(t, res.Scores, c.players)
			// Every move was announced to every player, after the invitations.
			assert.GreaterOrEqual(t, res.Mails, c.players*(res.Moves+1))
			assert.Equal(t, res.Mails, strings.Count(out.String(), "\nSubject: "), "every mail sent is printed")
			assert.Regexp(t, `Subject: \[#1-[a-z2-7]{20}\] `, out.String())
			assert.NotContains(t, out.String(), "your command was refused", "the players' replies are all understood")
		})
	}
}
