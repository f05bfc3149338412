package server

import "pbem/lang"

// The French of the server's own sentences: refusals, the lobby's and the
// challenges' mails, subjects, help, clocks and the status of a game.
func init() {
	lang.Register(lang.French, map[string]string{
		"%s plays at the easy level: it often plays a lesser move than its best.": "%s joue au niveau facile : il joue souvent un coup moins bon que son meilleur.",
		"%s plays at the strong level.":                                           "%s joue au niveau fort.",

		"#%d is stale: the game is at move %d now":   "#%d est dépassé : la partie en est au coup %d",
		"%q is not a mail address":                   "%q n'est pas une adresse mail",
		"%s":                                         "%s",
		"%s already belongs to a player":             "%s appartient déjà à un joueur",
		"%s goes alone in its mail":                  "%s va seul dans son mail",
		"%s has no seat in game %d":                  "%s n'a pas de place dans la partie %d",
		"%s is given twice: a player takes one seat": "%s est donnée deux fois : un joueur prend une place",
		"%s is not a command this server knows yet":  "%s n'est pas encore une commande que ce serveur connaît",
		"turn %d, or a move after it, is a resignation, which is not taken back":                                                                                        "le tour %d, ou un coup après lui, est un abandon, qui ne se reprend pas",
		"turn %d, or a move after it, is a timeout the server played: only the server's operator takes it back":                                                         "le tour %d, ou un coup après lui, est un hors-délai joué par le serveur : seul l'opérateur du serveur le reprend",
		"no turn was played yet that could be taken back":                                                                                                               "aucun tour n'a encore été joué qui puisse être repris",
		"game %d is %s: a turn is taken back only while the game goes on":                                                                                               "la partie %d est %s : un tour ne se reprend que tant que la partie continue",
		"you left game %d: taking back its turns is for the players still playing":                                                                                      "vous avez quitté la partie %d : reprendre ses tours revient aux joueurs encore en jeu",
		"taking back a turn is off on this server":                                                                                                                      "reprendre un tour est fermé sur ce serveur",
		"on this server a turn is taken back only in a game against the computer":                                                                                       "sur ce serveur, un tour ne se reprend que dans une partie contre l'ordinateur",
		"%s takes back the turn played before your mail: write it before any move":                                                                                      "%s reprend le tour joué avant votre mail : écrivez-le avant tout coup",
		"you agreed already to take back turn %d: it waits for %s":                                                                                                      "vous avez déjà accepté de reprendre le tour %d : il attend %s",
		"Turn %d is taken back with every move after it: %s asked, and every other player agreed.":                                                                      "Le tour %d est repris avec tous les coups qui l'ont suivi : %s l'a demandé, et chaque autre joueur l'a accepté.",
		"You offer to take back turn %d (%s) and every move after it. It is taken back when %s agrees; a decline or a move drops the offer.":                            "Vous proposez de reprendre le tour %d (%s) et tous les coups qui l'ont suivi. Il est repris quand %s accepte ; un refus ou un coup fait tomber l'offre.",
		"You offer to take back turn %d (%s) and every move after it. It is taken back when %s agree; a decline or a move drops the offer.":                             "Vous proposez de reprendre le tour %d (%s) et tous les coups qui l'ont suivi. Il est repris quand %s acceptent ; un refus ou un coup fait tomber l'offre.",
		"%s offers to take back turn %d (%s) and every move after it. Reply undo, or accept, to agree; decline to refuse (a move refuses it too). Still to answer: %s.": "%s propose de reprendre le tour %d (%s) et tous les coups qui l'ont suivi. Répondez reprendre, ou accepter, pour l'accepter ; refuser pour le refuser (un coup le refuse aussi). Encore à répondre : %s.",
		"You agree to take back turn %d (%s). Still to answer: %s.":                                                                                                     "Vous acceptez de reprendre le tour %d (%s). Encore à répondre : %s.",
		"%s agrees to take back turn %d (%s). Still to answer: %s.":                                                                                                     "%s accepte de reprendre le tour %d (%s). Encore à répondre : %s.",
		"You withdraw your offer to take back turn %d: it stays played.":                                                                                                "Vous retirez votre offre de reprendre le tour %d : il reste joué.",
		"%s withdraws the offer to take back turn %d: it stays played.":                                                                                                 "%s retire l'offre de reprendre le tour %d : il reste joué.",
		"You decline to take back turn %d: it stays played, and the offer is dropped.":                                                                                  "Vous refusez de reprendre le tour %d : il reste joué, et l'offre tombe.",
		"%s declines to take back turn %d: it stays played, and the offer is dropped.":                                                                                  "%s refuse de reprendre le tour %d : il reste joué, et l'offre tombe.",
		"Turn %d is taken back with every move after it, by the server's operator.":                                                                                     "Le tour %d est repris avec tous les coups qui l'ont suivi, par l'opérateur du serveur.",
		"taking back turn %d": "reprise du tour %d",
		"%s plays on: the offer to take back turn %d lapses.":                                                                  "%s joue : l'offre de reprendre le tour %d tombe.",
		"a move would drop the offer to take back turn %d that your mail makes: write it in a mail of its own":                 "un coup ferait tomber l'offre de reprendre le tour %d que fait votre mail : écrivez-le dans un mail à part",
		"nothing in game %d waits for your accept now":                                                                         "rien dans la partie %d n'attend votre accepter maintenant",
		"a rematch is offered by mail, in reply to the game's mail; the operator starts one at once with pbem game rematch %d": "une revanche se propose par mail, en réponse au mail de la partie ; l'opérateur en lance une tout de suite avec pbem game rematch %d",
		"%s is played by %d to %d players, and %d seats were given":                                                            "%s se joue de %d à %d joueurs, et %d places ont été données",
		"%s is to play move #%d; try it again once it is your turn, as the board may\nchange before then.":                     "%s doit jouer le coup #%d ; réessayez à votre tour, car le\nplateau peut changer d'ici là.",
		"%s plays no game here":     "%s ne joue aucune partie ici",
		"%s says":                   "%s dit",
		"%s would score %d point.":  "%s marquerait %d point.",
		"%s would score %d points.": "%s marquerait %d points.",
		"%s would score no points.": "%s ne marquerait aucun point.",
		"(Your tokens after it are not shown: the ones you would draw stay secret\nuntil you play.)": "(Vos jetons après ce coup ne sont pas montrés : ceux que vous tireriez\nrestent secrets jusqu'à ce que vous jouiez.)",
		sharedHelp: "Aussi :\n" +
			"plateau\tle plateau tel qu'il est maintenant\n" +
			"historique\ttous les coups jusqu'ici\n" +
			"essayer COUP\tle plateau tel que COUP le laisserait, son score, ou pourquoi il est interdit : ne joue rien\n" +
			"dire TEXTE\tun message aux autres joueurs\n" +
			"classement\tle classement de chaque joueur à ce jeu, le vôtre marqué\n" +
			"reprendre\tpropose de reprendre le dernier tour et les coups qui l'ont suivi ; chaque autre joueur répond reprendre (ou accepter) ou refuser ; contre l'ordinateur il est repris tout de suite\n" +
			"revanche\tune fois la partie finie : propose à ses joueurs une nouvelle partie, chacun une place plus loin ; ils répondent revanche (ou accepter) ou refuser\n" +
			"rekey\tune nouvelle adresse de réponse (seul dans son courrier), quand un courrier de la partie a été transféré ou vu par un autre\n" +
			"vacances 5j\tvos pendules s'arrêtent dans toutes vos parties pendant 5 jours (ou 72h, ou jusqu'au 2026-12-24), chacune gardant son temps ; seul dans son courrier\n" +
			"retour\tla fin de vos vacances, maintenant\n" +
			"courrier tour\tun courrier seulement quand c'est votre tour ou qu'une partie finit (ou courrier chaque, par défaut ; ou courrier résumé 08:30, un courrier par jour listant les parties qui vous attendent) ; seul dans son courrier\n" +
			"images non\tle plateau en texte seul, sans image (ou images oui, par défaut) ; seul dans son courrier\n" +
			"langue en\tvos courriers en anglais (langue fr : en français) ; les commandes sont lues dans les deux langues ; seul dans son courrier\n" +
			"stop\tplus aucun courrier de ce serveur à votre adresse, dans aucune partie, jusqu'à ce que vous écriviez de nouveau à une partie\n" +
			"aide\tcette aide\n" +
			"Commencez une ligne par #N, le numéro du coup donné dans le dernier\n" +
			"courrier, pour qu'une réponse tardive soit refusée plutôt que jouée sur un\n" +
			"plateau qui a changé.",
		"Game %d is %s: it takes no more moves, so there is nothing to try.\nThe board and history commands still answer.": "La partie %d est %s : elle ne prend plus de coups, rien à essayer donc.\nLes commandes plateau et historique répondent toujours.",
		"Help": "Aide",
		"It does not carry the reply address of one of this address's games.": "Il ne porte pas l'adresse de réponse de l'une des parties de cette adresse.",
		"It is not a reply to a mail of a game here.":                         "Ce n'est pas une réponse à un mail d'une partie d'ici.",
		"It was stopped by its operator.":                                     "Elle a été arrêtée par son opérateur.",
		"Moves:":                                                              "Coups :",
		"No move yet.":                                                        "Aucun coup pour l'instant.",
		"Nothing was played: the game is as it was.":                          "Rien n'a été joué : la partie est comme elle était.",
		"Nothing was played: this was only a try. To play it, reply with this line:": "Rien n'a été joué : ce n'était qu'un essai. Pour le jouer, répondez avec cette ligne :",
		"The board":   "Le plateau",
		"The history": "L'historique",
		"The server could not verify that it comes from its sender.": "Le serveur n'a pas pu vérifier qu'il vient de son expéditeur.",
		"Trying %s": "Essai de %s",
		"Your reply to the digest named no game, so nothing was played. Write each move on a line of its own, after the game it is for, as in %s, and send it to the digest's reply address.": "Votre réponse au résumé ne nommait aucune partie : rien n'a été joué. Écrivez chaque coup sur une ligne à part, après la partie qu'il concerne, comme dans %s, et envoyez-la à l'adresse de réponse du résumé.",
		"a computer seat needs a name, as --bot Robot": "une place de l'ordinateur a besoin d'un nom, comme --bot Robot",
		"a mail with an old reply address":             "un mail avec une ancienne adresse de réponse",
		"a new game":                                   "une nouvelle partie",
		"a timeout is what the server plays when a player's time runs out; to let your turn go, write pass, or resign to leave the game": "un délai dépassé, c'est ce que le serveur joue quand le temps d'un joueur est écoulé ; pour laisser passer votre tour, écrivez passer, ou abandonner pour quitter la partie",
		"another player is named %s: choose another name, as players challenge each other by name":                                       "un autre joueur s'appelle %s : choisissez un autre nom, car les joueurs se défient par leur nom",
		"%s is named %s already: give each player a name of their own":                                                                   "%s s'appelle déjà %s : donnez à chaque joueur un nom bien à lui",
		"the name of %s is refused: %v":                                                   "le nom de %s est refusé : %v",
		"the name of computer seat %d is refused: %v":                                     "le nom de la place de l'ordinateur %d est refusé : %v",
		"game %d has %d moves: there is no move %d":                                       "la partie %d a %d coups : il n'y a pas de coup %d",
		"game %d is %s: it takes no more moves, but board, history and help still answer": "la partie %d est %s : elle ne prend plus de coups, mais plateau, historique et aide répondent toujours",
		"game %d is not active: only an active game can be aborted":                       "la partie %d n'est pas en cours : seule une partie en cours peut être arrêtée",
		"help":           "aide",
		"move %d: %s":    "coup %d : %s",
		"move %d–%d: %s": "coups %d–%d : %s",
		"no command found: write your move on a line of its own": "aucune commande trouvée : écrivez votre coup sur une ligne à part",
		"over":                           "finie",
		"pbem: your mail was not played": "pbem : votre mail n'a pas été joué",
		"rekey goes alone in its mail: the mails after it come with a new reply address": "rekey va seul dans son mail : les mails suivants arrivent avec une nouvelle adresse de réponse",
		"say what? Write say, then your message":                                         "dire quoi ? Écrivez dire, puis votre message",
		"standings":                                                                      "classement",
		"that message is %d characters long; a say line holds at most %d, so split it over several say lines (a mail holds at most %d commands)": "ce message fait %d caractères ; une ligne dire en contient au plus %d, répartissez-le donc sur plusieurs lignes dire (un mail contient au plus %d commandes)",
		"the board":             "le plateau",
		"the history":           "l'historique",
		"there is no game %d":   "il n'y a pas de partie %d",
		"there is no player %s": "il n'y a pas de joueur %s",
		"trying %s":             "essai de %s",
		"where the game stands": "où en est la partie",
		"write the name after the command, as in signup Ann Smith or name Ann Smith": "écrivez le nom après la commande, comme dans inscription Ann Smith ou nom Ann Smith",
		"you could not play %s: %s": "vous ne pourriez pas jouer %s : %s",
		"your command was refused":  "votre commande a été refusée",
	})
}
