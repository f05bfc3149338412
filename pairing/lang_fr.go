package pairing

import "pbem/lang"

// The French of the tournaments' refusals.
func init() {
	lang.Register(lang.French, map[string]string{
		"there is no tournament format %s: say round-robin, swiss or knockout":                        "il n'y a pas de formule de tournoi %s : dites round-robin, swiss ou knockout",
		"a tournament's games need at least 2 seats, not %d":                                          "les parties d'un tournoi se jouent à 2 au moins, pas à %d",
		"a round-robin pairs two players a game: it cannot seat %d":                                   "un toutes-rondes oppose deux joueurs par partie : il ne peut pas en asseoir %d",
		"a tournament's games seat at most %d players, not %d":                                        "les parties d'un tournoi se jouent à %d au plus, pas à %d",
		"a tournament needs at least 2 players, not %d":                                               "un tournoi demande au moins 2 joueurs, pas %d",
		"a Swiss tournament needs at least one round":                                                 "un tournoi suisse demande au moins une ronde",
		"a Swiss tournament of %d players plays at most %d rounds, so that no two players meet twice": "un tournoi suisse de %d joueurs se joue en %d rondes au plus, pour que deux joueurs ne se rencontrent jamais deux fois",
	})
}
