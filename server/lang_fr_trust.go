package server

import "pbem/lang"

// The French of what the server says about trust: revoked addresses,
// confirmations of what a mail asked for, the caps on mail to an address.
func init() {
	lang.Register(lang.French, map[string]string{
		"Someone, probably you, wrote to this game server from %s:\n\n%s\n\nTo have it done, reply to this mail: your reply needs no text. Or write to %s the line\n\n    confirm %%s\n\nIf you did not write it, ignore this mail: nothing happens without your reply. (A reply to a mail of this server is done at once.)": "Quelqu'un, sans doute vous, a écrit à ce serveur de jeux depuis %s :\n\n%s\n\nPour que ce soit fait, répondez à ce mail : votre réponse n'a besoin d'aucun texte. Ou écrivez à %s la ligne\n\n    confirmer %%s\n\nSi vous ne l'avez pas écrit, ignorez ce mail : rien ne se passe sans votre réponse. (Une réponse à un mail de ce serveur est faite aussitôt.)",
		"pbem: confirm what you wrote":                                            "pbem : confirmez ce que vous avez écrit",
		"that command is too long: write it on one line of at most %d characters": "cette commande est trop longue : écrivez-la sur une ligne d'au plus %d caractères",
		"this confirmation holds no command any more: write it again":             "cette confirmation ne porte plus aucune commande : écrivez-la de nouveau",
	})
}
