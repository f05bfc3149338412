package server

import (
	"context"
	"slices"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"pbem/store"
)

// TestTournamentPolicyByMail: lobby.tournaments = operator refuses a
// player's tournament new with a sentence that says so, and the cap per
// player refuses a second one while the first signs up.
func TestTournamentPolicyByMail(t *testing.T) {
	ctx := context.Background()
	l := newAccountsLobby(t, LobbyPolicy{Tournaments: "operator"})
	_, err := l.srv.Lobby().RegisterPlayer(ctx, "ann@example.org", "Ann")
	require.NoError(t, err)
	l.send("ann@example.org", "games@example.org", "tournament new amplitude swiss 2 with computer computer computer")
	assert.Contains(t, l.last("ann@example.org").text, "Only the operator makes tournaments")
	ids, err := l.st.Tournaments(ctx)
	require.NoError(t, err)
	assert.Empty(t, ids)

	l = newAccountsLobby(t, LobbyPolicy{TournamentsPerPlayer: 1})
	_, err = l.srv.Lobby().RegisterPlayer(ctx, "ann@example.org", "Ann")
	require.NoError(t, err)
	l.send("ann@example.org", "games@example.org", "tournament new amplitude knockout open 8")
	assert.Contains(t, l.last("ann@example.org").text, "You made tournament 1")
	l.send("ann@example.org", "games@example.org", "tournament new amplitude knockout open 8")
	assert.Contains(t, l.last("ann@example.org").text, "the most this\nserver allows at once")
	l.send("ann@example.org", "games@example.org", "tournaments")
	assert.Contains(t, l.last("ann@example.org").text, "signing up, 1 of 8 joined")
}

// TestTournamentInFrenchAndCaughtUp: a French player makes a tournament
// in French against three computer seats; it starts at once, full, and
// her game's status block names its round in French. When her game ends
// without the hook after it (aborted in the store, as a crash between the
// commit and the hook would leave it), the Deadlines pass records its
// result — nothing for anyone, the game aborted — and pairs the next
// round, once however often it runs.
func TestTournamentInFrenchAndCaughtUp(t *testing.T) {
	ctx := context.Background()
	l := newAccountsLobby(t, LobbyPolicy{})
	_, err := l.srv.Lobby().RegisterPlayer(ctx, "ann@example.org", "Ann")
	require.NoError(t, err)
	l.send("ann@example.org", "games@example.org", "langue fr")
	l.send("ann@example.org", "games@example.org", "tournoi nouveau amplitude suisse 2 avec ordinateur ordinateur:facile ordinateur")
	tr, err := l.st.Tournament(ctx, 1)
	require.NoError(t, err)
	require.Equal(t, store.TournamentRunning, tr.Status, "full at once: Ann and three computer seats")
	require.Equal(t, 1, tr.Round)
	var game int64
	for _, tt := range tr.Tables {
		for _, e := range tt.Seats {
			if e == tr.Entrants[0].ID {
				game = tt.GameID
			}
		}
	}
	require.NotZero(t, game)
	assert.Contains(t, l.last("ann@example.org").text, "Ronde 1 du tournoi 1", "the status block of her game")

	require.NoError(t, l.st.AbortGame(ctx, game))
	done, err := l.srv.Deadlines(ctx, l.clock.Now())
	require.NoError(t, err)
	assert.Equal(t, 1, done.Tournaments)
	tr, err = l.st.Tournament(ctx, 1)
	require.NoError(t, err)
	assert.Equal(t, 2, tr.Round, "the next round paired")
	for _, tt := range tr.Tables {
		if tt.GameID == game {
			assert.Equal(t, []float64{0, 0}, tt.Points)
		}
	}
	done, err = l.srv.Deadlines(ctx, l.clock.Now())
	require.NoError(t, err)
	assert.Zero(t, done.Tournaments, "nothing more to do")
}

// TestSignOffWithdrawsFromTournaments: a player who signs off keeping
// their games is out of a tournament signing up, and withdrawn from one
// running: their game of the round plays on, and the next round pairs
// them no more.
func TestSignOffWithdrawsFromTournaments(t *testing.T) {
	ctx := context.Background()
	l := newAccountsLobby(t, LobbyPolicy{})
	for _, p := range []string{"Ann", "Bob"} {
		_, err := l.srv.Lobby().RegisterPlayer(ctx, strings.ToLower(p)+"@example.org", p)
		require.NoError(t, err)
	}
	l.send("ann@example.org", "games@example.org", "tournament new amplitude round-robin with computer computer")
	l.send("bob@example.org", "games@example.org", "tournament new amplitude swiss 2 open 4")
	l.send("ann@example.org", "games@example.org", "tournament join 2")
	running, err := l.st.Tournament(ctx, 1)
	require.NoError(t, err)
	require.Equal(t, store.TournamentRunning, running.Status)

	_, err = l.srv.Lobby().SignOffPlayer(ctx, "ann@example.org", false)
	require.NoError(t, err)
	running, err = l.st.Tournament(ctx, 1)
	require.NoError(t, err)
	assert.Equal(t, running.Round, running.Entrants[0].Withdrawn, "withdrawn after the round she is in")
	signup, err := l.st.Tournament(ctx, 2)
	require.NoError(t, err)
	for _, e := range signup.Entrants {
		assert.NotEqual(t, "ann@example.org", e.Email, "out of the tournament signing up")
	}
	pid, err := l.st.PlayerID(ctx, "ann@example.org")
	require.NoError(t, err)
	ids, err := l.st.ActiveGamesOf(ctx, pid)
	require.NoError(t, err)
	for _, tt := range running.Tables {
		if tt.Round == running.Round && slices.Contains(tt.Seats, running.Entrants[0].ID) && tt.GameID != 0 {
			assert.Contains(t, ids, tt.GameID, "her game of the round goes on")
		}
	}
}
