package server

import (
	"context"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"pbem/store"
)

// TestTournamentCancelByMail: the player who made a tournament cancels it
// by mail while it signs up (in French: tournoi annuler), the one who
// joined told once; another entrant may not, nor its maker once it runs,
// nor a mail that does not prove its sender.
func TestTournamentCancelByMail(t *testing.T) {
	ctx := context.Background()
	l := newAccountsLobby(t, LobbyPolicy{})
	register(t, l.st, "ann@example.org", "Ann")
	register(t, l.st, "bob@example.org", "Bob")
	l.send("ann@example.org", "games@example.org", "tournament new amplitude knockout open 8")
	l.send("bob@example.org", "games@example.org", "tournament join 1")
	require.Contains(t, l.last("bob@example.org").text, "You joined tournament 1")

	mid := l.send("bob@example.org", "games@example.org", "tournament cancel 1")
	assert.Equal(t, store.Refused, l.outcome(mid))
	assert.Contains(t, flat(l.last("bob@example.org").text), "Only the player who made tournament 1, or the operator, may cancel it")

	mid = l.sendAs("ann@example.org", "games@example.org", "tournament cancel 1") // nothing proves its sender
	assert.NotEqual(t, store.Applied, l.outcome(mid))
	tr, err := l.st.Tournament(ctx, 1)
	require.NoError(t, err)
	assert.Equal(t, store.TournamentSignup, tr.Status, "not cancelled by a mail anyone could have written")

	mid = l.send("ann@example.org", "games@example.org", "tournoi annuler 1")
	assert.Equal(t, store.Applied, l.outcome(mid))
	assert.Contains(t, flat(l.last("ann@example.org").text), "Vous avez annulé le tournoi 1 ; les autres participants en sont avertis.", "answered in the language she wrote in")
	tr, err = l.st.Tournament(ctx, 1)
	require.NoError(t, err)
	assert.Equal(t, store.TournamentCancelled, tr.Status)
	told := 0
	for _, m := range l.queuedFor("bob@example.org") {
		told += strings.Count(flat(m.text), "Tournament 1 (Amplitude, knockout) is cancelled by Ann, who made it, before it started.")
	}
	assert.Equal(t, 1, told)

	l.send("ann@example.org", "games@example.org", "tournament new amplitude swiss 2 with computer computer computer")
	tr, err = l.st.Tournament(ctx, 2)
	require.NoError(t, err)
	require.Equal(t, store.TournamentRunning, tr.Status)
	mid = l.send("ann@example.org", "games@example.org", "tournament cancel 2")
	assert.Equal(t, store.Refused, l.outcome(mid))
	assert.Contains(t, flat(l.last("ann@example.org").text), "Tournament 2 is under way: once it has started, only the operator may cancel it")
}
