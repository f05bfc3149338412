package core

import "pbem/lang"

// The French of the core's sentences: the game options' refusals, the
// commands as a refusal names them, a digest's play line.
func init() {
	lang.Register(lang.French, map[string]string{
		"option %s is the server's own: a ladder's games carry it":                      "l'option %s est celle du serveur : les parties d'une échelle la portent",
		"%d players are named %s (%s): write the address of the one you mean instead":   "%d joueurs s'appellent %s (%s) : écrivez plutôt l'adresse de celui que vous voulez dire",
		"no player here is named %s: write their address instead":                       "aucun joueur ici ne s'appelle %s : écrivez plutôt son adresse",
		"option pictures is on or off, not %q":                                          "l'option pictures vaut on ou off, pas %q",
		"%s has no passes: its timeout is forfeit or none":                              "%s n'a pas de passe : son délai dépassé est forfeit ou none",
		"option clock is a time for each move of an hour or more, as 72h or 5d, not %q": "l'option clock est un temps par coup d'une heure ou plus, comme 72h ou 5d, pas %q",
		"option timeout %s needs a clock, as clock=72h":                                 "l'option timeout %s demande une pendule, comme clock=72h",
		"option timeout is pass, forfeit or none, not %q":                               "l'option timeout est pass, forfeit ou none, pas %q",
		"option vacation_days is a number of days from 0 to 60, not %q":                 "l'option vacation_days est un nombre de jours de 0 à 60, pas %q",
		"option watchers is open or closed, not %q":                                     "l'option watchers est open ou closed, pas %q",
		"vacation":        "vacances",
		"back":            "retour",
		"mail":            "courrier",
		"lang":            "langue",
		"pictures":        "images",
		"watch":           "regarder",
		"unwatch":         "ne plus regarder",
		"stop":            "stop",
		"rematch":         "revanche",
		"accept":          "accepter",
		"decline":         "refuser",
		"undo":            "reprendre",
		"game %d: #%d %s": "partie %d : #%d %s",
	})
}
