package server

import "pbem/lang"

// The French of the lobby's answers to mails that hold no command, and of
// a reply that says no to its confirmation.
func init() {
	lang.Register(lang.French, map[string]string{
		"cancelled": "annulé",
		"Nothing was done: your reply said no, so that request is cancelled. To ask again, write it again.": "Rien n'a été fait : votre réponse dit non, la demande est donc annulée. Pour la refaire, écrivez-la de nouveau.",
		"Nothing was done: your mail held no command this server knows. Did you mean\n\n    %s\n\n%s":       "Rien n'a été fait : votre mail ne contenait aucune commande que ce serveur connaisse. Vouliez-vous écrire\n\n    %s\n\n%s",
		"did you mean %s?": "vouliez-vous écrire %s ?",
		"there is no game %s here: did you mean new %s %s?": "il n'y a pas de jeu %s ici : vouliez-vous écrire nouvelle %s %s ?",
		"Your mail held no command this server knows, so nothing was done. To play a move, reply to the game's latest mail, not to this address.\n\n%s": "Votre mail ne contenait aucune commande que ce serveur connaisse : rien n'a été fait. Pour jouer un coup, répondez au dernier mail de la partie, pas à cette adresse.\n\n%s",
	})
}
