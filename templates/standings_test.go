package templates

import (
	"testing"

	"github.com/stretchr/testify/require"

	"pbem/lang"
)

// TestStandingsGolden: the standings mail after a round and at the end,
// in English and French; its HTML a list table that stacks on a phone.
func TestStandingsGolden(t *testing.T) {
	set, err := Load("")
	require.NoError(t, err)
	after := Standings{Player: "Alice", Tournament: 3, Game: "Chiffres", Format: "Swiss of 3 rounds", Round: 1, Rounds: 3,
		Rows: []StandingRow{
			{Place: 1, Name: "Alice", Points: "1 point", Buchholz: "0", SB: "0", Won: 1, You: true},
			{Place: 2, Name: "Robot 1", Points: "1 point", Buchholz: "0", SB: "0", Won: 1},
			{Place: 3, Name: "Bob", Points: "0 points", Buchholz: "1", SB: "0", Lost: 1},
			{Place: 4, Name: "Robot 2", Points: "0 points", Buchholz: "1", SB: "0", Lost: 1, Note: "withdrawn"},
		},
		Next: []string{"Round 2: game 15 against Robot 1, who plays first."}, Address: "games@example.org"}
	final := after
	final.Final, final.Round, final.Next = true, 3, nil
	for _, c := range []struct {
		name string
		tag  lang.Tag
		data Standings
	}{{"standings-round", lang.English, after}, {"standings-final", lang.English, final}, {"fr-standings-round", lang.French, after}} {
		text, html, err := set.Render("standings", c.tag, c.data, nil)
		require.NoError(t, err)
		golden(t, c.name+".txt", text)
		golden(t, c.name+".html", html)
	}
}

// TestFooterTournament: a tournament's game says its round in the status
// block, in both parts and both languages.
func TestFooterTournament(t *testing.T) {
	set, err := Load("")
	require.NoError(t, err)
	foot := &Footer{Game: "Chiffres", GameID: 9, MoveNumber: 3, ToMove: "Bob", ReplyTo: "r@example.org", Tournament: 4, Round: 2}
	for tag, want := range map[lang.Tag]string{lang.English: "Round 2 of tournament 4", lang.French: "Ronde 2 du tournoi 4"} {
		text, html, err := set.Render("notice", tag, Notice{Player: "Alice", Text: "x"}, foot)
		require.NoError(t, err)
		require.Contains(t, text, want)
		require.Contains(t, html, want)
	}
}

// TestFooterLadder: a ladder's game names its challenge and ladder in the
// status block, in both parts and both languages.
func TestFooterLadder(t *testing.T) {
	set, err := Load("")
	require.NoError(t, err)
	foot := &Footer{Game: "Amplitude", GameID: 9, MoveNumber: 3, ToMove: "Bob", ReplyTo: "r@example.org", LadderChallenge: 5}
	for _, c := range []struct {
		name string
		tag  lang.Tag
		want string
	}{{"notice-ladder", lang.English, "Ladder challenge 5 on the Amplitude ladder"}, {"fr-notice-ladder", lang.French, "Défi 5 de l'échelle d'Amplitude"}} {
		text, html, err := set.Render("notice", c.tag, Notice{Game: "Amplitude", GameID: 9, Player: "Alice", Text: "x"}, foot)
		require.NoError(t, err)
		require.Contains(t, text, c.want)
		require.Contains(t, html, c.want)
		golden(t, c.name+".txt", text)
		golden(t, c.name+".html", html)
	}
}
