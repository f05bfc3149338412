package server

import "pbem/lang"

// The French of the sentences that name a command or tell the reader what
// they did: each names the word a French reader writes.
func init() {
	lang.Register(lang.French, map[string]string{
		"#%d is ahead of the game: it is at move %d": "#%d est en avance sur la partie : elle en est au coup %d",
		"It answers a game's mail from an address that is not its player's. To play from this address too, write alias %s to %s from the address you play from, then answer the confirmation that comes here.": "Il répond au mail d'une partie depuis une adresse qui n'est pas celle de son joueur. Pour jouer aussi depuis cette adresse, écrivez alias %s à %s depuis l'adresse d'où vous jouez, puis répondez à la confirmation qui arrivera ici.",
		"game 12: #7 H8 right 34251":       "partie 12 : #7 H8 droite 34251",
		"The board before the first move.": "Le plateau avant le premier coup.",
		"Computer":                         "Ordinateur",
		"Computer %d":                      "Ordinateur %d",
		"join needs a number, as join 12: games open lists the games waiting for players":                                        "rejoindre demande un numéro, comme rejoindre 12 : parties ouvertes liste les parties qui attendent des joueurs",
		"board needs a number, as board 12: games lists yours":                                                                   "plateau demande un numéro, comme plateau 12 : parties liste les vôtres",
		"accept which challenge? Reply to its invitation, or write accept 12 with its number: games lists yours":                 "accepter quel défi ? Répondez à son invitation, ou écrivez accepter 12 avec son numéro : parties liste les vôtres",
		"decline which challenge? Reply to its invitation, or write decline 12 with its number: games lists yours":               "refuser quel défi ? Répondez à son invitation, ou écrivez refuser 12 avec son numéro : parties liste les vôtres",
		"You declined challenge %d (%s, seats: %s): the game will not start. To start another, write new %s with ADDRESS to %s.": "Vous avez décliné le défi %d (%s, places : %s) : la partie ne commencera pas. Pour en lancer un autre, écrivez nouvelle %s avec ADRESSE à %s.",
	})
}
