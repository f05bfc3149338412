package server

import (
	"context"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"pbem/engine"
	"pbem/server/core"
)

// A computer seat asked as NAME:LEVEL plays at that level, kept with its
// seat; a level that is none is refused in a sentence before anything is
// stored.
func TestComputerSeatsKeepTheirLevel(t *testing.T) {
	srv, st := newTestServer(t)
	ctx := context.Background()
	id, err := srv.Create(ctx, core.NewGame{Game: "amplitude", Seed: seed(9), Players: []core.Player{{Email: "ann@example.org"}},
		Bots: []string{"Robot:easy"}})
	require.NoError(t, err)
	g, err := st.Game(ctx, id)
	require.NoError(t, err)
	assert.Equal(t, "Robot", g.Seats[1].Bot)
	assert.Equal(t, "easy", g.Seats[1].BotLevel)
	invitation := mailsOf(t, st, id, "ann@example.org")[0].text
	assert.Contains(t, flat(invitation), "Robot plays at the easy level: it often plays a lesser move than its best.")

	_, err = srv.Create(ctx, core.NewGame{Game: "amplitude", Seed: seed(9), Bots: []string{"A:expert", "B"}})
	require.Error(t, err)
	assert.True(t, engine.IsRefusal(err))
	assert.Contains(t, err.Error(), "not a level of the computer")

	// Two computers, one easy and one strong, play a whole game.
	id, err = srv.Create(ctx, core.NewGame{Game: "amplitude", Seed: seed(3), Bots: []string{"Easy:easy", "Strong:strong"}})
	require.NoError(t, err)
	g, err = st.Game(ctx, id)
	require.NoError(t, err)
	assert.Equal(t, "finished", g.Status)
	assert.Equal(t, []string{"easy", "strong"}, []string{g.Seats[0].BotLevel, g.Seats[1].BotLevel})

	// The level reaches the computer's choice: the same deal played by two
	// easy computers and by two normal ones goes otherwise.
	easy, err := srv.Create(ctx, core.NewGame{Game: "amplitude", Seed: seed(4), Bots: []string{"A:easy", "B:easy"}})
	require.NoError(t, err)
	normal, err := srv.Create(ctx, core.NewGame{Game: "amplitude", Seed: seed(4), Bots: []string{"A", "B"}})
	require.NoError(t, err)
	em, err := st.Moves(ctx, easy)
	require.NoError(t, err)
	nm, err := st.Moves(ctx, normal)
	require.NoError(t, err)
	assert.NotEqual(t, em[0].Notation+em[1].Notation, nm[0].Notation+nm[1].Notation)
}

// A computer seat's level is in the game's archive, and an import seats it
// at that level again.
func TestArchiveKeepsTheLevel(t *testing.T) {
	srv, st := newTestServer(t)
	ctx := context.Background()
	id, err := srv.Create(ctx, core.NewGame{Game: "amplitude", Seed: seed(9), Players: []core.Player{{Email: "ann@example.org"}},
		Bots: []string{"Robot:strong"}})
	require.NoError(t, err)
	rec, err := srv.Records().Archive(ctx, id)
	require.NoError(t, err)
	require.Len(t, rec.Players, 2)
	assert.Equal(t, "", rec.Players[0].Level)
	assert.Equal(t, "strong", rec.Players[1].Level)
	again, err := srv.Records().Import(ctx, rec)
	require.NoError(t, err)
	g, err := st.Game(ctx, again)
	require.NoError(t, err)
	assert.Equal(t, "Robot", g.Seats[1].Bot)
	assert.Equal(t, "strong", g.Seats[1].BotLevel)
}
