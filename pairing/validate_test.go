package pairing

import (
	"testing"

	"github.com/stretchr/testify/assert"

	"pbem/engine"
	"pbem/lang"
)

func TestValidate(t *testing.T) {
	cases := []struct {
		f                       Format
		rounds, seats, entrants int
		en, fr                  string // "" when valid
	}{
		{RoundRobin, 0, 2, 4, "", ""},
		{Swiss, 3, 2, 4, "", ""},
		{Swiss, 6, 3, 7, "", ""},
		{Knockout, 0, 4, 2, "", ""},
		{"league", 3, 2, 4, "there is no tournament format league: say round-robin, swiss or knockout", "il n'y a pas de formule de tournoi league : dites round-robin, swiss ou knockout"},
		{Swiss, 3, 1, 4, "a tournament's games need at least 2 seats, not 1", "les parties d'un tournoi se jouent à 2 au moins, pas à 1"},
		{RoundRobin, 0, 3, 4, "a round-robin pairs two players a game: it cannot seat 3", "un toutes-rondes oppose deux joueurs par partie : il ne peut pas en asseoir 3"},
		{Knockout, 0, 5, 9, "a tournament's games seat at most 4 players, not 5", "les parties d'un tournoi se jouent à 4 au plus, pas à 5"},
		{Knockout, 0, 2, 1, "a tournament needs at least 2 players, not 1", "un tournoi demande au moins 2 joueurs, pas 1"},
		{Swiss, 0, 2, 4, "a Swiss tournament needs at least one round", "un tournoi suisse demande au moins une ronde"},
		{Swiss, 4, 2, 4, "a Swiss tournament of 4 players plays at most 3 rounds, so that no two players meet twice", "un tournoi suisse de 4 joueurs se joue en 3 rondes au plus, pour que deux joueurs ne se rencontrent jamais deux fois"},
	}
	for _, c := range cases {
		err := Validate(c.f, c.rounds, c.seats, c.entrants)
		if c.en == "" {
			assert.NoError(t, err, "%+v", c)
			continue
		}
		assert.True(t, engine.IsRefusal(err), "%+v: a refusal the player reads", c)
		assert.Equal(t, c.en, engine.RefusalIn(err, lang.English))
		assert.Equal(t, c.fr, engine.RefusalIn(err, lang.French))
	}
}

func TestRounds(t *testing.T) {
	cases := []struct {
		f                              Format
		rounds, seats, entrants, total int
	}{
		{RoundRobin, 0, 2, 4, 3}, {RoundRobin, 0, 2, 5, 5}, {Swiss, 5, 2, 8, 5},
		{Knockout, 0, 2, 8, 3}, {Knockout, 0, 2, 9, 4}, {Knockout, 0, 3, 9, 2}, {Knockout, 0, 4, 5, 2}, {Knockout, 0, 2, 2, 1},
	}
	for _, c := range cases {
		assert.Equal(t, c.total, Rounds(c.f, c.rounds, c.seats, c.entrants), "%+v", c)
	}
}

// Pair refuses a round out of range and a round whose earlier games are
// not over.
func TestPairRefuses(t *testing.T) {
	_, err := Pair(Swiss, 3, 2, seeded(4), nil, 4)
	assert.ErrorContains(t, err, "rounds 1 to 3")
	_, err = Pair(Swiss, 3, 2, seeded(4), []Game{{Round: 1, Seats: []int64{101, 103}}}, 2)
	assert.ErrorContains(t, err, "not over")
	_, err = Pair(Swiss, 3, 2, seeded(4), []Game{game(1, []float64{1, 0}, 101, 199)}, 2)
	assert.ErrorContains(t, err, "not entered")
}
