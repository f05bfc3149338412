package core

import "pbem/lang"

// The French of the replace options' refusals.
func init() {
	lang.Register(lang.French, map[string]string{
		"option replace is none, bot or offer, not %q": "l'option replace vaut none, bot ou offer, pas %q",
		"option replace=%s is for games of three or more players: in a game of two, the opponent of a player who leaves wins": "l'option replace=%s est pour les parties de trois joueurs ou plus : à deux, l'adversaire de celui qui s'en va gagne",
	})
}
