package server

import (
	"pbem/server/core"

	"context"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"pbem/archive"
	"pbem/parser"
	"pbem/store"
)

// TestNamesRefusedAlikeByEveryDoor: name and signup by mail, game new and
// game import refuse the same names with the same sentence: odd
// characters, mixed scripts, and a name that passes for another player's;
// a player's own name, in any case, is theirs by every door.
func TestNamesRefusedAlikeByEveryDoor(t *testing.T) {
	l := newAccountsLobby(t, LobbyPolicy{})
	ctx := context.Background()
	for _, p := range [][2]string{{"ann@example.org", "Ann"}, {"bob@example.org", "Bob"}} {
		_, err := l.srv.Lobby().RegisterPlayer(ctx, p[0], p[1])
		require.NoError(t, err)
	}
	id, err := l.srv.Create(ctx, core.NewGame{Game: "amplitude", Players: []core.Player{{Email: "ann@example.org"}}, Bots: []string{"Robot"}, Seed: seed(5)})
	require.NoError(t, err)
	rec, err := l.srv.Records().Archive(ctx, id)
	require.NoError(t, err)
	const invisible = "a name may not hold invisible or direction-changing characters"
	const annTaken = "another player is named Ann: choose another name, as players challenge each other by name"
	for _, c := range []struct{ why, name, refuse string }{
		{"a right-to-left override", "\u202Ebob", invisible + " (U+202E)"},
		{"a zero-width joiner inside", "Bo\u200Db", invisible + " (U+200D)"},
		{"a zero-width space inside", "Bo\u200Bb", invisible + " (U+200B)"},
		{"a byte-order mark inside", "Bo\uFEFFb", invisible + " (U+FEFF)"},
		{"an escape", "Bob\x1b[2J", "a name may not hold control characters such as a line break (U+001B): write it on one line"},
		{"unassigned", "Bob\u0378", "a name may not hold U+0378, which Unicode does not define"},
		{"private use", "Bob\uE000", "a name may not hold U+E000, a private-use character that every device shows its own way"},
		{"Latin and Cyrillic", "B\u043Eb", "a name mixes alphabets (Latin and Cyrillic): write it in one"},
		{"Greek and Latin", "\u0392ob", "a name mixes alphabets (Greek and Latin): write it in one"},
		{"too long", strings.Repeat("b", parser.MaxNameLength+1), "a name has at most 40 characters"},
		{"an address", "bob@example.net", "a name is words, without @, <, > or quotes: your address is known already"},
		{"another's in small letters", "ann", annTaken},
		{"another's in fullwidth letters", "Ａｎｎ", annTaken},
		{"another's in Greek capitals", "\u0391\u039D\u039D", annTaken},
		{"another's with an accent", "Änn", annTaken},
	} {
		t.Run(c.why, func(t *testing.T) {
			l.clock.Advance(time.Hour) // past the lobby's answers an hour
			want := flat(core.Sentence(c.refuse))
			l.send("bob@example.org", "games@example.org", "name "+c.name)
			assert.Contains(t, flat(l.last("bob@example.org").text), want, "name by mail")
			l.send("cyd@example.org", "games@example.org", "signup "+c.name)
			assert.Contains(t, flat(l.last("cyd@example.org").text), want, "signup by mail")

			_, created := l.srv.Create(ctx, core.NewGame{Game: "amplitude", Players: []core.Player{{Email: "bob@example.org", Name: c.name}}, Bots: []string{"Robot"}})
			assert.EqualError(t, created, "the name of bob@example.org is refused: "+c.refuse, "game new")
			file := rec
			file.Players = []archive.Seat{{Seat: 0, Email: "bob@example.org", Name: c.name}, {Seat: 1, Name: "Robot", Bot: true}}
			_, imported := l.srv.Records().Import(ctx, file)
			assert.EqualError(t, imported, "the name of bob@example.org is refused: "+c.refuse, "game import")
		})
	}
	assert.Equal(t, "Bob", l.playerNamed("bob@example.org"), "nothing renamed Bob")
	assert.False(t, l.registered("cyd@example.org"))
	ids, err := l.st.GameIDs(ctx)
	require.NoError(t, err)
	assert.Equal(t, []int64{id}, ids, "no game stored")

	// Ann's own name is hers, in any case and any form, by every door.
	l.clock.Advance(time.Hour)
	l.send("ann@example.org", "games@example.org", "name ANN")
	assert.Contains(t, flat(l.last("ann@example.org").text), "Your name is now ANN")
	_, err = l.srv.Create(ctx, core.NewGame{Game: "amplitude", Players: []core.Player{{Email: "ann@example.org", Name: "Ａｎｎ"}}, Bots: []string{"Robot"}})
	require.NoError(t, err)
	assert.Equal(t, "Ann", l.playerNamed("ann@example.org"), "kept tidied")
	file := rec
	file.Players = []archive.Seat{{Seat: 0, Email: "ann@example.org", Name: "ann"}, {Seat: 1, Name: "Robot", Bot: true}}
	_, err = l.srv.Records().Import(ctx, file)
	require.NoError(t, err)
	assert.Equal(t, "ann", l.playerNamed("ann@example.org"))
	_, err = l.srv.Lobby().RegisterPlayer(ctx, "ann@example.org", "Ann")
	require.NoError(t, err)
	assert.Equal(t, "Ann", l.playerNamed("ann@example.org"))
	err = l.srv.Lobby().RenamePlayer(ctx, "bob@example.org", "ANN")
	assert.EqualError(t, err, annTaken, "pbem player rename")
}

// playerNamed is the name of the player who owns address.
func (l *lobbyTest) playerNamed(address string) string {
	l.t.Helper()
	p, err := l.st.PlayerByAddress(context.Background(), address)
	require.NoError(l.t, err)
	return p.Name
}

// TestSeatNameKeptWhenThePlayersOwn: a player seated by the name they have
// already is seated by it, even one from before the name check was what it
// is (a game started by mail seats its players by their names).
func TestSeatNameKeptWhenThePlayersOwn(t *testing.T) {
	srv, st := newTestServer(t)
	ctx := context.Background()
	old := "👩\u200d💻 Ada"
	_, err := st.ChangeAccount(ctx, store.AccountChange{Email: "ada@example.org", Name: old})
	require.NoError(t, err)
	_, err = srv.Create(ctx, core.NewGame{Game: "amplitude", Players: []core.Player{{Email: "ada@example.org", Name: old}}, Bots: []string{"Robot"}})
	require.NoError(t, err)
	_, err = srv.Create(ctx, core.NewGame{Game: "amplitude", Players: []core.Player{{Email: "bob@example.org", Name: old}}, Bots: []string{"Robot"}})
	assert.EqualError(t, err, "the name of bob@example.org is refused: a name may not hold invisible or direction-changing characters (U+200D)", "not someone else's")
}
