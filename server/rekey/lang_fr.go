package rekey

import "pbem/lang"

// The French of the rekey mails.
func init() {
	lang.Register(lang.French, map[string]string{
		"a new reply address":            "une nouvelle adresse de réponse",
		"game %d has no player to rekey": "la partie %d n'a aucun joueur à qui changer l'adresse",
	})
}
