package parser

import "pbem/lang"

// The French of the parser's refusals: they show the French forms of the
// commands, which are read whatever language the player chose.
func init() {
	lang.Register(lang.French, map[string]string{
		"#%d is followed by no command":              "#%d n'est suivi d'aucune commande",
		"%q should be a move number, as in #12 pass": "%q devrait être un numéro de coup, comme dans #12 passer",
		"a mail may hold at most %d commands":        "un courrier contient au plus %d commandes",
		"game %s is no game: write the number of one of your games, as in game 12: #7 H8 right 34251":                                                          "la partie %s n'existe pas : écrivez le numéro d'une de vos parties, comme dans partie 12 : #7 H8 droite 34251",
		"try what? Write try, then a move as you would play it, such as try %s":                                                                                "essayer quoi ? Écrivez essayer, puis un coup comme vous le joueriez, par exemple essayer %s",
		"write lang fr (for mails in French) or lang en (in English), on a line of its own":                                                                    "écrivez langue fr (pour des courriers en français) ou langue en (en anglais), sur une ligne à part",
		"write mail every (a mail for every move), mail turn (only when it is your turn, and the end) or mail digest 08:30 (one mail a day at that time, UTC)": "écrivez courrier chaque (un courrier à chaque coup), courrier tour (seulement quand c'est votre tour, et à la fin) ou courrier résumé 08:30 (un courrier par jour à cette heure, UTC)",
		"write pictures off (the board as text alone) or pictures on (a picture of the board in every mail)":                                                   "écrivez images non (le plateau en texte seul) ou images oui (une image du plateau dans chaque courrier)",
		"write vacation 5d (days), vacation 72h (hours) or vacation until 2026-12-24":                                                                          "écrivez vacances 5j (jours), vacances 72h (heures) ou vacances jusqu'au 2026-12-24",
	})
}
