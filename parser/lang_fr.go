package parser

import "pbem/lang"

// The French of the parser's refusals: they show the French forms of the
// commands, which are read whatever language the player chose.
func init() {
	lang.Register(lang.French, map[string]string{
		"#%d is followed by no command":                                                               "#%d n'est suivi d'aucune commande",
		"%q should be a move number, as in #12 pass":                                                  "%q devrait être un numéro de coup, comme dans #12 passer",
		"a mail may hold at most %d commands":                                                         "un courrier contient au plus %d commandes",
		"a name cannot be empty":                                                                      "un nom ne peut pas être vide",
		"a name has at most %d characters":                                                            "un nom a au plus %d caractères",
		"a name holds a character that could not be read: write it again, as text":                    "un nom contient un caractère illisible : écrivez-le à nouveau, en texte",
		"a name is words, without @, <, > or quotes: your address is known already":                   "un nom est fait de mots, sans @, <, > ni guillemets : votre adresse est déjà connue",
		"a name may hold letters, digits, spaces, punctuation and symbols only":                       "un nom ne contient que des lettres, des chiffres, des espaces, de la ponctuation et des symboles",
		"a name may not hold %U, a private-use character that every device shows its own way":         "un nom ne peut pas contenir %U, un caractère à usage privé que chaque appareil affiche à sa façon",
		"a name may not hold %U, which Unicode does not define":                                       "un nom ne peut pas contenir %U, qu'Unicode ne définit pas",
		"a name may not hold %U: write it with letters, digits, spaces, punctuation and symbols":      "un nom ne peut pas contenir %U : écrivez-le avec des lettres, des chiffres, des espaces, de la ponctuation et des symboles",
		"a name may not hold control characters such as a line break (%U): write it on one line":      "un nom ne peut pas contenir de caractère de contrôle comme un saut de ligne (%U) : écrivez-le sur une seule ligne",
		"a name may not hold invisible or direction-changing characters (%U)":                         "un nom ne peut pas contenir de caractère invisible ou qui change le sens de l'écriture (%U)",
		"a name mixes alphabets (%s and %s): write it in one":                                         "un nom mêle des alphabets (%s et %s) : écrivez-le dans un seul",
		"game %s is no game: write the number of one of your games, as in game 12: #7 H8 right 34251": "la partie %s n'existe pas : écrivez le numéro d'une de vos parties, comme dans partie 12 : #7 H8 droite 34251",
		"try what? Write try, then a move as you would play it, such as try %s":                       "essayer quoi ? Écrivez essayer, puis un coup comme vous le joueriez, par exemple essayer %s",
		"write lang fr (for mails in French) or lang en (in English), on a line of its own":           "écrivez langue fr (pour des courriers en français) ou langue en (en anglais), sur une ligne à part",
		"write mail every (a mail for every move), mail turn (only when it is your turn, and the end) or mail digest 08:30 (one mail a day at that time, UTC)": "écrivez courrier chaque (un courrier à chaque coup), courrier tour (seulement quand c'est votre tour, et à la fin) ou courrier résumé 08:30 (un courrier par jour à cette heure, UTC)",
		"write pictures off (the board as text alone) or pictures on (a picture of the board in every mail)":                                                   "écrivez images non (le plateau en texte seul) ou images oui (une image du plateau dans chaque courrier)",
		"write vacation 5d (days), vacation 72h (hours) or vacation until 2026-12-24":                                                                          "écrivez vacances 5j (jours), vacances 72h (heures) ou vacances jusqu'au 2026-12-24",
	})
}
