package server

import (
	"pbem/server/core"

	"context"
	"database/sql"
	"fmt"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"pbem/engine"
	"pbem/engine/amplitude"
	"pbem/mailer"
	"pbem/store"
)

// stallAfterPlayerMove plays the player's move of a game against a
// computer seat and stores it as a crash would leave it: the move
// committed, the computer's answer never made.
func stallAfterPlayerMove(t *testing.T, srv *Server, st *store.Store) int64 {
	ctx := context.Background()
	id, err := srv.Create(ctx, core.NewGame{Game: "amplitude", Seed: seed(7), Players: []core.Player{{Email: "ann@example.org"}}, Bots: []string{"Robot"}})
	require.NoError(t, err)
	l, err := srv.load(ctx, id)
	require.NoError(t, err)
	require.Equal(t, 0, l.state.ToMove(), "the player moves first")
	m, err := l.state.BotMove(0)
	require.NoError(t, err)
	next, move, err := srv.apply(l.state, 0, m.String(), m)
	require.NoError(t, err)
	require.NoError(t, srv.save(ctx, l, acted{moves: []store.Move{move}, state: next}, nil))
	stalled, err := st.StalledGames(ctx)
	require.NoError(t, err)
	require.Contains(t, stalled, id)
	return id
}

// TestResumeStalled: a game left waiting for its computer seat is found
// and played on.
func TestResumeStalled(t *testing.T) {
	srv, st := newTestServer(t)
	id := stallAfterPlayerMove(t, srv, st)
	n, err := srv.ResumeStalled(context.Background())
	require.NoError(t, err)
	assert.Equal(t, 1, n)
	g, err := st.Game(context.Background(), id)
	require.NoError(t, err)
	assert.Equal(t, 2, g.MoveNumber, "the computer answered")
	stalled, err := st.StalledGames(context.Background())
	require.NoError(t, err)
	assert.NotContains(t, stalled, id)
	require.NoError(t, srv.Records().Verify(context.Background(), id))
}

// TestResumeStalledPastABrokenGame: a stalled game that cannot be played
// on (its state unreadable) is reported, and the other stalled games are
// resumed all the same.
func TestResumeStalledPastABrokenGame(t *testing.T) {
	ctx := context.Background()
	path := filepath.Join(t.TempDir(), "pbem.db")
	st, err := store.Open(ctx, path, nil)
	require.NoError(t, err)
	t.Cleanup(func() { st.Close() })
	srv, err := New(st, engine.NewRegistry(amplitude.Game{}), Config{})
	require.NoError(t, err)
	broken, fine := stallAfterPlayerMove(t, srv, st), stallAfterPlayerMove(t, srv, st)

	db, err := sql.Open("sqlite", "file:"+path+"?_pragma=busy_timeout(10000)")
	require.NoError(t, err)
	defer db.Close()
	_, err = db.Exec(`UPDATE games SET state = 'not a state' WHERE id = ?`, broken)
	require.NoError(t, err)

	n, err := srv.ResumeStalled(ctx)
	require.Error(t, err)
	assert.Contains(t, err.Error(), fmt.Sprintf("resume game %d", broken))
	assert.Equal(t, 1, n)
	g, err := st.Game(ctx, fine)
	require.NoError(t, err)
	assert.Equal(t, 2, g.MoveNumber, "the other game was resumed")
}

// TestComputerOpensInTheInvitation: when a computer seat plays first, the
// player's first mail is the invitation telling its opening move, not an
// invitation and then a turn mail.
func TestComputerOpensInTheInvitation(t *testing.T) {
	ctx := context.Background()
	for s := uint64(1); s < 40; s++ {
		srv, st := newTestServer(t)
		id, err := srv.Create(ctx, core.NewGame{Game: "amplitude", Seed: seed(s), Players: []core.Player{{Email: "ann@example.org", Name: "Ann"}}, Bots: []string{"Robot"}})
		require.NoError(t, err)
		moves, err := st.Moves(ctx, id)
		require.NoError(t, err)
		if len(moves) == 0 {
			continue // Ann plays first with this seed
		}
		mails, err := st.PendingMails(ctx, id)
		require.NoError(t, err)
		require.Len(t, mails, 1, "one mail before Ann's first turn")
		g := &mailGame{t: t, srv: srv, st: st, id: id}
		text := g.mailsTo("ann@example.org")[0]
		assert.Contains(t, text, "You are invited to play Amplitude")
		assert.Contains(t, text, "The game has begun:\n\nMove 1: Robot played "+moves[0].Notation)
		assert.Contains(t, text, "It is your turn: move #2.")
		assert.Contains(t, text, "  1. Robot\n  2. Ann\n", "the players in order of play")
		require.NoError(t, srv.Records().Verify(ctx, id))
		return
	}
	t.Fatal("no seed below 40 lets the computer play first")
}

// TestMailAboutStalledGameResumesIt: a mail about a game a crash stopped
// before its computer seat answered (here one with no command, which
// moves nothing itself) has the computer play on, as the game read while
// handling the mail says one is to move.
func TestMailAboutStalledGameResumesIt(t *testing.T) {
	ctx := context.Background()
	srv, st := newTestServer(t)
	id := stallAfterPlayerMove(t, srv, st)
	g, err := st.Game(ctx, id)
	require.NoError(t, err)
	to, err := mailer.ReplyAddress(DefaultAddress, id, mailer.Token(g.Secret, id, 0, 0))
	require.NoError(t, err)
	v, err := srv.HandleMail(ctx, raw("ann@example.org", to, "nothing@example.org", "", "Is it my turn?"))
	require.NoError(t, err)
	assert.Equal(t, mailer.Accepted, v)
	g, err = st.Game(ctx, id)
	require.NoError(t, err)
	assert.Equal(t, 2, g.MoveNumber, "the computer answered")
	stalled, err := st.StalledGames(ctx)
	require.NoError(t, err)
	assert.NotContains(t, stalled, id)
}
