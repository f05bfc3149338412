package digest

import "pbem/lang"

// The French of the digests and the answers to their replies.
func init() {
	lang.Register(lang.French, map[string]string{
		"A mail from %s came to the reply address of one of your digests that a rekey replaced: nothing was played. If it was not you, someone has seen one of your digests; the new ones carry a new address.": "Un mail de %s est arrivé à l'adresse de réponse d'un de vos résumés, qu'un rekey a remplacée : rien n'a été joué. Si ce n'était pas vous, quelqu'un a vu un de vos résumés ; les nouveaux portent une nouvelle adresse.",
		"Nothing was played. %s":                           "Rien n'a été joué. %s",
		"Nothing was played: your line %q was refused. %s": "Rien n'a été joué : votre ligne %q a été refusée. %s",
		"pbem: your reply to the digest":                   "pbem : votre réponse au résumé",
		"pbem: your turn in %d game":                       "pbem : à vous de jouer dans %d partie",
		"pbem: your turn in %d games":                      "pbem : à vous de jouer dans %d parties",
		"pbem: your turn in %s, game %d":                   "pbem : à vous de jouer dans %s, partie %d",
	})
}
