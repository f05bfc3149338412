package account

import "pbem/lang"

// The French of the account commands.
func init() {
	lang.Register(lang.French, map[string]string{
		"%q is not a language pbem writes in: en (English) or fr (français)": "%q n'est pas une langue dans laquelle pbem écrit : en (English) ou fr (français)",
		"Commands are read in both languages, whatever your choice: help or aide, board or plateau, pass or passer. To change it, reply with lang fr (français) or lang en (English) on a line of its own.": "Les commandes se lisent dans les deux langues, quel que soit votre choix : aide ou help, plateau ou board, passer ou pass. Pour en changer, répondez langue fr (français) ou langue en (English) sur une ligne à part.",
		"From now on pbem writes to you in %s.":                         "Désormais, pbem vous écrit en %s.",
		"From now on pbem writes to you in this server's language, %s.": "Désormais, pbem vous écrit dans la langue de ce serveur, le %s.",
		"pbem: your language":                                           "pbem : votre langue",
		"From now on your mails show the board as a picture as well as in text, in every game whose pictures are on. Reply with pictures off on a line of its own to get the text board alone.": "Désormais vos courriers montrent le plateau en image comme en texte, dans chaque partie dont les images sont activées. Répondez images non sur une ligne à part pour n'avoir que le plateau en texte.",
		"From now on your mails show the board in text alone, with no picture. Reply with pictures on on a line of its own to get the pictures back.":                                           "Désormais vos courriers montrent le plateau en texte seul, sans image. Répondez images oui sur une ligne à part pour retrouver les images.",
		"%q is not a time of day: write mail digest 08:30, a time from 00:00 to 23:59, UTC":                                                                                                     "%q n'est pas une heure : écrivez courrier résumé 08:30, une heure de 00:00 à 23:59, en UTC",
		"%s goes alone in its mail: it is about all your games":                                                                                                                                 "%s va seul dans son mail : il concerne toutes vos parties",
		"From now on you get a mail for every move in each of your games.":                                                                                                                      "Désormais vous recevez un mail à chaque coup dans chacune de vos parties.",
		"From now on you get a mail only when it is your turn, telling every move since your last, and when a game ends; what the other players say, and the answers to your own mails, still come. Reply with mail every on a line of its own to get a mail for every move again.":                                                                                                                                              "Désormais vous recevez un mail seulement quand c'est votre tour, racontant chaque coup depuis le vôtre, et quand une partie finit ; ce que disent les autres joueurs, et les réponses à vos propres mails, arrivent toujours. Répondez par courrier chaque sur une ligne à part pour recevoir de nouveau un mail à chaque coup.",
		"From now on you get one mail a day at %s UTC, the first on %s, listing every game where it is your turn, each with its board and its reply address, and none on a day when no game waits for you. Answer it with one line per move, each naming its game: %s. A mail still comes when a game ends, and with what the other players say. Reply with mail every on a line of its own to get a mail for every move again.": "Désormais vous recevez un mail par jour à %s UTC, le premier le %s, listant chaque partie où c'est votre tour, chacune avec son plateau et son adresse de réponse, et aucun les jours où aucune partie ne vous attend. Répondez-y avec une ligne par coup, chacune nommant sa partie : %s. Un mail arrive toujours quand une partie finit, et avec ce que disent les autres joueurs. Répondez par courrier chaque sur une ligne à part pour recevoir de nouveau un mail à chaque coup.",
		"pbem: your mail": "pbem : votre mail",
	})
}
