package server

import "pbem/lang"

// The French of the server's own sentences: refusals, the lobby's and the
// challenges' mails, subjects, help, clocks and the status of a game.
func init() {
	lang.Register(lang.French, map[string]string{

		"#%d is stale: the game is at move %d now": "#%d est dépassé : la partie en est au coup %d",
		"%d game":  "%d partie",
		"%d games": "%d parties",
		"%d players are named %s (%s): write the address of the one you mean instead": "%d joueurs s'appellent %s (%s) : écrivez plutôt l'adresse de celui que vous voulez dire",
		"%q comes after the options: the players come first, after with":              "%q vient après les options : les joueurs viennent d'abord, après avec",
		"%q is not a mail address": "%q n'est pas une adresse mail",
		"%q is not a mail address: write one, as in alias ann@work.example": "%q n'est pas une adresse mail : écrivez-en une, comme dans alias ann@work.example",
		"%q is not a number of open seats: write new %s open 1":             "%q n'est pas un nombre de places libres : écrivez nouvelle %s ouverte 1",
		"%q is not an option: write KEY=VALUE":                              "%q n'est pas une option : écrivez CLÉ=VALEUR",
		"%s":                                                                "%s",
		"%s\n\n%s":                                                          "%s\n\n%s",
		"%s already belongs to a player":                                    "%s appartient déjà à un joueur",
		"%s became a player's address meanwhile (player %d): it cannot be another's too":                                        "%s est devenue entre-temps l'adresse d'un joueur (joueur %d) : elle ne peut pas être aussi celle d'un autre",
		"%s declined challenge %d (%s, seats: %s): the game will not start. To start another, write new %s with ADDRESS to %s.": "%s a décliné le défi %d (%s, places : %s) : la partie ne commencera pas. Pour en lancer un autre, écrivez nouvelle %s avec ADRESSE à %s.",
		"%s goes alone in its mail": "%s va seul dans son mail",
		"%s has no seat in game %d": "%s n'a pas de place dans la partie %d",
		"%s invites you to a game of %s (challenge %d), seats: %s; options: %s. Reply to this mail with accept to take your seat, or decline to refuse; or write accept %d or decline %d to %s from this address. The game starts when every player has accepted, and the challenge expires %s otherwise.": "%s vous invite à une partie de %s (défi %d), places : %s ; options : %s. Répondez à ce mail par accepter pour prendre votre place, ou refuser pour la décliner ; ou écrivez accepter %d ou refuser %d à %s depuis cette adresse. La partie commence quand chaque joueur a accepté, et le défi expire le %s sinon.",
		"%s is another player's address here: it cannot be yours too":                                      "%s est l'adresse d'un autre joueur ici : elle ne peut pas être aussi la vôtre",
		"%s is given twice: a player takes one seat":                                                       "%s est donnée deux fois : un joueur prend une place",
		"%s is invited twice: a player takes one seat":                                                     "%s est invité deux fois : un joueur prend une place",
		"%s is not a command this server knows yet":                                                        "%s n'est pas encore une commande que ce serveur connaît",
		"%s is not signed up here: write signup YOUR NAME to %s first":                                     "%s n'est pas inscrit ici : écrivez d'abord inscription VOTRE NOM à %s",
		"%s is now an address of %s's: mail from it acts in your games as mail from %s does.":              "%s est maintenant une adresse de %s : un mail venant d'elle agit dans vos parties comme un mail de %s.",
		"%s is one of your addresses already":                                                              "%s est déjà l'une de vos adresses",
		"%s is played by %d to %d players, and %d seats were given":                                        "%s se joue de %d à %d joueurs, et %d places ont été données",
		"%s is played by %d to %d players, and this game would have %d":                                    "%s se joue de %d à %d joueurs, et cette partie en aurait %d",
		"%s is this server's own address":                                                                  "%s est l'adresse même de ce serveur",
		"%s is to play move #%d; try it again once it is your turn, as the board may\nchange before then.": "%s doit jouer le coup #%d ; réessayez à votre tour, car le\nplateau peut changer d'ici là.",
		"%s plays no game here":                                                                            "%s ne joue aucune partie ici",
		"%s says":                                                                                          "%s dit",
		"%s would score %d point.":                                                                         "%s marquerait %d point.",
		"%s would score %d points.":                                                                        "%s marquerait %d points.",
		"%s would score no points.":                                                                        "%s ne marquerait aucun point.",
		"%s's turn":                                                                                        "à %s de jouer",
		"%s, who plays at this game server from %s, asked that %s count as their address too: mail from it would act in their games.\n\nIf it is yours, reply to this mail: your reply needs no text. Or write to %s the line\n\n    confirm %%s\n\nIf not, ignore this mail: nothing happens without your reply.": "%s, qui joue sur ce serveur de jeux depuis %s, a demandé que %s compte aussi comme son adresse : un mail venant d'elle agirait dans ses parties.\n\nSi c'est la vôtre, répondez à ce mail : votre réponse n'a besoin d'aucun texte. Ou écrivez à %s la ligne\n\n    confirmer %%s\n\nSinon, ignorez ce mail : rien ne se passe sans votre réponse.",
		"(Your tokens after it are not shown: the ones you would draw stay secret\nuntil you play.)": "(Vos jetons après ce coup ne sont pas montrés : ceux que vous tireriez\nrestent secrets jusqu'à ce que vous jouiez.)",
		"A confirmation went to %s: reply to it from there, and mail from %s will count as yours.":   "Une confirmation est partie à %s : répondez-y depuis cette adresse, et les mails de %s compteront comme les vôtres.",
		sharedHelp: "Aussi :\n" +
			"plateau\tle plateau tel qu'il est maintenant\n" +
			"historique\ttous les coups jusqu'ici\n" +
			"essayer COUP\tle plateau tel que COUP le laisserait, son score, ou pourquoi il est interdit : ne joue rien\n" +
			"dire TEXTE\tun message aux autres joueurs\n" +
			"classement\tle classement de chaque joueur à ce jeu, le vôtre marqué\n" +
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
		"Challenge %d (%s, seats: %s) is over: %s. To start another, write new %s with ADDRESS, or new %s open 1, to %s.": "Le défi %d (%s, places : %s) est terminé : %s. Pour en lancer un autre, écrivez nouvelle %s avec ADRESSE, ou nouvelle %s ouverte 1, à %s.",
		"Challenge %d, %s, seats: %s: %s. It expires %s.":                                                                 "Défi %d, %s, places : %s : %s. Il expire le %s.",
		"Challenge %d, %s: %d of %d seats taken (%s); options: %s; expires %s. Write join %d to take a seat.":             "Défi %d, %s : %d places prises sur %d (%s) ; options : %s ; expire le %s. Écrivez rejoindre %d pour prendre une place.",
		"Challenge %d: %s, seats: %s; options: %s. Anyone signed up here sees it with games open and takes a seat with join %d. The game starts when every seat is taken, and the challenge expires %s otherwise. Write decline %d to call it off.": "Défi %d : %s, places : %s ; options : %s. Tout inscrit ici le voit avec parties ouvertes et prend une place avec rejoindre %d. La partie commence quand chaque place est prise, et le défi expire le %s sinon. Écrivez refuser %d pour l'annuler.",
		"Challenge %d: %s, seats: %s; options: %s. The others are invited by mail; the game starts when every one of them accepts, and the challenge expires %s otherwise. Write decline %d to call it off.":                                        "Défi %d : %s, places : %s ; options : %s. Les autres sont invités par mail ; la partie commence quand chacun d'eux accepte, et le défi expire le %s sinon. Écrivez refuser %d pour l'annuler.",
		"Game %d is %s: it takes no more moves, so there is nothing to try.\nThe board and history commands still answer.":                                                                                                                          "La partie %d est %s : elle ne prend plus de coups, rien à essayer donc.\nLes commandes plateau et historique répondent toujours.",
		"Game %d, %s, with %s: %s, move %d. To play, write to %s (board %d sends its board again).":                                                                                                                                                 "Partie %d, %s, avec %s : %s, coup %d. Pour jouer, écrivez à %s (plateau %d renvoie son plateau).",
		"Help": "Aide",
		"If you did not ask for it, ignore this mail: nothing happens without your reply.": "Si vous ne l'avez pas demandé, ignorez ce mail : rien ne se passe sans votre réponse.",
		"It does not carry the reply address of one of this address's games.":              "Il ne porte pas l'adresse de réponse de l'une des parties de cette adresse.",
		"It is %s's turn; reply to this mail to say something or resign.":                  "C'est à %s de jouer ; répondez à ce mail pour dire quelque chose ou abandonner.",
		"It is not a reply to a mail of a game here.":                                      "Ce n'est pas une réponse à un mail d'une partie d'ici.",
		"It is your turn: reply to this mail with your move, as #%d followed by it.":       "C'est à vous de jouer : répondez à ce mail avec votre coup, précédé de #%d.",
		"It was stopped by its operator.":                                                  "Elle a été arrêtée par son opérateur.",
		"Moves:":                                                                           "Coups :",
		"No game waits for players now. Start one that does: write new %s open 1.":         "Aucune partie n'attend de joueurs maintenant. Lancez-en une qui en attend : écrivez nouvelle %s ouverte 1.",
		"No move yet.": "Aucun coup pour l'instant.",
		"Nothing was done about your line\n\n    %s\n\n%s":                           "Rien n'a été fait pour votre ligne\n\n    %s\n\n%s",
		"Nothing was played: the game is as it was.":                                 "Rien n'a été joué : la partie est comme elle était.",
		"Nothing was played: this was only a try. To play it, reply with this line:": "Rien n'a été joué : ce n'était qu'un essai. Pour le jouer, répondez avec cette ligne :",
		"Sign up first: write signup YOUR NAME to %s, then start or join a game.":    "Inscrivez-vous d'abord : écrivez inscription VOTRE NOM à %s, puis lancez ou rejoignez une partie.",
		"Someone, probably you, asked that %s sign off from this game server: no new game and no more mail.\n\nTo sign off, reply to this mail: your reply needs no text. Or write to %s the line\n\n    confirm %%s":                                                                                                                                                                           "Quelqu'un, sans doute vous, a demandé que %s quitte ce serveur de jeux : plus de nouvelle partie ni de mail.\n\nPour partir, répondez à ce mail : votre réponse n'a besoin d'aucun texte. Ou écrivez à %s la ligne\n\n    confirmer %%s",
		"Someone, probably you, asked that %s sign off from this game server: no new game and no more mail. You have %s going (%s).\n\nTo resign them all and sign off, reply to this mail with the word resign, or write to %s the line\n\n    confirm %%[1]s resign\n\nTo play them to the end first (their mail still comes), reply with the word keep, or write\n\n    confirm %%[1]s keep": "Quelqu'un, sans doute vous, a demandé que %s quitte ce serveur de jeux : plus de nouvelle partie ni de mail. Vous avez %s en cours (%s).\n\nPour les abandonner toutes et partir, répondez à ce mail par le mot abandonner, ou écrivez à %s la ligne\n\n    confirmer %%[1]s abandonner\n\nPour les jouer d'abord jusqu'au bout (leurs mails arrivent toujours), répondez par le mot garder, ou écrivez\n\n    confirmer %%[1]s garder",
		"Someone, probably you, asked to sign up %s at this game server as %s.\n\nTo finish, reply to this mail: your reply needs no text. Or write to %s the line\n\n    confirm %%s\n\nIf you did not ask for it, ignore this mail: nothing happens without your reply.":                                                                                                                      "Quelqu'un, sans doute vous, a demandé à inscrire %s sur ce serveur de jeux sous le nom %s.\n\nPour finir, répondez à ce mail : votre réponse n'a besoin d'aucun texte. Ou écrivez à %s la ligne\n\n    confirmer %%s\n\nSi vous ne l'avez pas demandé, ignorez ce mail : rien ne se passe sans votre réponse.",
		"The board":                         "Le plateau",
		"The board after move %d.":          "Le plateau après le coup %d.",
		"The game is over; its last board.": "La partie est finie ; son dernier plateau.",
		"The history":                       "L'historique",
		"The server could not verify that it comes from its sender.":                                                                                     "Le serveur n'a pas pu vérifier qu'il vient de son expéditeur.",
		"This address sent more than %d mails to %s within an hour: the next ones go unread, and unanswered, until the hour is over. Write again later.": "Cette adresse a envoyé plus de %d mails à %s en une heure : les suivants restent non lus, et sans réponse, jusqu'à la fin de l'heure. Écrivez de nouveau plus tard.",
		"This request expires on %s.": "Cette demande expire le %s.",
		"Trying %s":                   "Essai de %s",
		lobbyHelpText: "Écrivez à %s, une commande par ligne :\n" +
			"\n" +
			"inscription NOM\tinscription sous le nom NOM ; répondez à la confirmation qui arrive\n" +
			"nom NOUVEAU\tvotre nom devient NOUVEAU\n" +
			"alias ADRESSE\tles courriers d'ADRESSE comptent comme les vôtres, une fois confirmée depuis elle\n" +
			"désinscription\tplus de nouvelle partie ni de courrier (au choix : abandonner ou garder)\n" +
			"nouvelle JEU avec ADRESSE\tun défi : JEU est amplitude, ludicitude ou chiffres ; nommez plusieurs joueurs par adresse ou par nom, ajoutez des options en CLÉ=VALEUR\n" +
			"nouvelle JEU ouverte N\tune partie à N places que tout inscrit peut prendre\n" +
			"nouvelle JEU avec ordinateur\tune partie contre l'ordinateur, lancée aussitôt\n" +
			"accepter 12, refuser 12\tprendre ou refuser votre place dans le défi 12 (ou répondre à son invitation par accepter ou refuser)\n" +
			"parties ouvertes\tles parties qui attendent des joueurs\n" +
			"rejoindre 12\tprendre une place dans la partie 12 de parties ouvertes\n" +
			"parties\tvos parties : à qui le tour, le numéro du coup, où répondre\n" +
			"plateau 12\tle plateau de votre partie 12, de nouveau\n" +
			"langue en\tvos courriers en anglais (langue fr : en français)\n" +
			"courrier tour\tun courrier seulement quand c'est votre tour (courrier chaque : à chaque coup ; courrier résumé 08:30 : un par jour)\n" +
			"images non\tle plateau en texte seul (images oui : en image aussi)\n" +
			"aide\tcette aide\n" +
			"\n" +
			"Pour jouer un coup, répondez au dernier courrier de la partie, pas à cette\n" +
			"adresse.",
		"You are signed up, as %s. Other players may now challenge you by your address or your name.\n\nNext: reply to this mail with a line such as\n\n    new amplitude with computer\n\nto play the computer, or new amplitude with ADDRESS to challenge someone; games lists your games.": "Vous êtes inscrit, sous le nom %s. Les autres joueurs peuvent maintenant vous défier par votre adresse ou par votre nom.\n\nEnsuite : répondez à ce mail par une ligne comme\n\n    nouvelle amplitude avec ordinateur\n\npour jouer contre l'ordinateur, ou nouvelle amplitude avec ADRESSE pour défier quelqu'un ; parties liste vos parties.",
		"You have a seat in challenge %d (%s, seats: %s). The game starts when %s are in; you will get its first mail then. Write decline %d to withdraw.":                                                                                                                                    "Vous avez une place dans le défi %d (%s, places : %s). La partie commence quand %s sont là ; vous recevrez alors son premier mail. Écrivez refuser %d pour vous retirer.",
		"You have a seat in challenge %d (%s, seats: %s). The game starts when %s is in; you will get its first mail then. Write decline %d to withdraw.":                                                                                                                                     "Vous avez une place dans le défi %d (%s, places : %s). La partie commence quand %s est là ; vous recevrez alors son premier mail. Écrivez refuser %d pour vous retirer.",
		"You have no game here now. Start one: write new %s with ADDRESS, new %s open 1 or new %s with computer; games open lists the games waiting for players.":                                                                                                                             "Vous n'avez aucune partie ici pour l'instant. Lancez-en une : écrivez nouvelle %s avec ADRESSE, nouvelle %s ouverte 1 ou nouvelle %s avec ordinateur ; parties ouvertes liste les parties qui attendent des joueurs.",
		"You have signed off from this game server: no new game, and no more mail. To come back, write signup YOUR NAME to %s.":                                                                                                                                                               "Vous avez quitté ce serveur de jeux : plus de nouvelle partie, et plus de mail. Pour revenir, écrivez inscription VOTRE NOM à %s.",
		"You have signed off from this game server: no new game. What you have going (%s) goes on, with its mail, to the end; after that no more mail comes. To come back, write signup YOUR NAME to %s.":                                                                                     "Vous avez quitté ce serveur de jeux : plus de nouvelle partie. Ce que vous avez en cours (%s) continue, avec ses mails, jusqu'au bout ; ensuite plus aucun mail n'arrive. Pour revenir, écrivez inscription VOTRE NOM à %s.",
		"Your name is now %s: the other players see it in every game.": "Votre nom est maintenant %s : les autres joueurs le voient dans chaque partie.",
		"Your reply to the digest named no game, so nothing was played. Write each move on a line of its own, after the game it is for, as in %s, and send it to the digest's reply address.": "Votre réponse au résumé ne nommait aucune partie : rien n'a été joué. Écrivez chaque coup sur une ligne à part, après la partie qu'il concerne, comme dans %s, et envoyez-la à l'adresse de réponse du résumé.",
		"Your reply to the invitation to challenge %d said neither accept nor decline, so your seat still waits: reply again with accept, or decline, on a line of its own.":                  "Votre réponse à l'invitation au défi %d ne disait ni accepter ni refuser : votre place attend toujours. Répondez de nouveau par accepter, ou refuser, sur une ligne à part.",
		"a computer seat needs a name, as --bot Robot":                                            "une place de l'ordinateur a besoin d'un nom, comme --bot Robot",
		"a game against the computer has only you and computer seats: write new %s with computer": "une partie contre l'ordinateur n'a que vous et des places de l'ordinateur : écrivez nouvelle %s avec ordinateur",
		"a mail with an old reply address":                                                        "un mail avec une ancienne adresse de réponse",
		"a new game":                                                                              "une nouvelle partie",
		"a timeout is what the server plays when a player's time runs out; to let your turn go, write pass, or resign to leave the game": "un délai dépassé, c'est ce que le serveur joue quand le temps d'un joueur est écoulé ; pour laisser passer votre tour, écrivez passer, ou abandonner pour quitter la partie",
		"an open seat": "une place libre",
		"another player is named %s: choose another name, as players challenge each other by name": "un autre joueur s'appelle %s : choisissez un autre nom, car les joueurs se défient par leur nom",
		"%s is named %s already: give each player a name of their own":                             "%s s'appelle déjà %s : donnez à chaque joueur un nom bien à lui",
		"the name of %s is refused: %v":                                                            "le nom de %s est refusé : %v",
		"the name of computer seat %d is refused: %v":                                              "le nom de la place de l'ordinateur %d est refusé : %v",
		"cancelled":    "annulé",
		"challenge %d": "défi %d",
		"challenge %d changed meanwhile: write games to see where it stands":                          "le défi %d a changé entre-temps : écrivez parties pour voir où il en est",
		"challenge %d has no open seat: games open lists those that have":                             "le défi %d n'a pas de place libre : parties ouvertes liste ceux qui en ont",
		"challenge %d waits for no one any more: it %s":                                               "le défi %d n'attend plus personne : il %s",
		"confirm needs the token of the confirmation mail: reply to that mail instead, it is simpler": "confirmer demande le jeton du mail de confirmation : répondez plutôt à ce mail, c'est plus simple",
		"declined": "décliné",
		"expired":  "expiré",
		"game %d":  "partie %d",
		"game %d has %d moves: there is no move %d":                                       "la partie %d a %d coups : il n'y a pas de coup %d",
		"game %d is %s: it takes no more moves, but board, history and help still answer": "la partie %d est %s : elle ne prend plus de coups, mais plateau, historique et aide répondent toujours",
		"game %d is not active: only an active game can be aborted":                       "la partie %d n'est pas en cours : seule une partie en cours peut être arrêtée",
		"games open":     "parties ouvertes",
		"help":           "aide",
		"move %d: %s":    "coup %d : %s",
		"move %d–%d: %s": "coups %d–%d : %s",
		"new %s open needs how many seats to leave open, as new %s open 1": "nouvelle %s ouverte demande combien de places laisser libres, comme nouvelle %s ouverte 1",
		"new %s with names nobody: %s":                                     "nouvelle %s avec ne nomme personne : %s",
		"no command found: write your move on a line of its own":           "aucune commande trouvée : écrivez votre coup sur une ligne à part",
		"no player here is named %s: write their address instead":          "aucun joueur ici ne s'appelle %s : écrivez plutôt son adresse",
		"nobody's turn": "au tour de personne",
		"none":          "aucune",
		"not done":      "rien n'est fait",
		"not every seat was taken and accepted in time, so the game will not start":    "toutes les places n'ont pas été prises et acceptées à temps, la partie ne commencera donc pas",
		"only addresses at %s may sign up here: sign up from one, or ask the operator": "seules les adresses de %s peuvent s'inscrire ici : inscrivez-vous depuis l'une d'elles, ou demandez à l'opérateur",
		"over":     "finie",
		"pbem: %s": "pbem : %s",
		"pbem: %s invites you to %s (challenge %d)": "pbem : %s vous invite à %s (défi %d)",
		"pbem: challenge %d %s":                     "pbem : défi %d %s",
		"pbem: challenge %d declined":               "pbem : défi %d décliné",
		"pbem: challenge %d, %s":                    "pbem : défi %d, %s",
		"pbem: confirm your address":                "pbem : confirmez votre adresse",
		"pbem: confirm your sign-off":               "pbem : confirmez votre départ",
		"pbem: confirm your sign-up":                "pbem : confirmez votre inscription",
		"pbem: your mail was not played":            "pbem : votre mail n'a pas été joué",
		"rekey goes alone in its mail: the mails after it come with a new reply address": "rekey va seul dans son mail : les mails suivants arrivent avec une nouvelle adresse de réponse",
		"say what? Write say, then your message":                                         "dire quoi ? Écrivez dire, puis votre message",
		"sign up first":                                                                  "inscrivez-vous d'abord",
		"sign-up by mail is closed on this server: ask its operator to register you":     "l'inscription par mail est fermée sur ce serveur : demandez à son opérateur de vous inscrire",
		"standings":          "classement",
		"started as game %d": "lancé comme partie %d",
		"that message is %d characters long; a say line holds at most %d, so split it over several say lines (a mail holds at most %d commands)": "ce message fait %d caractères ; une ligne dire en contient au plus %d, répartissez-le donc sur plusieurs lignes dire (un mail contient au plus %d commandes)",
		"the board":                          "le plateau",
		"the history":                        "l'historique",
		"the server's operator cancelled it": "l'opérateur du serveur l'a annulé",
		"there is no challenge %d waiting for players: games lists yours, games open those anyone may join": "il n'y a pas de défi %d qui attend des joueurs : parties liste les vôtres, parties ouvertes ceux que chacun peut rejoindre",
		"there is no game %d":          "il n'y a pas de partie %d",
		"there is no game %s here: %s": "il n'y a pas de jeu %s ici : %s",
		"there is no player %s":        "il n'y a pas de joueur %s",
		"this confirmation expired on %s: ask again, and reply within %d days":                                                 "cette confirmation a expiré le %s : redemandez-la, et répondez dans les %d jours",
		"this confirmation is not known here: check that you copied the whole token, or reply to the confirmation mail itself": "cette confirmation n'est pas connue ici : vérifiez que vous avez copié tout le jeton, ou répondez au mail de confirmation lui-même",
		"this confirmation was not mailed to %s: only a reply from the address it was mailed to confirms it":                   "cette confirmation n'a pas été envoyée à %s : seule une réponse de l'adresse à laquelle elle a été envoyée la confirme",
		"this confirmation was used already, or has expired: nothing more to do":                                               "cette confirmation a déjà servi, ou a expiré : plus rien à faire",
		"this confirmation was used already: nothing more to do":                                                               "cette confirmation a déjà servi : plus rien à faire",
		"trying %s": "essai de %s",
		"waiting for %s; decline %d calls it off":                "attend %s ; refuser %d l'annule",
		"waiting for your answer: write accept %d or decline %d": "attend votre réponse : écrivez accepter %d ou refuser %d",
		"was cancelled":         "a été annulé",
		"was declined":          "a été décliné",
		"where the game stands": "où en est la partie",
		"write the address after alias, as in alias ann@work.example":                "écrivez l'adresse après alias, comme dans alias ann@work.example",
		"write the name after the command, as in signup Ann Smith or name Ann Smith": "écrivez le nom après la commande, comme dans inscription Ann Smith ou nom Ann Smith",
		"you accepted challenge %d already: it starts when every seat is taken":      "vous avez déjà accepté le défi %d : il commence quand chaque place est prise",
		"you are signed up": "vous êtes inscrit",
		"you are signed up already, as %s: to change your name, write name NEW to %s": "vous êtes déjà inscrit, sous le nom %s : pour changer de nom, écrivez nom NOUVEAU à %s",
		"you could not play %s: %s": "vous ne pourriez pas jouer %s : %s",
		"you have %d games going or waiting for their players, the most this server allows at once: you may start another when one of them ends": "vous avez %d parties en cours ou en attente de joueurs, le plus que ce serveur permet à la fois : vous pourrez en lancer une autre quand l'une d'elles finira",
		"you have %s going: reply to the confirmation with the word resign (to resign them) or keep (to play them to the end)":                   "vous avez %s en cours : répondez à la confirmation par le mot abandonner (pour les abandonner) ou garder (pour les jouer jusqu'au bout)",
		"you have a seat in challenge %d already: it starts when every seat is taken":                                                            "vous avez déjà une place dans le défi %d : il commence quand chaque place est prise",
		"you have no challenge %d waiting for your answer: games lists yours":                                                                    "vous n'avez aucun défi %d qui attend votre réponse : parties liste les vôtres",
		"you have no game %d here: games lists yours":                                                                                            "vous n'avez pas de partie %d ici : parties liste les vôtres",
		"you have signed off": "vous avez quitté le serveur",
		"you have started %d games in the last 24 hours, the most this server allows: you may start another on %s": "vous avez lancé %d parties dans les dernières 24 heures, le plus que ce serveur permet : vous pourrez en lancer une autre le %s",
		"you invited yourself: you have the first seat already":                                                    "vous vous êtes invité vous-même : vous avez déjà la première place",
		"your command was refused":            "votre commande a été refusée",
		"your games":                          "vos parties",
		"your invitation":                     "votre invitation",
		"your mail":                           "votre mail",
		"your mails are not read for a while": "vos mails ne sont pas lus pendant un moment",
		"your turn":                           "à vous de jouer",
	})
}
