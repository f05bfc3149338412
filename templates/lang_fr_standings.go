package templates

import "pbem/lang"

// The French of the standings mail.
func init() {
	lang.Register(lang.French, map[string]string{
		"Tournament %d": "Tournoi %d",
		"Tournament %d (%s, %s) is over. The final standings:":             "Le tournoi %d (%s, %s) est terminé. Le classement final :",
		"Round %d of %d of tournament %d (%s, %s) is over. The standings:": "La ronde %d sur %d du tournoi %d (%s, %s) est terminée. Le classement :",
		"you": "vous",
		"%s · Buchholz %s · Sonneborn-Berger %s · won %d, drawn %d, lost %d": "%s · Buchholz %s · Sonneborn-Berger %s · gagnées %d, nulles %d, perdues %d",
		"To see the standings at any time, write tournament %d to %s.":       "Pour voir le classement à tout moment, écrivez tournoi %d à %s.",
		"Ladder challenge %d on the %s ladder":                               "Défi %d de l'échelle de %s",
		"Round %d of tournament %d":                                          "Ronde %d du tournoi %d",
	})
}
