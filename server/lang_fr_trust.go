package server

import "pbem/lang"

// The French of what the server says about trust: revoked addresses,
// confirmations of what a mail asked for, the caps on mail to an address.
func init() {
	lang.Register(lang.French, map[string]string{
		"A mail from %s came to the reply address of one of your digests that a rekey replaced: nothing was played. If it was not you, someone has seen one of your digests; the new ones carry a new address.": "Un mail de %s est arrivé à l'adresse de réponse d'un de vos résumés, qu'un rekey a remplacée : rien n'a été joué. Si ce n'était pas vous, quelqu'un a vu un de vos résumés ; les nouveaux portent une nouvelle adresse.",
	})
}
