package ratings

import "pbem/lang"

// The French of the standings.
func init() {
	lang.Register(lang.French, map[string]string{
		"    #  %-*s  rating  games  won  drawn  lost":                                              "    #  %-*s    cote  total    G      N     P",
		"%s ratings (Elo: everyone starts at %.0f; games with a computer\nseat are not rated):\n\n": "Classement %s (Elo : chacun commence à %.0f ; les parties avec\nl'ordinateur ne comptent pas) :\n\n",
		"* is you.":                       "* c'est vous.",
		"No rated game has finished yet.": "Aucune partie classée n'est encore finie.",
		"The standings":                   "Le classement",
		"You have no rated game of %s yet: you start at %.0f.": "Vous n'avez encore aucune partie classée de %s : vous commencez à %.0f.",
		"player": "joueur",
	})
}
