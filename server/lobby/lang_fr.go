package lobby

import "pbem/lang"

// The French of the lobby's sentences.
func init() {
	lang.Register(lang.French, map[string]string{
		"the level %s is the computer's, for a game against it: write new %s with computer %s=%s": "le niveau %s est celui de l'ordinateur, pour une partie contre lui : écrivez nouvelle %s avec ordinateur %s=%s",
		HelpText: "Écrivez à %s, une commande par ligne :\n" +
			"\n" +
			"inscription NOM\tinscription sous le nom NOM ; répondez à la confirmation qui arrive\n" +
			"nom NOUVEAU\tvotre nom devient NOUVEAU\n" +
			"alias ADRESSE\tles courriers d'ADRESSE comptent comme les vôtres, une fois confirmée depuis elle\n" +
			"désinscription\tplus de nouvelle partie ni de courrier (au choix : abandonner ou garder)\n" +
			"nouvelle JEU avec ADRESSE\tun défi : JEU est amplitude, ludicitude ou chiffres ; nommez plusieurs joueurs par adresse ou par nom, ajoutez des options en CLÉ=VALEUR\n" +
			"nouvelle JEU ouverte N\tune partie à N places que tout inscrit peut prendre\n" +
			"nouvelle JEU avec ordinateur\tune partie contre l'ordinateur, lancée aussitôt (ajoutez niveau=facile ou niveau=fort)\n" +
			"accepter 12, refuser 12\tprendre ou refuser votre place dans le défi 12 (ou répondre à son invitation par accepter ou refuser)\n" +
			"parties ouvertes\tles parties qui attendent des joueurs\n" +
			"rejoindre 12\tprendre une place dans la partie 12 de parties ouvertes\n" +
			"parties\tvos parties : à qui le tour, le numéro du coup, où répondre\n" +
			"plateau 12\tle plateau de votre partie 12, de nouveau\n" +
			"échelle\tles échelles (échelle JEU : l'une d'elles, ses barreaux, bilans et défis en cours)\n" +
			"échelle rejoindre JEU\tentrer au bas de l'échelle de JEU (échelle quitter JEU : en sortir) ; échelle défier NOM : défier un joueur quelques barreaux au-dessus de vous, qui doit accepter à temps ou perd son barreau\n" +
			"relèves\tles places offertes, dont le joueur a quitté une partie ; relever 12 prend celle de la partie 12\n" +
			"tournoi nouveau\tun tournoi : tournoi nouveau JEU toutes-rondes, suisse RONDES ou elimination, puis ouvert N (participants en tout) ou avec ADRESSE ou NOM… (ordinateur pour une place de l'ordinateur) ; avant eux jusqu'au DATE, seats=N, des options en CLÉ=VALEUR\n" +
			"tournois\tles tournois en inscription ou en cours\n" +
			"tournoi rejoindre 12\tentrer dans le tournoi 12 (tournoi retirer 12 : le quitter, vos parties restantes perdues ; tournoi annuler 12 : annuler celui que vous avez créé, tant qu'il est en inscription)\n" +
			"tournoi 12\tle classement et les rondes du tournoi 12\n" +
			"langue en\tvos courriers en anglais (langue fr : en français)\n" +
			"courrier tour\tun courrier seulement quand c'est votre tour (courrier chaque : à chaque coup ; courrier résumé 08:30 : un par jour)\n" +
			"images non\tle plateau en texte seul (images oui : en image aussi)\n" +
			"aide\tcette aide\n" +
			"\n" +
			"Pour jouer un coup, répondez au dernier courrier de la partie, pas à cette\n" +
			"adresse.",
		"Someone, probably you, wrote to this game server from %s:\n\n%s\n\nTo have it done, reply to this mail: your reply needs no text. Or write to %s the line\n\n    confirm %%s\n\nIf you did not write it, ignore this mail: nothing happens without your reply. (A reply to a mail of this server is done at once.)": "Quelqu'un, sans doute vous, a écrit à ce serveur de jeux depuis %s :\n\n%s\n\nPour que ce soit fait, répondez à ce mail : votre réponse n'a besoin d'aucun texte. Ou écrivez à %s la ligne\n\n    confirmer %%s\n\nSi vous ne l'avez pas écrit, ignorez ce mail : rien ne se passe sans votre réponse. (Une réponse à un mail de ce serveur est faite aussitôt.)",
		"pbem: confirm what you wrote":                                            "pbem : confirmez ce que vous avez écrit",
		"that command is too long: write it on one line of at most %d characters": "cette commande est trop longue : écrivez-la sur une ligne d'au plus %d caractères",
		"this confirmation holds no command any more: write it again":             "cette confirmation ne porte plus aucune commande : écrivez-la de nouveau",
		"%d game":  "%d partie",
		"%d games": "%d parties",
		"%q comes after the options: the players come first, after with":                 "%q vient après les options : les joueurs viennent d'abord, après avec",
		"%q is not a mail address: write one, as in alias ann@work.example":              "%q n'est pas une adresse mail : écrivez-en une, comme dans alias ann@work.example",
		"%q is not a number of open seats: write new %s open 1":                          "%q n'est pas un nombre de places libres : écrivez nouvelle %s ouverte 1",
		"%q is not an option: write KEY=VALUE":                                           "%q n'est pas une option : écrivez CLÉ=VALEUR",
		"%s\n\n%s":                                                                       "%s\n\n%s",
		"%s became a player's address meanwhile (player %d): it cannot be another's too": "%s est devenue entre-temps l'adresse d'un joueur (joueur %d) : elle ne peut pas être aussi celle d'un autre",
		"%s declined challenge %d (%s, seats: %s): the game will not start. To start another, write new %s with ADDRESS to %s.":                                                                                                                                                                            "%s a décliné le défi %d (%s, places : %s) : la partie ne commencera pas. Pour en lancer un autre, écrivez nouvelle %s avec ADRESSE à %s.",
		"%s invites you to a game of %s (challenge %d), seats: %s; options: %s. Reply to this mail with accept to take your seat, or decline to refuse; or write accept %d or decline %d to %s from this address. The game starts when every player has accepted, and the challenge expires %s otherwise.": "%s vous invite à une partie de %s (défi %d), places : %s ; options : %s. Répondez à ce mail par accepter pour prendre votre place, ou refuser pour la décliner ; ou écrivez accepter %d ou refuser %d à %s depuis cette adresse. La partie commence quand chaque joueur a accepté, et le défi expire le %s sinon.",
		"%s is another player's address here: it cannot be yours too":                         "%s est l'adresse d'un autre joueur ici : elle ne peut pas être aussi la vôtre",
		"%s is invited twice: a player takes one seat":                                        "%s est invité deux fois : un joueur prend une place",
		"%s is not signed up here: write signup YOUR NAME to %s first":                        "%s n'est pas inscrit ici : écrivez d'abord inscription VOTRE NOM à %s",
		"%s is now an address of %s's: mail from it acts in your games as mail from %s does.": "%s est maintenant une adresse de %s : un mail venant d'elle agit dans vos parties comme un mail de %s.",
		"%s is one of your addresses already":                                                 "%s est déjà l'une de vos adresses",
		"%s is played by %d to %d players, and this game would have %d":                       "%s se joue de %d à %d joueurs, et cette partie en aurait %d",
		"%s is this server's own address":                                                     "%s est l'adresse même de ce serveur",
		"%s's turn":                                                                           "à %s de jouer",
		"%s, who plays at this game server from %s, asked that %s count as their address too: mail from it would act in their games.\n\nIf it is yours, reply to this mail: your reply needs no text. Or write to %s the line\n\n    confirm %%s\n\nIf not, ignore this mail: nothing happens without your reply.": "%s, qui joue sur ce serveur de jeux depuis %s, a demandé que %s compte aussi comme son adresse : un mail venant d'elle agirait dans ses parties.\n\nSi c'est la vôtre, répondez à ce mail : votre réponse n'a besoin d'aucun texte. Ou écrivez à %s la ligne\n\n    confirmer %%s\n\nSinon, ignorez ce mail : rien ne se passe sans votre réponse.",
		"A confirmation went to %s: reply to it from there, and mail from %s will count as yours.":                        "Une confirmation est partie à %s : répondez-y depuis cette adresse, et les mails de %s compteront comme les vôtres.",
		"Challenge %d (%s, seats: %s) is over: %s. To start another, write new %s with ADDRESS, or new %s open 1, to %s.": "Le défi %d (%s, places : %s) est terminé : %s. Pour en lancer un autre, écrivez nouvelle %s avec ADRESSE, ou nouvelle %s ouverte 1, à %s.",
		"Challenge %d, %s, seats: %s: %s. It expires %s.":                                                                 "Défi %d, %s, places : %s : %s. Il expire le %s.",
		"Challenge %d, %s: %d of %d seats taken (%s); options: %s; expires %s. Write join %d to take a seat.":             "Défi %d, %s : %d places prises sur %d (%s) ; options : %s ; expire le %s. Écrivez rejoindre %d pour prendre une place.",
		"Challenge %d: %s, seats: %s; options: %s. Anyone signed up here sees it with games open and takes a seat with join %d. The game starts when every seat is taken, and the challenge expires %s otherwise. Write decline %d to call it off.": "Défi %d : %s, places : %s ; options : %s. Tout inscrit ici le voit avec parties ouvertes et prend une place avec rejoindre %d. La partie commence quand chaque place est prise, et le défi expire le %s sinon. Écrivez refuser %d pour l'annuler.",
		"Challenge %d: %s, seats: %s; options: %s. The others are invited by mail; the game starts when every one of them accepts, and the challenge expires %s otherwise. Write decline %d to call it off.":                                        "Défi %d : %s, places : %s ; options : %s. Les autres sont invités par mail ; la partie commence quand chacun d'eux accepte, et le défi expire le %s sinon. Écrivez refuser %d pour l'annuler.",
		"Game %d, %s, with %s: %s, move %d. To play, write to %s (board %d sends its board again).":                                                                                                                                                 "Partie %d, %s, avec %s : %s, coup %d. Pour jouer, écrivez à %s (plateau %d renvoie son plateau).",
		"If you did not ask for it, ignore this mail: nothing happens without your reply.":                                                                                                                                                          "Si vous ne l'avez pas demandé, ignorez ce mail : rien ne se passe sans votre réponse.",
		"It is %s's turn; reply to this mail to say something or resign.":                                                                                                                                                                           "C'est à %s de jouer ; répondez à ce mail pour dire quelque chose ou abandonner.",
		"It is your turn: reply to this mail with your move, as #%d followed by it.":                                                                                                                                                                "C'est à vous de jouer : répondez à ce mail avec votre coup, précédé de #%d.",
		"No game waits for players now. Start one that does: write new %s open 1.":                                                                                                                                                                  "Aucune partie n'attend de joueurs maintenant. Lancez-en une qui en attend : écrivez nouvelle %s ouverte 1.",
		"Nothing was done about your line\n\n    %s\n\n%s":                                                                                                                                                                                          "Rien n'a été fait pour votre ligne\n\n    %s\n\n%s",
		"Sign up first: write signup YOUR NAME to %s, then start or join a game.":                                                                                                                                                                   "Inscrivez-vous d'abord : écrivez inscription VOTRE NOM à %s, puis lancez ou rejoignez une partie.",
		"Someone, probably you, asked that %s sign off from this game server: no new game and no more mail.\n\nTo sign off, reply to this mail: your reply needs no text. Or write to %s the line\n\n    confirm %%s":                               "Quelqu'un, sans doute vous, a demandé que %s quitte ce serveur de jeux : plus de nouvelle partie ni de mail.\n\nPour partir, répondez à ce mail : votre réponse n'a besoin d'aucun texte. Ou écrivez à %s la ligne\n\n    confirmer %%s",
		"Someone, probably you, asked that %s sign off from this game server: no new game and no more mail. You have %s going (%s).\n\nTo resign them all and sign off, reply to this mail with the word resign, or write to %s the line\n\n    confirm %%[1]s resign\n\nTo play them to the end first (their mail still comes), reply with the word keep, or write\n\n    confirm %%[1]s keep": "Quelqu'un, sans doute vous, a demandé que %s quitte ce serveur de jeux : plus de nouvelle partie ni de mail. Vous avez %s en cours (%s).\n\nPour les abandonner toutes et partir, répondez à ce mail par le mot abandonner, ou écrivez à %s la ligne\n\n    confirmer %%[1]s abandonner\n\nPour les jouer d'abord jusqu'au bout (leurs mails arrivent toujours), répondez par le mot garder, ou écrivez\n\n    confirmer %%[1]s garder",
		"Someone, probably you, asked to sign up %s at this game server as %s.\n\nTo finish, reply to this mail: your reply needs no text. Or write to %s the line\n\n    confirm %%s\n\nIf you did not ask for it, ignore this mail: nothing happens without your reply.":                                                                                                                      "Quelqu'un, sans doute vous, a demandé à inscrire %s sur ce serveur de jeux sous le nom %s.\n\nPour finir, répondez à ce mail : votre réponse n'a besoin d'aucun texte. Ou écrivez à %s la ligne\n\n    confirmer %%s\n\nSi vous ne l'avez pas demandé, ignorez ce mail : rien ne se passe sans votre réponse.",
		"The board after move %d.":          "Le plateau après le coup %d.",
		"The game is over; its last board.": "La partie est finie ; son dernier plateau.",
		"This address sent more than %d mails to %s within an hour: the next ones go unread, and unanswered, until the hour is over. Write again later.": "Cette adresse a envoyé plus de %d mails à %s en une heure : les suivants restent non lus, et sans réponse, jusqu'à la fin de l'heure. Écrivez de nouveau plus tard.",
		"This request expires on %s.": "Cette demande expire le %s.",
		"You are signed up, as %s. Other players may now challenge you by your address or your name.\n\nNext: reply to this mail with a line such as\n\n    new amplitude with computer\n\nto play the computer, or new amplitude with ADDRESS to challenge someone; games lists your games.": "Vous êtes inscrit, sous le nom %s. Les autres joueurs peuvent maintenant vous défier par votre adresse ou par votre nom.\n\nEnsuite : répondez à ce mail par une ligne comme\n\n    nouvelle amplitude avec ordinateur\n\npour jouer contre l'ordinateur, ou nouvelle amplitude avec ADRESSE pour défier quelqu'un ; parties liste vos parties.",
		"You have a seat in challenge %d (%s, seats: %s). The game starts when %s are in; you will get its first mail then. Write decline %d to withdraw.":                                                                                                                                    "Vous avez une place dans le défi %d (%s, places : %s). La partie commence quand %s sont là ; vous recevrez alors son premier mail. Écrivez refuser %d pour vous retirer.",
		"You have a seat in challenge %d (%s, seats: %s). The game starts when %s is in; you will get its first mail then. Write decline %d to withdraw.":                                                                                                                                     "Vous avez une place dans le défi %d (%s, places : %s). La partie commence quand %s est là ; vous recevrez alors son premier mail. Écrivez refuser %d pour vous retirer.",
		"You have no game here now. Start one: write new %s with ADDRESS, new %s open 1 or new %s with computer; games open lists the games waiting for players.":                                                                                                                             "Vous n'avez aucune partie ici pour l'instant. Lancez-en une : écrivez nouvelle %s avec ADRESSE, nouvelle %s ouverte 1 ou nouvelle %s avec ordinateur ; parties ouvertes liste les parties qui attendent des joueurs.",
		"You have signed off from this game server: no new game, and no more mail. To come back, write signup YOUR NAME to %s.":                                                                                                                                                               "Vous avez quitté ce serveur de jeux : plus de nouvelle partie, et plus de mail. Pour revenir, écrivez inscription VOTRE NOM à %s.",
		"You have signed off from this game server: no new game. What you have going (%s) goes on, with its mail, to the end; after that no more mail comes. To come back, write signup YOUR NAME to %s.":                                                                                     "Vous avez quitté ce serveur de jeux : plus de nouvelle partie. Ce que vous avez en cours (%s) continue, avec ses mails, jusqu'au bout ; ensuite plus aucun mail n'arrive. Pour revenir, écrivez inscription VOTRE NOM à %s.",
		"Your name is now %s: the other players see it in every game.": "Votre nom est maintenant %s : les autres joueurs le voient dans chaque partie.",
		"Your reply to the invitation to challenge %d said neither accept nor decline, so your seat still waits: reply again with accept, or decline, on a line of its own.": "Votre réponse à l'invitation au défi %d ne disait ni accepter ni refuser : votre place attend toujours. Répondez de nouveau par accepter, ou refuser, sur une ligne à part.",
		"a game against the computer has only you and computer seats: write new %s with computer":                                                                            "une partie contre l'ordinateur n'a que vous et des places de l'ordinateur : écrivez nouvelle %s avec ordinateur",
		"an open seat": "une place libre",
		"cancelled":    "annulé",
		"challenge %d": "défi %d",
		"challenge %d changed meanwhile: write games to see where it stands":                          "le défi %d a changé entre-temps : écrivez parties pour voir où il en est",
		"challenge %d has no open seat: games open lists those that have":                             "le défi %d n'a pas de place libre : parties ouvertes liste ceux qui en ont",
		"challenge %d waits for no one any more: it %s":                                               "le défi %d n'attend plus personne : il %s",
		"confirm needs the token of the confirmation mail: reply to that mail instead, it is simpler": "confirmer demande le jeton du mail de confirmation : répondez plutôt à ce mail, c'est plus simple",
		"declined":   "décliné",
		"expired":    "expiré",
		"game %d":    "partie %d",
		"games open": "parties ouvertes",
		"new %s open needs how many seats to leave open, as new %s open 1": "nouvelle %s ouverte demande combien de places laisser libres, comme nouvelle %s ouverte 1",
		"new %s with names nobody: %s":                                     "nouvelle %s avec ne nomme personne : %s",
		"nobody's turn":                                                    "au tour de personne",
		"none":                                                             "aucune",
		"not done":                                                         "rien n'est fait",
		"not every seat was taken and accepted in time, so the game will not start":    "toutes les places n'ont pas été prises et acceptées à temps, la partie ne commencera donc pas",
		"only addresses at %s may sign up here: sign up from one, or ask the operator": "seules les adresses de %s peuvent s'inscrire ici : inscrivez-vous depuis l'une d'elles, ou demandez à l'opérateur",
		"pbem: %s": "pbem : %s",
		"pbem: %s invites you to %s (challenge %d)": "pbem : %s vous invite à %s (défi %d)",
		"pbem: challenge %d %s":                     "pbem : défi %d %s",
		"pbem: challenge %d declined":               "pbem : défi %d décliné",
		"pbem: challenge %d, %s":                    "pbem : défi %d, %s",
		"pbem: confirm your address":                "pbem : confirmez votre adresse",
		"pbem: confirm your sign-off":               "pbem : confirmez votre départ",
		"pbem: confirm your sign-up":                "pbem : confirmez votre inscription",
		"sign up first":                             "inscrivez-vous d'abord",
		"sign-up by mail is closed on this server: ask its operator to register you": "l'inscription par mail est fermée sur ce serveur : demandez à son opérateur de vous inscrire",
		"started as game %d":                 "lancé comme partie %d",
		"the server's operator cancelled it": "l'opérateur du serveur l'a annulé",
		"there is no challenge %d waiting for players: games lists yours, games open those anyone may join": "il n'y a pas de défi %d qui attend des joueurs : parties liste les vôtres, parties ouvertes ceux que chacun peut rejoindre",
		"there is no game %s here: %s":                                         "il n'y a pas de jeu %s ici : %s",
		"this confirmation expired on %s: ask again, and reply within %d days": "cette confirmation a expiré le %s : redemandez-la, et répondez dans les %d jours",
		"this confirmation is not known here: check that you copied the whole token, or reply to the confirmation mail itself": "cette confirmation n'est pas connue ici : vérifiez que vous avez copié tout le jeton, ou répondez au mail de confirmation lui-même",
		"this confirmation was not mailed to %s: only a reply from the address it was mailed to confirms it":                   "cette confirmation n'a pas été envoyée à %s : seule une réponse de l'adresse à laquelle elle a été envoyée la confirme",
		"this confirmation was used already, or has expired: nothing more to do":                                               "cette confirmation a déjà servi, ou a expiré : plus rien à faire",
		"this confirmation was used already: nothing more to do":                                                               "cette confirmation a déjà servi : plus rien à faire",
		"waiting for %s; decline %d calls it off":                                                                              "attend %s ; refuser %d l'annule",
		"waiting for your answer: write accept %d or decline %d":                                                               "attend votre réponse : écrivez accepter %d ou refuser %d",
		"was cancelled": "a été annulé",
		"was declined":  "a été décliné",
		"write the address after alias, as in alias ann@work.example":           "écrivez l'adresse après alias, comme dans alias ann@work.example",
		"you accepted challenge %d already: it starts when every seat is taken": "vous avez déjà accepté le défi %d : il commence quand chaque place est prise",
		"you are signed up": "vous êtes inscrit",
		"you are signed up already, as %s: to change your name, write name NEW to %s":                                                            "vous êtes déjà inscrit, sous le nom %s : pour changer de nom, écrivez nom NOUVEAU à %s",
		"you have %d games going or waiting for their players, the most this server allows at once: you may start another when one of them ends": "vous avez %d parties en cours ou en attente de joueurs, le plus que ce serveur permet à la fois : vous pourrez en lancer une autre quand l'une d'elles finira",
		"you have %s going: reply to the confirmation with the word resign (to resign them) or keep (to play them to the end)":                   "vous avez %s en cours : répondez à la confirmation par le mot abandonner (pour les abandonner) ou garder (pour les jouer jusqu'au bout)",
		"you have a seat in challenge %d already: it starts when every seat is taken":                                                            "vous avez déjà une place dans le défi %d : il commence quand chaque place est prise",
		"you have no challenge %d waiting for your answer: games lists yours":                                                                    "vous n'avez aucun défi %d qui attend votre réponse : parties liste les vôtres",
		"you have no game %d here: games lists yours":                                                                                            "vous n'avez pas de partie %d ici : parties liste les vôtres",
		"you have signed off": "vous avez quitté le serveur",
		"you have started %d games in the last 24 hours, the most this server allows: you may start another on %s": "vous avez lancé %d parties dans les dernières 24 heures, le plus que ce serveur permet : vous pourrez en lancer une autre le %s",
		"you invited yourself: you have the first seat already":                                                    "vous vous êtes invité vous-même : vous avez déjà la première place",
		"your games":                          "vos parties",
		"your invitation":                     "votre invitation",
		"your mail":                           "votre mail",
		"your mails are not read for a while": "vos mails ne sont pas lus pendant un moment",
		"your turn":                           "à vous de jouer",
		"The board before the first move.":    "Le plateau avant le premier coup.",
		"Computer":                            "Ordinateur",
		"Computer %d":                         "Ordinateur %d",
		"join needs a number, as join 12: games open lists the games waiting for players":                                        "rejoindre demande un numéro, comme rejoindre 12 : parties ouvertes liste les parties qui attendent des joueurs",
		"board needs a number, as board 12: games lists yours":                                                                   "plateau demande un numéro, comme plateau 12 : parties liste les vôtres",
		"accept which challenge? Reply to its invitation, or write accept 12 with its number: games lists yours":                 "accepter quel défi ? Répondez à son invitation, ou écrivez accepter 12 avec son numéro : parties liste les vôtres",
		"decline which challenge? Reply to its invitation, or write decline 12 with its number: games lists yours":               "refuser quel défi ? Répondez à son invitation, ou écrivez refuser 12 avec son numéro : parties liste les vôtres",
		"You declined challenge %d (%s, seats: %s): the game will not start. To start another, write new %s with ADDRESS to %s.": "Vous avez décliné le défi %d (%s, places : %s) : la partie ne commencera pas. Pour en lancer un autre, écrivez nouvelle %s avec ADRESSE à %s.",
		"Nothing was done: your reply said no, so that request is cancelled. To ask again, write it again.":                      "Rien n'a été fait : votre réponse dit non, la demande est donc annulée. Pour la refaire, écrivez-la de nouveau.",
		"Nothing was done: your mail held no command this server knows. Did you mean\n\n    %s\n\n%s":                            "Rien n'a été fait : votre mail ne contenait aucune commande que ce serveur connaisse. Vouliez-vous écrire\n\n    %s\n\n%s",
		"did you mean %s?": "vouliez-vous écrire %s ?",
		"there is no game %s here: did you mean new %s %s?": "il n'y a pas de jeu %s ici : vouliez-vous écrire nouvelle %s %s ?",
		"Your mail held no command this server knows, so nothing was done. To play a move, reply to the game's latest mail, not to this address.\n\n%s": "Votre mail ne contenait aucune commande que ce serveur connaisse : rien n'a été fait. Pour jouer un coup, répondez au dernier mail de la partie, pas à cette adresse.\n\n%s",
		"rematches are off on this server: to play again, write new %s with the players to %s":                                                          "les revanches sont fermées sur ce serveur : pour rejouer, écrivez nouvelle %s avec les joueurs à %s",
		"game %d goes on: a rematch is offered once it is over":                                                                                         "la partie %d continue : une revanche se propose une fois qu'elle est finie",
		"game %d was %s: it has no rematch, but new %s with the players, written to %s, starts another":                                                 "la partie %d a été %s : elle n'a pas de revanche, mais nouvelle %s avec les joueurs, écrit à %s, en lance une autre",
		"game %d had its rematch already: game %d. Write rematch in reply to that game's mail once it is over to play again":                            "la partie %d a déjà eu sa revanche : la partie %d. Écrivez revanche en réponse au mail de celle-ci une fois finie pour rejouer",
		"no rematch of game %d waits for an answer: write rematch to offer one":                                                                         "aucune revanche de la partie %d n'attend de réponse : écrivez revanche pour en proposer une",
		"you have no seat in challenge %d, the rematch of game %d":                                                                                      "vous n'avez pas de place dans le défi %d, la revanche de la partie %d",
		"you accepted the rematch of game %d (challenge %d) already: it starts when every seat is taken":                                                "vous avez déjà accepté la revanche de la partie %d (défi %d) : elle commence quand chaque place est prise",
		"You offer a rematch of game %d: challenge %d, %s, seats: %s (each player one seat on); options: %s. The others are invited by mail; the game starts when every one of them accepts, and the challenge expires %s otherwise. Write decline %d to call it off.": "Vous proposez une revanche de la partie %d : défi %d, %s, places : %s (chaque joueur une place plus loin) ; options : %s. Les autres sont invités par mail ; la partie commence quand chacun d'eux accepte, et le défi expire le %s sinon. Écrivez refuser %d pour l'annuler.",
		"pbem: rematch of game %d (challenge %d)": "pbem : revanche de la partie %d (défi %d)",
		"%s offers a rematch of game %d (challenge %d): %s, seats: %s (each player one seat on); options: %s. Reply to this mail with accept to take your seat, or decline to refuse; rematch and decline in reply to the last mail of game %d do the same. The game starts when every player has accepted, and the challenge expires %s otherwise.": "%s propose une revanche de la partie %d (défi %d) : %s, places : %s (chaque joueur une place plus loin) ; options : %s. Répondez à ce mail par accepter pour prendre votre place, ou refuser pour la décliner ; revanche et refuser en réponse au dernier mail de la partie %d font de même. La partie commence quand chaque joueur a accepté, et le défi expire le %s sinon.",
		"pbem: %s offers a rematch of game %d (challenge %d)":                                                                         "pbem : %s propose une revanche de la partie %d (défi %d)",
		"game %d is %s: a rematch plays a finished game again":                                                                        "la partie %d est %s : une revanche rejoue une partie finie",
		"challenge %d, the rematch of game %d, waits for its players: let them answer, or cancel it first (pbem challenge cancel %d)": "le défi %d, la revanche de la partie %d, attend ses joueurs : laissez-les répondre, ou annulez-le d'abord (pbem challenge cancel %d)",
	})
}
