package chiffres

import "pbem/lang"

// The French of every sentence a Chiffres player reads, in the words of
// the game's original rules: jeton, tableau, case, banque, placer, poser.
func init() {
	lang.Register(lang.French, map[string]string{
		chiffresNotation: "7 F4\tplacer un 7 en F4 (aussi F4 7, F4=7, poser 7 en F4)\n" +
			"nulle\tproposer la nulle, ou accepter l'offre en cours ; la partie est nulle quand tous les joueurs encore en jeu l'acceptent\n" +
			"refuser\trefuser l'offre en cours (jouer la refuse aussi)\n" +
			"abandonner\tquitter la partie",
		"%d is not a token: tokens are single digits 0 to 9": "%d n'est pas un jeton : les jetons sont des chiffres de 0 à 9",
		"%d on %s scores %d: %s.":                            "%d en %s marque %d : %s.",
		"%d token":                                           "%d jeton",
		"%d tokens":                                          "%d jetons",
		"%q in row %d of the board is not a digit, *, K or -":                                                  "%q dans la ligne %d du tableau n'est pas un chiffre, *, K ou -",
		"%q is not a Chiffres move":                                                                            "%q n'est pas un coup de Chiffres",
		"%q is not a square: a square is a column A to I and a row 1 to 9, as F4":                              "%q n'est pas une case : une case est une colonne de A à I et une ligne de 1 à 9, comme F4",
		"%s already holds %s":                                                                                  "%s porte déjà %s",
		"%s bears %s, not %s":                                                                                  "%s porte %s, pas %s",
		"%s bears two marks: a square is plain, K or ±":                                                        "%s porte deux marques : une case est simple, K ou ±",
		"%s cannot place a token and passes.":                                                                  "%s ne peut placer aucun jeton et passe son tour.",
		"%s is neither a token (0 to 9) nor a square (A1 to I9); write a placement as 7 F4":                    "%s n'est ni un jeton (0 à 9) ni une case (A1 à I9) ; écrivez un placement comme 7 F4",
		"%s is not a token: tokens are single digits 0 to 9":                                                   "%s n'est pas un jeton : les jetons sont des chiffres de 0 à 9",
		"%s is off the board, which runs from A1 to I9":                                                        "%s est hors du tableau, qui va de A1 à I9",
		"%s is the centre, and the first token, %s, lies there already":                                        "%s est le centre, et le premier jeton, %s, y est déjà",
		"%s is the centre, where only the first token goes":                                                    "%s est le centre, où seul le premier jeton va",
		"%s placed every token held, the bank being empty":                                                     "%s a placé tous ses jetons, la banque étant vide",
		"%s resigns and leaves the game; their score stays %d.":                                                "%s abandonne et quitte la partie ; son score reste %d.",
		"%s still holds %s: 3 × %d = %d points off, %d left.":                                                  "%s a encore %s : 3 × %d = %d points en moins, il reste %d.",
		"%s to play. Bank: %d token.":                                                                          "À %s de jouer. Banque : %d jeton.",
		"%s to play. Bank: %d tokens.":                                                                         "À %s de jouer. Banque : %d jetons.",
		"%s touches no token: lay a token next to one already on the board, above, below, left or right of it": "%s ne touche aucun jeton : posez un jeton à côté d'un jeton déjà sur le tableau, au-dessus, au-dessous, à gauche ou à droite",
		"%s, %s": "%s, %s",
		"Chiffres has no option %q; its options are bag and board": "Chiffres n'a pas d'option %q ; ses options sont bag et board",
		"Chiffres is played by %d to %d players, not %d":           "Chiffres se joue de %d à %d joueurs, pas %d",
		chiffresRules: `Chiffres : posez des jetons numérotés sur un tableau 9x9 dont les cases
portent des chiffres. À votre tour, placez un jeton voisin d'un jeton déjà
sur le tableau, sur une case portant le même chiffre, puis prenez-en un
autre dans la banque. Un 0 vaut 10.

Un placement marque les nombres de 2 jetons ou plus qu'il complète, en
ligne et en colonne : 2 jetons leur somme, 3 la somme + 5, 4 la somme +
10, 5 ou plus les cinq meilleurs consécutifs + 20. Une case K ajoute 10,
une case - retranche 10.

Un joueur qui ne peut placer aucun jeton passe son tour automatiquement.
La partie se termine quand un joueur a placé tous ses jetons, la banque
étant vide, ou quand plus personne ne peut placer ; chaque jeton resté en
main coûte alors le triple de ses points.`,
		"Last placement: %s placed %d on %s for %d point (%s).":  "Dernier placement : %s a placé %d en %s pour %d point (%s).",
		"Last placement: %s placed %d on %s for %d points (%s).": "Dernier placement : %s a placé %d en %s pour %d points (%s).",
		`Legend: [7] a token, 7 an empty square bearing 7,
        7K a bonus square (+10), 7- a malus square (-10). A 0 counts 10.
`: `Légende : [7] un jeton, 7 une case vide portant 7,
        7K une case bonus (+10), 7- une case malus (-10). Un 0 compte 10.
`,
		`Legend: [7] a token, <7> a token just placed, 7 an empty square bearing 7,
        7K a bonus square (+10), 7- a malus square (-10). A 0 counts 10.
`: `Légende : [7] un jeton, <7> un jeton juste posé, 7 une case vide portant 7,
        7K une case bonus (+10), 7- une case malus (-10). Un 0 compte 10.
`,
		`Legend: [7] a token, <7> the last token placed, 7 an empty square bearing 7,
        7K a bonus square (+10), 7- a malus square (-10). A 0 counts 10.
`: `Légende : [7] un jeton, <7> le dernier jeton placé, 7 une case vide portant 7,
        7K une case bonus (+10), 7- une case malus (-10). Un 0 compte 10.
`,
		"One token drawn; %d token in the bank.":              "Un jeton pris ; %d jeton dans la banque.",
		"One token drawn; %d tokens in the bank.":             "Un jeton pris ; %d jetons dans la banque.",
		"Outlined: the last token placed. ":                   "Encadré : le dernier jeton placé. ",
		"Outlined: the tokens placed since your last board. ": "Encadrés : les jetons placés depuis votre dernier tableau. ",
		"Passed automatically, no token fitting: %s.":         "Tour passé automatiquement, aucun jeton ne convenant : %s.",
		"Small digit: the digit a square bears. K: bonus square (+10); minus: malus square (-10); star: the centre. A 0 counts 10.": "Petit chiffre : le chiffre que porte la case. K : case bonus (+10) ; moins : case malus (-10) ; étoile : le centre. Un 0 compte 10.",
		"The bank is empty: no token drawn.": "La banque est vide : aucun jeton pris.",
		"Your tokens: %s":                    "Vos jetons : %s",
		"Your tokens: none":                  "Vos jetons : aucun",
		"a placement is one token and one square, as 7 F4 or F4=7; %s is not": "un placement est un jeton et une case, comme 7 F4 ou F4=7 ; %s n'en est pas un",
		"a placement names a square too, as 7 F4; %s names two digits":        "un placement nomme aussi une case, comme 7 F4 ; %s nomme deux chiffres",
		"a placement names one token too, as 7 F4; %s names two squares":      "un placement nomme aussi un jeton, comme 7 F4 ; %s nomme deux cases",
		"across %s":                   "en ligne %s",
		"across best five of %d: %s":  "en ligne, les cinq meilleurs de %d : %s",
		"down %s":                     "en colonne %s",
		"down best five of %d: %s":    "en colonne, les cinq meilleurs de %d : %s",
		"drawn by agreement":          "nulle d'un commun accord",
		"every other player resigned": "tous les autres joueurs ont abandonné",
		"malus %s":                    "malus %s",
		"no move was given":           "aucun coup n'a été donné",
		"no penalty for %s held":      "pas de pénalité pour %s en main",
		"no token held":               "aucun jeton en main",
		"nobody can place a token":    "plus personne ne peut placer de jeton",
		"option board: %s":            "option board : %s",
		"penalty -%d for %s held":     "pénalité -%d pour %s en main",
		"row %d of the board has %d squares; it needs %d":                                                                                "la ligne %d du tableau a %d cases ; il en faut %d",
		"row %d of the board has more than %d squares":                                                                                   "la ligne %d du tableau a plus de %d cases",
		"row %d of the board starts with %q: a mark follows the digit of its square, as 2K or 9-":                                        "la ligne %d du tableau commence par %q : une marque suit le chiffre de sa case, comme 2K ou 9-",
		"that square is off the board, which runs from A1 to I9":                                                                         "cette case est hors du tableau, qui va de A1 à I9",
		"the board has %d rows; it needs %d, separated by /, as %s":                                                                      "le tableau a %d lignes ; il lui en faut %d, séparées par /, comme %s",
		"the board has no centre: mark the square of the first token with *":                                                             "le tableau n'a pas de centre : marquez d'un * la case du premier jeton",
		"the board has two centres, %s and %s: only one square may be *":                                                                 "le tableau a deux centres, %s et %s : une seule case peut être *",
		"the centre %s bears no K or ± mark":                                                                                             "le centre %s ne porte pas de marque K ou ±",
		"the move is empty: write the token and the square, as 7 F4":                                                                     "le coup est vide : écrivez le jeton et la case, comme 7 F4",
		"you can place a token (%d on %s, for one), so you may not pass: the server passes a player only when none of their tokens fits": "vous pouvez placer un jeton (%d en %s, par exemple), vous ne pouvez donc pas passer : le serveur fait passer un joueur seulement quand aucun de ses jetons ne convient",
		"you hold no %d: your tokens are %s":                                                                                             "vous n'avez pas de %d : vos jetons sont %s",
	})
}
