package amplitude

import "pbem/lang"

// The French of every sentence the engine writes, by English format. The
// moves themselves keep their English notation; the French words a player
// may write them with are in words.go. Vocabulary of the original French
// rules: jeton, pose, poser, piocher, case, plateau, formule, égalité; the
// rack is the chevalet, the stock of tokens the sac.
func init() {
	lang.Register(lang.French, map[string]string{
		"%d both multiplies and divides in one chain of × and /, which the forbidden-patterns rule refuses": "%d multiplie et divise à la fois dans une même suite de × et de /, ce que la règle des formules interdites refuse",
		"%d token exchanged.":                   "%d jeton échangé.",
		"%d token placed; %d left in the bag.":  "%d jeton posé ; il en reste %d dans le sac.",
		"%d tokens exchanged.":                  "%d jetons échangés.",
		"%d tokens placed; %d left in the bag.": "%d jetons posés ; il en reste %d dans le sac.",
		"%q is not a direction: write right (or across) or down, as H8 right 3+4-5=2": "%q n'est pas une direction : écrivez droite ou bas, comme H8 droite 3+4-5=2",
		"%q is not a line of digits 1 to 9":                                           "%q n'est pas une ligne de chiffres de 1 à 9",
		"%q is not a square: write a column A to O then a row 1 to 15, as H8":         "%q n'est pas une case : écrivez une colonne de A à O puis une ligne de 1 à 15, comme H8",
		"%q is not an Amplitude move":                                                 "%q n'est pas un coup d'Amplitude",
		"%s %s %s, %d point.":                                                         "%s %s %s, %d point.",
		"%s %s %s, %d points.":                                                        "%s %s %s, %d points.",
		"%s %s was expected, but the formula ends there":                              "%s, on attendait %s, mais la formule s'arrête là",
		"%s %s was expected, not '%s'":                                                "%s, on attendait %s, pas '%s'",
		"%s and %s are already side by side: a pose may not extend a pose that runs in its own direction":                                                                   "%s et %s sont déjà côte à côte : une pose ne peut pas prolonger une pose qui va dans sa direction",
		"%s has a single digit on each side of '=': one side is the result, the other must combine at least two digits, as in 1+2=3":                                        "%s n'a qu'un chiffre de chaque côté du '=' : un côté est le résultat, l'autre doit combiner au moins deux chiffres, comme dans 1+2=3",
		"%s holds %s, not %s: the digits after the direction are the line from its first square (to read a formula backwards, write the line first, as H8 right 123 3-2=1)": "%s porte %s, pas %s : les chiffres après la direction sont la ligne depuis sa première case (pour lire une formule à l'envers, écrivez d'abord la ligne, comme H8 droite 123 3-2=1)",
		"%s is false: %s makes %s, not %d": "%s est fausse : %s fait %s, pas %d",
		"%s is next to %s, which belongs to another pose: tokens may touch only within one pose": "%s touche %s, qui appartient à une autre pose : deux jetons ne peuvent être côte à côte que s'ils font partie d'une même pose",
		"%s to play. Bag: %d token.":                                "À %s de jouer. Sac : %d jeton.",
		"%s to play. Bag: %d tokens.":                               "À %s de jouer. Sac : %d jetons.",
		"%s: %s":                                                    "%s : %s",
		"%s: a digit cannot carry a sign":                           "%s : un chiffre ne peut pas porter de signe",
		"'%c' is not a digit or an operator":                        "'%c' n'est ni un chiffre ni un opérateur",
		"'=' or the end of the formula":                             "'=' ou la fin de la formule",
		"'^' is not a digit or an operator: powers are not allowed": "'^' n'est ni un chiffre ni un opérateur : les puissances ne sont pas permises",
		"(%d-%d) is a difference of two digits used as a factor, which the forbidden-patterns rule refuses": "(%d-%d) est une différence de deux chiffres employée comme facteur, ce que la règle des formules interdites refuse",
		"0 is not a token: tokens are the digits 1 to 9":                                                    "0 n'est pas un jeton : les jetons sont les chiffres de 1 à 9",
		"Amplitude has no option %q; its options are forbidden and bag":                                     "Amplitude n'a pas d'option %q ; ses options sont forbidden et bag",
		"Amplitude is played by %d to %d players, not %d":                                                   "Amplitude se joue de %d à %d joueurs, pas à %d",
		"Last pose, by %s:": "Dernière pose, par %s :",
		"Legend: [3] a token just placed, 3 a token placed before.": "Légende : [3] un jeton qui vient d'être posé, 3 un jeton posé avant.",
		"Outlined: the tokens of the last pose.":                    "Entourés : les jetons de la dernière pose.",
		"Outlined: the tokens placed since your last board.":        "Entourés : les jetons posés depuis votre dernier plateau.",
		"Resigned: the seat leaves the game.":                       "Abandon : le joueur quitte la partie.",
		"The starting player's first pose scores double.":           "La première pose du joueur qui commence compte double.",
		"Your rack: %s":                       "Votre chevalet : %s",
		"a )":                                 "une parenthèse fermante )",
		"a ]":                                 "un crochet fermant ]",
		"a digit or (":                        "un chiffre ou (",
		"a line holds 3 to %d digits, not %d": "une ligne compte de 3 à %d chiffres, pas %d",
		"a line holds at most %d digits, and %s has %d":                                                            "une ligne compte au plus %d chiffres, et %s en a %d",
		"a pose holds 3 to %d tokens, not %d":                                                                      "une pose compte de 3 à %d jetons, pas %d",
		"a pose holds at least 3 tokens, and %s has %d":                                                            "une pose compte au moins 3 jetons, et %s en a %d",
		"a pose holds at most %d tokens (5 from the rack, 6 crossed), and %s has %d":                               "une pose compte au plus %d jetons (5 du chevalet, 6 croisés), et %s en a %d",
		"a pose is a square, a direction and the line, as H8 right 3+4-5=2; or write exchange 3 5, pass or resign": "une pose s'écrit avec une case, une direction et la ligne, comme H8 droite 3+4-5=2 ; ou écrivez échanger 3 5, passer ou abandonner",
		"a pose must cross an existing pose and take in at least one of its tokens; %s to %s crosses none":         "une pose doit croiser une pose existante et intégrer au moins un de ses jetons ; de %s à %s, elle n'en croise aucune",
		"a rack holds %d tokens: you cannot exchange %d":                                                           "un chevalet contient %d jetons : vous ne pouvez pas en échanger %d",
		"after %s": "après %s",
		"an opening %s closes with %s, not %s, in %s": "dans %[4]s, %[1]s se ferme par %[2]s, pas par %[3]s",
		"at the start":      "au début",
		"down":              "bas",
		endDrawnByAgreement: "nulle d'un commun accord",
		endOthersResigned:   "tous les autres joueurs ont abandonné",
		"every square of that line is taken already: a pose places at least one token":                                 "toutes les cases de cette ligne sont déjà prises : une pose place au moins un jeton",
		"exchange takes the digits to give back, as exchange 3 5; %q is not one":                                       "échanger prend les chiffres à rendre, comme échanger 3 5 ; %q n'en est pas un",
		"exchange which tokens? Name them, as exchange 3 5":                                                            "échanger quels jetons ? Nommez-les, comme échanger 3 5",
		"in %s the '%s' closes no '%s'":                                                                                "dans %s, le '%s' ne ferme aucun '%s'",
		"neither side of '=' in %s is a single digit: one side of '=' must be the result, a single digit, as in 1+2=3": "dans %s, aucun côté du '=' n'est un chiffre seul : un côté du '=' doit être le résultat, un seul chiffre, comme dans 1+2=3",
		"no formula makes %s a true equation":                                                                          "aucune formule ne fait de %s une égalité juste",
		"no formula that the forbidden-patterns rule allows makes %s a true equation":                                  "aucune formule permise par la règle des formules interdites ne fait de %s une égalité juste",
		endNobodyCanPose:                        "plus personne ne peut poser",
		"option forbidden is on or off, not %q": "l'option forbidden vaut on ou off, pas %q",
		"right":                                 "droite",
		"that move is not well formed: write a pose such as H8 right 3+4-5=2, or exchange 3 5, pass or resign": "ce coup est mal formé : écrivez une pose comme H8 droite 3+4-5=2, ou échanger 3 5, passer ou abandonner",
		"that needs %d tokens %d and your rack holds %d (it holds %s)":                                         "il faut %d jetons %d et votre chevalet en a %d (il contient %s)",
		endBagCannotRefill: "le sac ne pouvait plus compléter le chevalet",
		"the bag holds %d tokens: you cannot exchange %d":                                     "le sac contient %d jetons : vous ne pouvez pas en échanger %d",
		"the character %U is not a digit or an operator":                                      "le caractère %U n'est ni un chiffre ni un opérateur",
		"the first pose must start or end on %s; this one runs from %s to %s":                 "la première pose doit commencer ou finir sur %s ; celle-ci va de %s à %s",
		"the formula %s does not read the line %s, forwards or backwards":                     "la formule %s ne lit pas la ligne %s, ni à l'endroit ni à l'envers",
		"the formula divides by zero":                                                         "la formule divise par zéro",
		"the formula has %d '=': write exactly one, as in 1+2=3":                              "la formule a %d '=' : écrivez-en un seul, comme dans 1+2=3",
		"the formula has %d digits: a line holds at most %d":                                  "la formule a %d chiffres : une ligne en compte %d au plus",
		"the formula has no '=': write the result after '=', as in 1+2=3":                     "la formule n'a pas de '=' : écrivez le résultat après '=', comme dans 1+2=3",
		"the formula has two '=': write exactly one, as in 1+2=3":                             "la formule a deux '=' : écrivez-en un seul, comme dans 1+2=3",
		"the formula holds a byte (0x%02X) that is not valid text":                            "la formule contient un octet (0x%02X) qui n'est pas du texte valide",
		"the formula is empty: write an equation such as 1+2=3":                               "la formule est vide : écrivez une égalité comme 1+2=3",
		"the formula is too long: at most %d characters":                                      "la formule est trop longue : %d caractères au plus",
		"the line %s runs off the board: from %s down there is room for %d tokens":            "la ligne %s sort du plateau : de %s vers le bas, il n'y a de place que pour %d jetons",
		"the line %s runs off the board: from %s right there is room for %d tokens":           "la ligne %s sort du plateau : de %s vers la droite, il n'y a de place que pour %d jetons",
		"the line holds three %ds, which the forbidden-patterns rule refuses":                 "la ligne contient trois %d, ce que la règle des formules interdites refuse",
		"the line holds two pairs of equal digits, which the forbidden-patterns rule refuses": "la ligne contient deux paires de chiffres identiques, ce que la règle des formules interdites refuse",
		"the line must take in the token on %s, just after its last square %s":                "la ligne doit intégrer le jeton de %s, juste après sa dernière case %s",
		"the line must take in the token on %s, just before its first square %s":              "la ligne doit intégrer le jeton de %s, juste avant sa première case %s",
		"the move is empty: write a pose such as H8 right 3+4-5=2, or exchange 3 5, or pass":  "le coup est vide : écrivez une pose comme H8 droite 3+4-5=2, ou échanger 3 5, ou passer",
		"there is no move":                    "il n'y a pas de coup",
		endTwoIdleRounds:                      "deux tours complets sont passés sans aucune pose",
		"unknown move kind %d":                "type de coup inconnu %d",
		"your rack holds no %d (it holds %s)": "votre chevalet n'a pas de %d (il contient %s)",
		amplitudeNotation:                     amplitudeNotationFrench,
		amplitudeRules:                        amplitudeRulesFrench,
	})
}

