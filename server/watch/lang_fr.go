package watch

import "pbem/lang"

// The French of watching and stopping.
func init() {
	lang.Register(lang.French, map[string]string{
		"%s plays in game %d: its player gets every move already": "%s joue dans la partie %d : ce joueur reçoit déjà chaque coup",
		"You are watching %s, game %d: a mail will come after every move, with the board as the players see it but for their racks. Reply with unwatch on a line of its own to stop.": "Vous suivez %s, partie %d : un mail arrivera après chaque coup, avec le plateau tel que les joueurs le voient, sans leurs chevalets. Répondez par ne plus regarder sur une ligne à part pour arrêter.",
		"game %d is not open to watchers: its players play among themselves": "la partie %d n'est pas ouverte aux spectateurs : ses joueurs jouent entre eux",
		"you are watching": "vous suivez la partie",
	})
}
