package archive

import "pbem/lang"

// The French of the archive page, for players who read French (pbem game
// export --format html --lang fr). The JSON record and the import's
// refusals are for programs and operators, and stay English.
func init() {
	lang.Register(lang.French, map[string]string{
		"%d points":                           "%d points",
		"%s shared the win.":                  "%s se partagent la victoire.",
		"%s won.":                             "%s a gagné.",
		"%s, game %d: %s":                     "%s, partie %d : %s",
		"A draw.":                             "Partie nulle.",
		"Aborted after %d move.":              "Arrêtée après %d coup.",
		"Aborted after %d moves.":             "Arrêtée après %d coups.",
		"After move %d":                       "Après le coup %d",
		"First (Home)":                        "Début (Origine)",
		"First position":                      "Position de départ",
		"Game %d, started %s, %s; seed %d":    "Partie %d, commencée le %s, %s ; graine %d",
		"In play after %d move.":              "En cours après %d coup.",
		"In play after %d move: %s to play.":  "En cours après %d coup : à %s de jouer.",
		"In play after %d moves.":             "En cours après %d coups.",
		"In play after %d moves: %s to play.": "En cours après %d coups : à %s de jouer.",
		"Last (End)":                          "Dernier (Fin)",
		"Last position":                       "Dernière position",
		"Move %d of %d":                       "Coup %d sur %d",
		"Moves":                               "Coups",
		"Next (Right arrow)":                  "Suivant (flèche droite)",
		"Next move":                           "Coup suivant",
		"No move was played.":                 "Aucun coup n'a été joué.",
		"Player":                              "Joueur",
		"Previous (Left arrow)":               "Précédent (flèche gauche)",
		"Previous move":                       "Coup précédent",
		"Replay":                              "Rejouer la partie",
		"Result":                              "Résultat",
		"Score":                               "Score",
		"Start (%d moves)":                    "Départ (%d coups)",
		"Step through the moves":              "Parcourir les coups",
		"The game ended: %s.":                 "La partie s'est terminée : %s.",
		"The board after move %d":             "Le plateau après le coup %d",
		"The board at the start":              "Le plateau au départ",
		"The start":                           "Le départ",
		"aside":                               "aparté",
		"computer":                            "ordinateur",
		"options":                             "options",
		"winner":                              "vainqueur",
	})
}