// amplitudeRulesFrench is Rules in French, within 78 columns as the English.
const amplitudeRulesFrench = `Amplitude est un « scrabble » des chiffres sur un plateau de 15x15 cases.
Chaque pose place une ligne droite de jetons (vers la droite ou vers le
bas, au moins 3) qui doit former une égalité juste : le chiffre d'une
extrémité est le résultat des autres, pris dans l'ordre de la ligne (dans
un sens ou dans l'autre), avec + - x / et des parenthèses. Deux chiffres
côte à côte se multiplient : (34)/2-5=1 se lit (3x4)/2-5=1.

La première pose a une extrémité sur la case centrale H8 et compte double
pour le joueur qui commence. Les poses suivantes croisent une pose
existante et intègrent l'un de ses jetons ; deux jetons ne se touchent que
s'ils font partie d'une même pose. Une pose rapporte les points de sa
formule, chaque - et / comptant comme un + : 3+4-5=2 rapporte 3+4+5 = 12.
Envoyez les seuls chiffres et le serveur choisit pour vous la meilleure
formule. Après une pose, vous piochez de quoi revenir à 5 jetons.

Vous pouvez aussi échanger des jetons ou passer votre tour. La partie
s'achève quand le sac ne permet plus de compléter un chevalet, quand plus
personne ne peut poser, ou après deux tours complets sans aucune pose.`

// amplitudeNotationFrench is Notation in French, its rows as the
// English's, written with the French move words.
const amplitudeNotationFrench = "H8 droite 3+4-5=2\tune pose et votre formule ; la case est la première de la ligne (à gauche ou en haut), les chiffres la ligne entière, jetons croisés compris\n" +
	"H8 bas 34251\tune pose ; le serveur trouve la meilleure formule\n" +
	"H8 droite 123 3-2=1\tla ligne, puis une formule qui la lit à l'envers\n" +
	"échanger 3 5\trendre un 3 et un 5, en piocher autant\n" +
	"passer\tne rien faire ce tour-ci\n" +
	"nulle\tproposer la nulle, ou accepter celle proposée ; la partie est nulle quand tous ceux qui jouent encore l'acceptent\n" +
	"refuser\trefuser la nulle proposée (jouer le fait aussi)\n" +
	"abandonner\tquitter la partie\n" +
	"Les mots anglais sont compris aussi : right, down, exchange, pass..."
