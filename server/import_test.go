package server

import (
	"pbem/server/core"

	"context"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"pbem/archive"
)

// TestImportRefusesSeatsAsCreateDoes: a file whose seats game new would
// refuse is refused by game import with game new's sentence, and stores
// nothing.
func TestImportRefusesSeatsAsCreateDoes(t *testing.T) {
	srv, st := newTestServer(t)
	ctx := context.Background()
	id, err := srv.Create(ctx, twoPlayers(5))
	require.NoError(t, err)
	rec, err := srv.Records().Archive(ctx, id)
	require.NoError(t, err)
	for _, c := range []struct {
		name string
		new  core.NewGame
		file []archive.Seat
	}{
		{"an address twice",
			core.NewGame{Players: []core.Player{{Email: "ann@example.org", Name: "Ann"}, {Email: "ANN@Example.org", Name: "Bob"}}},
			[]archive.Seat{{Seat: 0, Email: "ann@example.org", Name: "Ann"}, {Seat: 1, Email: "ANN@Example.org", Name: "Bob"}}},
		{"not an address",
			core.NewGame{Players: []core.Player{{Email: "ann@example.org", Name: "Ann"}, {Email: "bob at example.org", Name: "Bob"}}},
			[]archive.Seat{{Seat: 0, Email: "ann@example.org", Name: "Ann"}, {Seat: 1, Email: "bob at example.org", Name: "Bob"}}},
		{"a name on two lines",
			core.NewGame{Players: []core.Player{{Email: "ann@example.org", Name: "Ann\nBcc: all@x.org"}, {Email: "bob@example.org", Name: "Bob"}}},
			[]archive.Seat{{Seat: 0, Email: "ann@example.org", Name: "Ann\nBcc: all@x.org"}, {Seat: 1, Email: "bob@example.org", Name: "Bob"}}},
		{"a computer without a label",
			core.NewGame{Players: []core.Player{{Email: "ann@example.org", Name: "Ann"}}, Bots: []string{" "}},
			[]archive.Seat{{Seat: 0, Email: "ann@example.org", Name: "Ann"}, {Seat: 1, Name: " ", Bot: true}}},
	} {
		t.Run(c.name, func(t *testing.T) {
			c.new.Game = rec.Game
			_, created := srv.Create(ctx, c.new)
			require.Error(t, created, "game new refuses it")
			file := rec
			file.Players = c.file
			_, imported := srv.Records().Import(ctx, file)
			assert.EqualError(t, imported, created.Error(), "game import refuses it with game new's sentence")
			ids, err := st.GameIDs(ctx)
			require.NoError(t, err)
			assert.Equal(t, []int64{id}, ids, "neither stored a game")
		})
	}
}
