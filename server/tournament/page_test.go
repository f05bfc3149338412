package tournament

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"pbem/lang"
	"pbem/store"
)

// finishedThree is a finished round-robin of three: Ann beat Bob, Robot
// 1 beat both, each had a bye.
func finishedThree() store.Tournament {
	return store.Tournament{ID: 7, Game: "chiffres", Format: "round-robin", Seats: 2, Status: store.TournamentFinished, Round: 3,
		Options: map[string]string{"clock": "72h"},
		Entrants: []store.Entrant{
			{ID: 1, PlayerID: 1, Email: "ann@example.org", Name: "Ann <b>&</b>", Seed: 1, Joined: true},
			{ID: 2, PlayerID: 2, Email: "bob@example.org", Seed: 2, Joined: true},
			{ID: 3, Bot: "Robot 1", Seed: 3, Joined: true},
		},
		Tables: []store.TournamentTable{
			{ID: 1, Round: 1, Table: 1, Seats: []int64{1}, Points: []float64{1}},
			{ID: 2, Round: 1, Table: 2, Seats: []int64{2, 3}, GameID: 10, Points: []float64{0, 1}},
			{ID: 3, Round: 2, Table: 1, Seats: []int64{1, 2}, GameID: 11, Points: []float64{1, 0}},
			{ID: 4, Round: 2, Table: 2, Seats: []int64{3}, Points: []float64{1}},
			{ID: 5, Round: 3, Table: 1, Seats: []int64{3, 1}, GameID: 12, Points: []float64{1, 0}},
			{ID: 6, Round: 3, Table: 2, Seats: []int64{2}, Points: []float64{1}},
		},
	}
}

// TestPage: the page names the entrants, escaped, never by address (Bob,
// who chose no name, by his address's local part), holds the standings
// and every round with its games, fetches nothing, and speaks French in
// French.
func TestPage(t *testing.T) {
	b, err := Page(finishedThree(), "Chiffres", lang.English)
	require.NoError(t, err)
	page := string(b)
	for _, want := range []string{"<title>Tournament 7: Chiffres, round-robin</title>", "Ann &lt;b&gt;&amp;&lt;/b&gt;", ">bob<",
		"Robot 1", "game 12", "Round 3", "a bye", "Status: ended; round 3 of 3; 3 entrants", "clock=72h"} {
		assert.Contains(t, page, want)
	}
	assert.NotContains(t, page, "example.org")
	assert.NotContains(t, page, "<b>")
	assert.NotRegexp(t, `(src|href)=`, page, "nothing fetched, no link out")
	assert.Equal(t, 3, strings.Count(page, "<tr><td class=\"n\">"), "a line a entrant")

	fr, err := Page(finishedThree(), "Chiffres", lang.French)
	require.NoError(t, err)
	assert.Contains(t, string(fr), "Classement")
	assert.Contains(t, string(fr), "Ronde 3")
	assert.Contains(t, string(fr), `lang="fr"`)
}

// TestDescribed: tournament ID's answer, its standings a list (a tab in
// each row) then its rounds, in either language.
func TestDescribed(t *testing.T) {
	text := Described{T: finishedThree(), Game: "Chiffres"}.In(lang.English)
	assert.Contains(t, text, "Tournament 7: Chiffres, round-robin, ended.")
	assert.Contains(t, text, "1. Robot 1\t3 points · Buchholz")
	assert.Contains(t, text, "bob\ta bye", "named, not shown by address")
	assert.Contains(t, text, "Ann <b>&</b> – bob\t1 – 0, game 11")
	fr := Described{T: finishedThree(), Game: "Chiffres"}.In(lang.French)
	assert.Contains(t, fr, "Tournoi 7 : Chiffres, toutes-rondes, terminé.")
	assert.Contains(t, fr, "Ronde 2 :")
}
