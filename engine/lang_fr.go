package engine

import "pbem/lang"

// The French of the sentences every game shares: draws by agreement, the
// winners, the articles of tokens, the registry's refusal, the shared move
// words and the bag option of games with digit tokens, the turn's refusals
// and the score table.
func init() {
	lang.Register(lang.French, map[string]string{
		"%q is not a level of the computer: easy, normal or strong":                 "%q n'est pas un niveau de l'ordinateur : facile, normal ou fort",
		"%s accepts the draw; still to answer: %s.":                                 "%s accepte la nulle ; doivent encore répondre : %s.",
		"%s declines the draw: the offer is withdrawn.":                             "%s refuse la nulle : l'offre est retirée.",
		"%s offers a draw: the others may accept with draw or refuse with decline.": "%s propose la nulle : les autres l'acceptent par nulle ou la refusent par refuser.",
		"%s plays on: the offer of a draw lapses.":                                  "%s joue : l'offre de nulle tombe.",
		"a timeout is written timeout or timeout forfeit":                           "un dépassement de temps s'écrit hors-délai ou hors-délai forfait",
		"decline takes nothing after it":                                            "refuser s'écrit seul, sans rien après",
		"draw takes nothing after it":                                               "nulle s'écrit seul, sans rien après",
		"option bag names more than %d tokens %c: the set has %d of each digit":     "l'option bag nomme plus de %d jetons %c : le jeu en compte %d de chaque chiffre",
		"option bag takes digits %d to %d, not %q":                                  "l'option bag prend des chiffres de %d à %d, pas %q",
		"pass takes nothing after it":                                               "passer s'écrit seul, sans rien après",
		"resign takes nothing after it":                                             "abandonner s'écrit seul, sans rien après",
		"%s ran out of time and forfeits.":                                          "%s a dépassé son temps et perd par forfait.",
		"%s ran out of time: the turn passes.":                                      "%s a dépassé son temps : le tour passe.",
		"(resigned)":                                                                "(abandon)",
		"(to play)":                                                                 "(à jouer)",
		"Draw offered by: %s. Still to answer: %s.":                                 "Nulle proposée par : %s. Doivent encore répondre : %s.",
		"Game over: %s.":                                                            "Partie terminée : %s.",
		"Scores:":                                                                   "Scores :",
		"The game is over: %s.":                                                     "La partie est finie : %s.",
		"it is not your turn":                                                       "ce n'est pas votre tour",
		"the game is over":                                                          "la partie est finie",
		"there is no seat %d in this game":                                          "il n'y a pas de place %d dans cette partie",
		"you have resigned from this game":                                          "vous avez abandonné cette partie",
		"%s share the win.":                                                         "%s se partagent la victoire.",
		"%s wins.":                                                                  "%s gagne.",
		"Everyone agreed: the game is drawn.":                                       "Tous sont d'accord : la partie est nulle.",
		"Nobody wins.":                                                              "Personne ne gagne.",
		"a %d":                                                                      "un %d",
		"a -%d":                                                                     "un -%d",
		"an %d":                                                                     "un %d",
		"there is no game %q; the games are %v":                                     "il n'y a pas de jeu %q ; les jeux sont %v",
		"there is no offer of a draw to decline":                                    "il n'y a pas d'offre de nulle à refuser",
		"you have agreed to a draw already: the offer waits for %s":                 "vous avez déjà accepté la nulle : l'offre attend %s",
	})
}
