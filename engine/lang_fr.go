package engine

import "pbem/lang"

// The French of the sentences every game shares: draws by agreement, the
// winners, the articles of tokens, the registry's refusal.
func init() {
	lang.Register(lang.French, map[string]string{
		"%s accepts the draw; still to answer: %s.":                                 "%s accepte la nulle ; doivent encore répondre : %s.",
		"%s declines the draw: the offer is withdrawn.":                             "%s refuse la nulle : l'offre est retirée.",
		"%s offers a draw: the others may accept with draw or refuse with decline.": "%s propose la nulle : les autres l'acceptent par nulle ou la refusent par refuser.",
		"%s plays on: the offer of a draw lapses.":                                  "%s joue : l'offre de nulle tombe.",
		"%s share the win.":                      "%s se partagent la victoire.",
		"%s wins.":                               "%s gagne.",
		"Everyone agreed: the game is drawn.":    "Tous sont d'accord : la partie est nulle.",
		"Nobody wins.":                           "Personne ne gagne.",
		"a %d":                                   "un %d",
		"a -%d":                                  "un -%d",
		"an %d":                                  "un %d",
		"there is no game %q; the games are %v":  "il n'y a pas de jeu %q ; les jeux sont %v",
		"there is no offer of a draw to decline": "il n'y a pas d'offre de nulle à refuser",
		"you have agreed to a draw already: the offer waits for %s": "vous avez déjà accepté la nulle : l'offre attend %s",
	})
}
