package ludicitude

import "pbem/lang"

// The French of every sentence a Ludicitude player reads, in the words of
// the game's original rules: cube, damier, case, niveau, réserve,
// parachuter, encadrement, encerclement, promouvoir.
func init() {
	lang.Register(lang.French, map[string]string{
		ludicitudeNotation: "c1-c3\tdéplacer le cube de c1 en c3 (aussi c1c3, c1 c3, ou par sa direction : c1 haut 2 ; bas, gauche, droite)\n" +
			"c1-c3 +b1 +e1\tle même, en promouvant b1 et e1 après une capture par encadrement (aussi c1-c3 promouvoir b1 e1) ; les promotions que vous ne nommez pas, le serveur les fait, au niveau le plus bas d'abord\n" +
			"parachuter a7\tparachuter un cube de votre réserve en a7 (aussi *a7, @a7)\n" +
			"nulle\tproposer la nulle, ou accepter celle de l'adversaire\n" +
			"refuser\trefuser l'offre de l'adversaire (jouer la refuse aussi)\n" +
			"abandonner\tabandonner la partie",
		"%d cube":       "%d cube",
		"%d cubes":      "%d cubes",
		"%d promotion":  "%d promotion",
		"%d promotions": "%d promotions",
		"%d square":     "%d case",
		"%d squares":    "%d cases",
		"%d turns in a row without a capture: the game is drawn at %d.":          "%d tours de suite sans capture : la partie sera nulle à %d.",
		"%q is not a square: name one as a file a to g and a rank 1 to 7, as c3": "%q n'est pas une case : nommez-en une par sa colonne de a à g et sa rangée de 1 à 7, comme c3",
		"%s %s %d leaves the board, whose squares run from a1 to g7":             "%s %s %d sort du damier, dont les cases vont de a1 à g7",
		"%s accepts the draw.": "%s accepte la nulle.",
		"%s captures %s by custodian and so earns %s, and you named %d":                "%s capture %s par encadrement et gagne donc %s, et vous en nommez %d",
		"%s captures %s by custodian: back to %s's reserve.":                           "%[1]s capture %[2]s par encadrement : retour dans la réserve de %[3]s.",
		"%s captures nothing by custodian, so it earns no promotion, and you named %d": "%s ne capture rien par encadrement et ne gagne donc aucune promotion, et vous en nommez %d",
		"%s declines the draw.":                                                                                             "%s refuse la nulle.",
		"%s encloses %s: it joins %s's reserve.":                                                                            "%[1]s encercle %[2]s : il rejoint la réserve de %[3]s.",
		"%s encloses %s: they join %s's reserve.":                                                                           "%[1]s encercle %[2]s : ils rejoignent la réserve de %[3]s.",
		"%s had no legal action and was passed.":                                                                            "%s n'avait aucune action possible et a passé son tour.",
		"%s has no legal action":                                                                                            "%s n'a aucune action possible",
		"%s has no legal action and passes.":                                                                                "%s n'a aucune action possible et passe son tour.",
		"%s holds no cube of yours after the move, so it cannot be promoted":                                                "il n'y a aucun de vos cubes en %s après le coup : rien à y promouvoir",
		"%s is %d squares from %s, and the cube there, at level %d, slides at most %s":                                      "%[1]s est à %[2]d cases de %[3]s, et le cube qui s'y trouve, de niveau %[4]d, se déplace d'au plus %[5]s",
		"%s is named twice: a cube is promoted at most once per turn":                                                       "%s est nommée deux fois : un cube est promu une fois au plus par tour",
		"%s is next to a corner, but a cube drops there only when all four corners are taken, and %s are free":              "%[1]s est à côté d'un coin, mais on n'y parachute un cube que quand les quatre coins sont pris, et %[2]s sont libres",
		"%s is next to a corner, but a cube drops there only when all four corners are taken, and %s is free":               "%[1]s est à côté d'un coin, mais on n'y parachute un cube que quand les quatre coins sont pris, et %[2]s est libre",
		"%s is not a corner: a cube drops on a free corner (a1, g1, a7 or g7), or next to a corner when all four are taken": "%s n'est pas un coin : un cube se parachute sur un coin libre (a1, g1, a7 ou g7), ou à côté d'un coin quand les quatre sont pris",
		"%s is not a slide nor a drop":                                                                                      "%s n'est ni un déplacement ni un parachutage",
		"%s is not a square of the board: files run from a to g and ranks from 1 to 7":                                      "%s n'est pas une case du damier : les colonnes vont de a à g et les rangées de 1 à 7",
		"%s is not reachable: %s is occupied":                                                                               "%s est hors d'atteinte : %s est occupée",
		"%s is not reachable: the wall on d4 is in the way":                                                                 "%s est hors d'atteinte : le mur en d4 barre le chemin",
		"%s is occupied: a cube drops on an empty square":                                                                   "%s est occupée : un cube se parachute sur une case vide",
		"%s is occupied: a cube stops on an empty square":                                                                   "%s est occupée : un cube s'arrête sur une case vide",
		"%s offers a draw: %s may answer draw to accept it, or decline.":                                                    "%s propose la nulle : %s peut l'accepter par nulle, ou la refuser par refuser.",
		"%s offers a draw: %s may answer draw to accept it, or decline; a slide or a drop by %s declines it too.":           "%[1]s propose la nulle : %[2]s peut l'accepter par nulle, ou la refuser par refuser ; un déplacement ou un parachutage de %[3]s la refuse aussi.",
		"%s promotes %s (%s chosen by the server: lowest level first, then a1, b1 ... g7).":                                 "%[1]s promeut %[2]s (choix du serveur pour %[3]s : le niveau le plus bas d'abord, puis a1, b1 ... g7).",
		"%s promotes %s.": "%s promeut %s.",
		"%s takes nothing after it, and %q follows": "%s ne prend rien après lui, et %q suit",
		"%s to level %d": "%s au niveau %d",
		"%s to play.":    "À %s de jouer.",
		"%s to where? A slide names two squares, as c1-c3":                                "%s vers où ? Un déplacement nomme deux cases, comme c1-c3",
		"%s where? Name the square, as drop a7":                                           "%s où ? Nommez la case, comme parachuter a7",
		"%s wins: %s has no cube left on the board":                                       "%s gagne : %s n'a plus de cube sur le damier",
		"%s wins: %s ran out of time":                                                     "%s gagne : %s a dépassé son temps",
		"%s wins: %s resigned":                                                            "%s gagne : %s a abandonné",
		"%s wins: every %s cube is on the board at level 3":                               "%s gagne : chaque cube %s est sur le damier au niveau 3",
		"%s-%s does not move the cube: a cube slides 1 to 3 squares, as far as its level": "%s-%s ne déplace pas le cube : un cube se déplace de 1 à 3 cases, autant que son niveau",
		"%s-%s is not a straight line: a cube slides along its rank or its file":          "%s-%s n'est pas une ligne droite : un cube se déplace sur sa rangée ou sa colonne",
		"%s.": "%s.",
		"%s: a drop names one square, as drop a7":                "%s : un parachutage nomme une case, comme parachuter a7",
		"%s: name promotions as %s +b1 +e1, or %s promote b1 e1": "%s : nommez les promotions ainsi : %s +b1 +e1, ou %s promouvoir b1 e1",
		"%v is not a Ludicitude move":                            "%v n'est pas un coup de Ludicitude",
		"+ must be followed by a square, as %s +b1":              "+ doit être suivi d'une case, comme %s +b1",
		"Black":             "Noir",
		"Draw by agreement": "Nulle par accord",
		"Draw: %d turns in a row went by without a capture":                       "Nulle : %d tours de suite sont passés sans capture",
		"Draw: neither player can act":                                            "Nulle : aucun joueur ne peut agir",
		"Draw: the same position has occurred three times since the last capture": "Nulle : la même position est revenue trois fois depuis la dernière capture",
		"Game over. %s.": "Partie terminée. %s.",
		"I cannot read %q after %s: name promotions as %s +b1 +e1, or %s promote b1 e1": "je ne sais pas lire %q après %s : nommez les promotions ainsi : %s +b1 +e1, ou %s promouvoir b1 e1",
		"I cannot read %q as a move: %s":                                                "je ne sais pas lire %q comme un coup : %s",
		"Last move: %s, %s.":                                                            "Dernier coup : %s, %s.",
		"Ludicitude has no option %q; its options are setup and bot_nodes":              "Ludicitude n'a pas d'option %q ; ses options sont setup et bot_nodes",
		"Ludicitude has no passes: a timeout is written timeout forfeit":                "Ludicitude n'a pas de passe : un dépassement de temps s'écrit hors-délai forfait",
		"Ludicitude is played by 2 players, not %d":                                     "Ludicitude se joue à 2, pas à %d",
		ludicitudeRules: `Ludicitude : 12 cubes sur un damier 7x7 dont la case centrale (d4) est un
mur. La face du dessus d'un cube donne son propriétaire et son niveau, de
1 à 3. Blanc commence en b1-f1 et d2, Noir en b7-f7 et d6, tous au niveau
1 ; Blanc joue le premier.

À votre tour, soit vous déplacez un de vos cubes en ligne droite, sur sa
rangée ou sa colonne, d'une case à autant de cases que son niveau, par
des cases vides seulement (les cubes, le mur et le bord l'arrêtent) ;
soit vous parachutez un cube de votre réserve, au niveau 1, sur un coin
libre (à côté d'un coin seulement quand les quatre sont pris), là où
l'adversaire ne pourrait pas le capturer aussitôt.

Après un déplacement : les cubes adverses en ligne à partir du cube
déplacé, fermés à l'autre bout par un des vôtres, sont capturés par
encadrement et retournent dans la réserve de leur propriétaire ; vous
promouvez alors d'un niveau autant de vos cubes (chacun une fois). Un
groupe adverse voisin du cube déplacé, sans case vide à côté de lui (le
mur et les bords aident), est encerclé : ses cubes rejoignent votre
réserve, à votre couleur.

Vous gagnez quand tous vos cubes sont sur le damier au niveau 3, ou que
l'adversaire n'a plus de cube sur le damier. Un joueur sans action
possible passe son tour. Trois fois la même position depuis la dernière
capture, 200 tours sans capture, ou un accord : la partie est nulle.`,
		`W White, B Black, the digit the level; ## the wall; [..] the last move,
(..) the square it left, xx a cube it captured.
`: `W Blanc (White), B Noir (Black), le chiffre le niveau ; ## le mur ;
[..] le dernier coup, (..) la case quittée, xx un cube capturé.
`,
		"White": "Blanc",
		"White and black cubes show their level in digits and pips; d4 is the wall. Outlined: the last move; ring: the square it left; cross: a cube it captured.": "Les cubes blancs et noirs montrent leur niveau en chiffres et en points ; d4 est le mur. Encadré : le dernier coup ; anneau : la case qu'il a quittée ; croix : un cube qu'il a capturé.",
		"You play %s.": "Vous jouez %s.",
		"a cube dropped on %s could be captured at once by %s's %s, and a drop must not allow an immediate capture":    "un cube parachuté en %[1]s serait capturé aussitôt par %[3]s de %[2]s, et un parachutage ne doit pas permettre une capture immédiate",
		"a cube is written as its colour and its level 1 to 3, as W1 or B3; rank %s has %q":                            "un cube s'écrit par sa couleur et son niveau de 1 à 3, comme W1 ou B3 ; la rangée %s a %q",
		"a cube slides 1 to 3 squares, and %s is no such count: write a slide as c1 up 2 or c1-c3":                     "un cube se déplace de 1 à 3 cases, et %s n'est pas un tel nombre : écrivez un déplacement c1 haut 2 ou c1-c3",
		"a drop captures nothing, so it earns no promotion":                                                            "un parachutage ne capture rien et ne gagne donc aucune promotion",
		"a drop names a square of the board, as drop a7":                                                               "un parachutage nomme une case du damier, comme parachuter a7",
		"a drop names one square, as drop a7, and nothing after it: a drop captures nothing, so it earns no promotion": "un parachutage nomme une case, comme parachuter a7, et rien après : un parachutage ne capture rien et ne gagne donc aucune promotion",
		"a position has three parts, the board, the side to move and the reserves, and this one has %d: %s":            "une position a trois parties, le damier, le camp qui joue et les réserves, et celle-ci en a %d : %s",
		"a position is written as %s":                        "une position s'écrit comme %s",
		"a promotion names a square of the board":            "une promotion nomme une case du damier",
		"a slide goes from a square of the board to another": "un déplacement va d'une case du damier à une autre",
		"black":                                  "noir",
		"board":                                  "damier",
		"captured":                               "capturés",
		"d4 is the wall: no cube stands there":   "d4 est le mur : aucun cube ne s'y tient",
		"d4 is the wall: no cube stops there":    "d4 est le mur : aucun cube ne s'y arrête",
		"d4 is the wall: there is no cube on it": "d4 est le mur : il n'y a pas de cube dessus",
		"d4 is the wall: write # there, not .":   "d4 est le mur : écrivez-y #, pas .",
		"it is not your turn: %s is to play":     "ce n'est pas votre tour : c'est à %s de jouer",
		"option bot_nodes is a number of positions from 1000 to 100000000, not %q": "l'option bot_nodes est un nombre de positions de 1000 à 100000000, pas %q",
		"option setup: %s": "option setup : %s",
		"option setup: %s has no cube on the board, so the game would be over before it starts":                               "option setup : %s n'a aucun cube sur le damier, la partie serait finie avant de commencer",
		"option setup: %s is to move but has no legal action in that position":                                                "option setup : c'est à %s de jouer, mais il n'a aucune action possible dans cette position",
		"option setup: every %s cube is on the board at level 3, so %s has won already":                                       "option setup : chaque cube %s est sur le damier au niveau 3, donc %s a déjà gagné",
		"promote which cubes? Name them, as %s promote b1 e1":                                                                 "promouvoir quels cubes ? Nommez-les, comme %s promouvoir b1 e1",
		"rank %s has %q, which is not a square: write . for an empty square, # for the wall, W1 to W3 or B1 to B3 for a cube": "la rangée %s a %q, qui n'est pas une case : écrivez . pour une case vide, # pour le mur, W1 à W3 ou B1 à B3 pour un cube",
		"rank %s holds %d squares, not %d: %q":                                                                                "la rangée %s a %d cases, pas %d : %q",
		"rank %s holds more than %d squares: %q":                                                                              "la rangée %s a plus de %d cases : %q",
		"reserve":                                                                                                             "réserve",
		"the board has %d ranks, written from 7 down to 1 and separated by /, not %d: %s":                                     "le damier a %d rangées, écrites de 7 à 1 et séparées par /, pas %d : %s",
		"the cube on %s is %s's, not yours":                                                                                   "le cube en %s est à %s, pas à vous",
		"the cube on %s is at level 3 already: it cannot be promoted":                                                         "le cube en %s est déjà au niveau 3 : il ne peut pas être promu",
		"the game has %d cubes, and this position holds %d (%d on the board, %d and %d in the reserves)":                      "le jeu a %d cubes, et cette position en a %d (%d sur le damier, %d et %d dans les réserves)",
		"the game is over: %s":                                                                                                "la partie est finie : %s",
		"the move is empty: %s":                                                                                               "le coup est vide : %s",
		"the offer of a draw is yours: %s may decline it, not you":                                                            "l'offre de nulle est la vôtre : c'est à %s de la refuser, pas à vous",
		"the reserves are two counts 0 to %d, white/black, as 1/0, not %q":                                                    "les réserves sont deux nombres de 0 à %d, blanc/noir, comme 1/0, pas %q",
		"the side to move is w or b, not %q: %s":                                                                              "le camp qui joue est w ou b, pas %q : %s",
		"the wall stands on d4 only, and rank %s shows one on %s":                                                             "le mur n'est qu'en d4, et la rangée %s en montre un en %s",
		"there is no cube on %s":                                                                                              "il n'y a pas de cube en %s",
		"there is no passing by choice in Ludicitude: the server passes a player only when they have no legal action":         "on ne passe pas son tour par choix à Ludicitude : le serveur fait passer un joueur seulement quand il n'a aucune action possible",
		"there is no seat %d in this game: Ludicitude has two, White and Black":                                               "il n'y a pas de place %d dans cette partie : Ludicitude en a deux, Blanc et Noir",
		"to play":              "au trait",
		"unknown move kind %d": "type de coup inconnu %d",
		"white":                "blanc",
		"write a slide as c1-c3 (with promotions: c1-c3 +b1 +e1), a drop as drop a7, or draw, decline or resign": "écrivez un déplacement c1-c3 (avec promotions : c1-c3 +b1 +e1), un parachutage parachuter a7, ou nulle, refuser ou abandonner",
		"you have no cube in reserve to drop":                         "vous n'avez aucun cube en réserve à parachuter",
		"you have offered a draw already: it stands until %s answers": "vous avez déjà proposé la nulle : l'offre tient jusqu'à la réponse de %s",
	})
}
