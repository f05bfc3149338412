package main

import (
	"mime"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestTournamentCancel: the operator cancels a running round-robin of
// Ann, Bob (who reads French) and a computer seat: Bob's game with the
// computer, going on, is aborted; each person is told once, in their
// language; show and the page say cancelled. Cancelling it again tells no
// one again; a finished tournament is not cancelled.
func TestTournamentCancel(t *testing.T) {
	t.Parallel()
	db := filepath.Join(t.TempDir(), "pbem.db")
	ann, bob := "ann@example.org", "bob@example.org"
	ok(t, db, "tournament", "new", "chiffres", "round-robin", "--player", ann+":Ann", "--player", bob+":Bob", "--bot", "easy")
	ok(t, db, "player", "lang", bob, "fr")
	r := showTournament(t, db, "1")
	require.Equal(t, "running", r.Status)
	game := strconv.FormatInt(tableGame(t, r, 1, "Bob"), 10)
	require.Equal(t, "active", showGame(t, db, game, "--json").Status)

	assert.Equal(t, "tournament 1 cancelled\n", ok(t, db, "tournament", "cancel", "1"))
	assert.Equal(t, "aborted", showGame(t, db, game, "--json").Status)
	r = showTournament(t, db, "1")
	assert.Equal(t, "cancelled", r.Status)
	assert.Equal(t, 1, r.Round, "no round paired after the abort")
	assert.Contains(t, ok(t, db, "tournament", "show", "1"), "Tournament 1: Chiffres, round-robin, cancelled.")
	assert.Contains(t, ok(t, db, "tournament", "export", "1", "--format", "html"), "Status: cancelled")

	ok(t, db, "tournament", "cancel", "1")
	g := tournamentMail{&mailGame{t: t, db: db}}
	for who, want := range map[string][2]string{ann: {"tournament 1 is cancelled", "is cancelled by the server's operator"},
		bob: {"tournoi 1 est annulé", "est annulé par l'opérateur du serveur"}} {
		told := slices.DeleteFunc(g.subjects(who), func(s string) bool {
			s, _ = new(mime.WordDecoder).DecodeHeader(s)
			return !strings.Contains(s, want[0])
		})
		assert.Len(t, told, 1, who)
		assert.Equal(t, 1, strings.Count(flatText(mailsTo(t, db, who)), want[1]), who)
	}

	ok(t, db, "tournament", "new", "chiffres", "knockout", "--bot", "easy", "--bot", "strong")
	require.Equal(t, "finished", showTournament(t, db, "2").Status)
	res := pbemDB(t, db, "tournament", "cancel", "2")
	assert.Equal(t, 1, res.code)
	assert.Contains(t, res.stderr, "tournament 2 is ended: there is nothing to cancel")
}
