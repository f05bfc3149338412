package clock

import "pbem/lang"

// The French of the clocks' and vacations' mails.
func init() {
	lang.Register(lang.French, map[string]string{
		"%d day":   "%d jour",
		"%d days":  "%d jours",
		"%d hour":  "%d heure",
		"%d hours": "%d heures",
		"%q is not a date: write vacation until 2026-12-24": "%q n'est pas une date : écrivez vacances jusqu'au 2026-12-24",
		"%s is away":                  "%s est absent",
		"%s is back":                  "%s est de retour",
		"%s is back from vacation.":   "%s est revenu de vacances.",
		"%s is not in the future":     "%s n'est pas dans le futur",
		"%s is on vacation until %s.": "%s est en vacances jusqu'au %s.",
		"%s's clock in this game is stopped until then, keeping the time it has left.":                                                                       "La pendule de %s dans cette partie est arrêtée jusque-là, et garde le temps qui lui reste.",
		"%s's clock in this game runs again when it is their turn, with the time it had left.":                                                               "La pendule de %s dans cette partie repart quand c'est son tour, avec le temps qui lui restait.",
		"%s, game %d, allows %s of vacation in any 60 days, and this one would make %s: you can ask for %s at most now":                                      "%s, partie %d, permet %s de vacances sur 60 jours, et celles-ci en feraient %s : vous pouvez en demander %s au plus maintenant",
		"Each player has %s for a move, reminded at half time and on the last day; %s.":                                                                      "Chaque joueur a %s par coup, avec un rappel à mi-temps et le dernier jour ; %s.",
		"Game %s was waiting for you: its clock is stopped, keeping the time you had left.":                                                                  "La partie %s vous attendait : sa pendule est arrêtée, et garde le temps qui vous restait.",
		"Games %s were waiting for you: their clocks are stopped, keeping the time you had left.":                                                            "Les parties %s vous attendaient : leurs pendules sont arrêtées, et gardent le temps qui vous restait.",
		"Reply with back on a line of its own to end your vacation early.":                                                                                   "Répondez par retour sur une ligne à part pour finir vos vacances plus tôt.",
		"This game has no clock: it waits for them.":                                                                                                         "Cette partie n'a pas de pendule : elle l'attend.",
		"Welcome back: your vacation is over. Your clocks run again, each with the time it had left, and your opponents are told.":                           "Bon retour : vos vacances sont finies. Vos pendules repartent, chacune avec le temps qui lui restait, et vos adversaires sont prévenus.",
		"Your vacation runs until %s. Your clocks stop in every game until then: a game that comes to your turn waits for you, and your opponents are told.": "Vos vacances durent jusqu'au %s. Vos pendules s'arrêtent dans toutes vos parties d'ici là : une partie qui arrive à votre tour vous attend, et vos adversaires sont prévenus.",
		"a vacation lasts an hour or more: write vacation 5d, vacation 72h or vacation until 2026-12-24":                                                     "des vacances durent une heure ou plus : écrivez vacances 5j, vacances 72h ou vacances jusqu'au 2026-12-24",
		"game %d has no clock running: it has no clock option, a computer is to move, or it is over":                                                         "la partie %d n'a pas de pendule en marche : elle n'a pas d'option clock, c'est à l'ordinateur de jouer, ou elle est finie",
		"game %d is %s: nobody is to move":                                "la partie %d est %s : personne n'a à jouer",
		"game %d moved meanwhile: try again":                              "la partie %d a bougé entre-temps : réessayez",
		"game %d waits for its computer seat %s, which needs no reminder": "la partie %d attend sa place de l'ordinateur %s, qui n'a besoin d'aucun rappel",
		"game %d: that leaves the player no time at all":                  "partie %d : cela ne laisse au joueur plus aucun temps",
		"less than an hour":                                               "moins d'une heure",
		"pbem: your vacation":                                             "pbem : vos vacances",
		"the game then waits, with no more reminders":                     "la partie attend alors, sans autre rappel",
		"the turn passes to the next player":                              "le tour passe au joueur suivant",
		"then the late player forfeits the game":                          "puis le joueur en retard perd la partie par forfait",
		"then the late player leaves the game, and the others play on":    "puis le joueur en retard quitte la partie, et les autres continuent",
		"then the turn passes":                                            "puis le tour passe",
		"you are not on vacation":                                         "vous n'êtes pas en vacances",
		"you forfeit the game":                                            "vous perdez la partie par forfait",
		"you leave the game, and the others play on":                      "vous quittez la partie, et les autres continuent",
		"your turn: move %d":                                              "à vous de jouer : coup %d",
		"your turn: move %d, time runs out %s":                            "à vous de jouer : coup %d, votre temps s'épuise le %s",

		// A clock stopped because the mail giving the turn never reached
		// the player, and run again.
		"%s wrote to this game again: their clock runs again, with %s left.": "%s a écrit de nouveau dans cette partie : sa pendule repart, avec %s de reste.",
		"%s's clock runs again": "La pendule de %s repart",
		"It is %s's turn: their clock is stopped with %s left, until they write to this game again or the operator restarts it; no timeout is played meanwhile.": "C'est à %s de jouer : sa pendule est arrêtée avec %s de reste, jusqu'à ce qu'il écrive de nouveau dans cette partie ou que l'opérateur la relance ; aucun dépassement de délai n'est joué d'ici là.",
		"The operator restarted %s's clock: it runs again, with %s left.":                                                                                        "L'opérateur a relancé la pendule de %s : elle repart, avec %s de reste.",
	})
}
