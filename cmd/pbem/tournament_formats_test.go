package main

import (
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"pbem/server/tournament"
)

// resignIn has address resign the game of round it plays in r, as the
// operator's pbem game move does.
func resignIn(t *testing.T, db string, r tournament.Record, round int, name, address string) {
	t.Helper()
	ok(t, db, "game", "move", strconv.FormatInt(tableGame(t, r, round, name), 10), "--as", address, "resign")
}

// sortedPairs are round's tables of r, each its names sorted, the tables
// sorted: who meets whom, whatever the seats.
func sortedPairs(r tournament.Record, round int) []string {
	var out []string
	for _, tt := range r.Tables {
		if tt.Round == round {
			names := slices.Clone(tt.Names)
			slices.Sort(names)
			out = append(out, strings.Join(names, "–"))
		}
	}
	slices.Sort(out)
	return out
}

// placesOf are the standings' names, best first, with their points.
func placesOf(r tournament.Record) []string {
	var out []string
	for _, s := range r.Standings {
		out = append(out, strconv.Itoa(s.Place)+" "+s.Name+" "+strconv.FormatFloat(s.Points, 'f', -1, 64))
	}
	return out
}

// TestRoundRobinOfThree: the operator's round-robin of Ann, Bob and a
// computer seat, started at once, everyone meeting everyone once over
// three rounds, each with one bye (the round they would meet the circle's
// dummy). Seeds by entry: Ann 1, Bob 2, Robot 1 3. By the Berger tables
// of four (the dummy 4th): round 1 is 1–dummy and 2–3, so Ann has the
// bye; round 2 4–3, 1–2: Robot 1's bye, Ann–Bob; round 3 2–4, 3–1: Bob's
// bye, Robot 1–Ann. The people resign to the computer, Bob to Ann:
// Robot 1 has 2 wins and a bye, 3 points; Ann a win and a bye, 2; Bob a
// bye, 1.
func TestRoundRobinOfThree(t *testing.T) {
	t.Parallel()
	db := filepath.Join(t.TempDir(), "pbem.db")
	ann, bob := "ann@example.org", "bob@example.org"
	refused := pbemDB(t, db, "tournament", "new", "chiffres", "round-robin", "--player", ann, "--player", bob, "--option", "replace=bot")
	assert.Equal(t, 1, refused.code, "games of two take no replace: refused when made, not at its first round")
	assert.Contains(t, refused.stderr, "option replace=bot is for games of three or more players")
	assert.Equal(t, "1\n", ok(t, db, "tournament", "new", "chiffres", "round-robin", "--player", ann+":Ann", "--player", bob+":Bob", "--bot", "easy"))
	r := showTournament(t, db, "1")
	require.Equal(t, 3, r.Rounds)
	assert.Equal(t, []string{"Ann", "Bob–Robot 1"}, sortedPairs(r, 1))
	resignIn(t, db, r, 1, "Bob", bob)

	r = showTournament(t, db, "1")
	assert.Equal(t, []string{"Ann–Bob", "Robot 1"}, sortedPairs(r, 2))
	resignIn(t, db, r, 2, "Bob", bob)

	r = showTournament(t, db, "1")
	assert.Equal(t, []string{"Ann–Robot 1", "Bob"}, sortedPairs(r, 3))
	resignIn(t, db, r, 3, "Ann", ann)

	r = showTournament(t, db, "1")
	assert.Equal(t, "finished", r.Status)
	assert.Equal(t, []string{"1 Robot 1 3", "2 Ann 2", "3 Bob 1"}, placesOf(r))
}

// TestKnockoutWithABye: the operator's knockout of three, a bracket of
// four whose empty place gives the top seed a bye: round 1 is Ann's bye
// and Bob–Robot 1 (seeds 2 and 3); Bob resigns and is out; the final is
// Ann–Robot 1, which Ann resigns. Robot 1 wins it, Ann is second, Bob out
// in round 1 third.
func TestKnockoutWithABye(t *testing.T) {
	t.Parallel()
	db := filepath.Join(t.TempDir(), "pbem.db")
	ann, bob := "ann@example.org", "bob@example.org"
	ok(t, db, "tournament", "new", "chiffres", "knockout", "--player", ann+":Ann", "--player", bob+":Bob", "--bot", "normal")
	r := showTournament(t, db, "1")
	require.Equal(t, 2, r.Rounds)
	assert.Equal(t, []string{"Ann", "Bob–Robot 1"}, sortedPairs(r, 1))
	resignIn(t, db, r, 1, "Bob", bob)

	r = showTournament(t, db, "1")
	assert.Equal(t, []string{"Ann–Robot 1"}, sortedPairs(r, 2))
	resignIn(t, db, r, 2, "Ann", ann)

	r = showTournament(t, db, "1")
	assert.Equal(t, "finished", r.Status)
	assert.Equal(t, []string{"Robot 1", "Ann", "Bob"}, []string{r.Standings[0].Name, r.Standings[1].Name, r.Standings[2].Name})
	assert.True(t, r.Standings[2].Out)
	list := ok(t, db, "tournament", "list")
	assert.Contains(t, list, "knockout")
	assert.Contains(t, list, "finished")
	assert.Contains(t, ok(t, db, "tournament", "export", "1", "--format", "json"), `"format": "knockout"`)

	final := strconv.FormatInt(tableGame(t, r, 2, "Ann"), 10)
	assert.Equal(t, "1", showGame(t, db, final, "--json").Options["tournament"][:1], "the final carries its tournament")
	next := strings.TrimSpace(ok(t, db, "game", "rematch", final))
	assert.NotContains(t, showGame(t, db, next, "--json").Options, "tournament", "a rematch is no tournament's game")
}

// TestTournamentSignupDate: a tournament open to eight whose sign-up
// closes on a date waits for it, then pbem deadlines --now past it starts
// it with the two computer seats entered (a knockout of two, over at
// once); one with a single entrant is cancelled instead.
func TestTournamentSignupDate(t *testing.T) {
	t.Parallel()
	db := filepath.Join(t.TempDir(), "pbem.db")
	ok(t, db, "tournament", "new", "chiffres", "knockout", "--open", "8", "--until", "2030-01-10", "--bot", "easy", "--bot", "strong")
	ok(t, db, "tournament", "new", "chiffres", "round-robin", "--open", "4", "--until", "2030-01-10", "--bot", "easy")
	assert.Equal(t, "signup", showTournament(t, db, "1").Status)
	assert.Equal(t, "0 games acted on\n", ok(t, db, "deadlines", "--now", "2030-01-10T23:59:00Z"), "the sign-up runs to the end of its day")
	assert.Equal(t, "signup", showTournament(t, db, "1").Status)
	assert.Equal(t, "0 games acted on\n2 tournaments moved on\n", ok(t, db, "deadlines", "--now", "2030-01-11T00:00:00Z"))
	assert.Equal(t, "finished", showTournament(t, db, "1").Status)
	assert.Equal(t, "cancelled", showTournament(t, db, "2").Status)
}
