package server

import "pbem/lang"

// The French of the sentences that name a command or tell the reader what
// they did: each names the word a French reader writes.
func init() {
	lang.Register(lang.French, map[string]string{
		"#%d is ahead of the game: it is at move %d": "#%d est en avance sur la partie : elle en est au coup %d",
		"It answers a game's mail from an address that is not its player's. To play from this address too, write alias %s to %s from the address you play from, then answer the confirmation that comes here.": "Il répond au mail d'une partie depuis une adresse qui n'est pas celle de son joueur. Pour jouer aussi depuis cette adresse, écrivez alias %s à %s depuis l'adresse d'où vous jouez, puis répondez à la confirmation qui arrivera ici.",
		"game 12: #7 H8 right 34251": "partie 12 : #7 H8 droite 34251",
	})
}
