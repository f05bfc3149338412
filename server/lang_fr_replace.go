package server

import "pbem/lang"

// The French of seats that change hands (replace.go, takeover.go).
func init() {
	lang.Register(lang.French, map[string]string{
		"turn %d was played before a seat changed hands: a seat's new holder cannot give back the moves of the one before": "le tour %d a été joué avant qu'une place change de mains : qui tient une place ne peut pas reprendre les coups de celui qui la tenait avant",
		"you have left game %d: nothing after resign is played":                                                            "vous avez quitté la partie %d : rien n'est joué après abandonner",
		"in this game another player takes your seat when you resign: write resign in a mail of its own":                   "dans cette partie un autre prend votre place quand vous abandonnez : écrivez abandonner dans un courrier à part",
		"seat %d changes hands":                       "la place %d change de mains",
		"%s resigned.":                                "%s a abandonné.",
		"%s ran out of time.":                         "%s a dépassé son temps.",
		"%s signed off.":                              "%s s'est désinscrit.",
		"Nobody took over seat %d in time.":           "Personne n'a repris la place %d à temps.",
		"The operator took seat %d from %s.":          "L'opérateur a retiré la place %d à %s.",
		"%s takes over seat %d and plays on.":         "%s reprend la place %d et joue la suite.",
		"A computer (%s) takes seat %d and plays on.": "Un ordinateur (%s) prend la place %d et joue la suite.",
		"%s %s The seat is no longer yours: no more mail of game %d comes to you.":          "%s %s La place n'est plus la vôtre : plus aucun courrier de la partie %d ne vous parvient.",
		"seat %d of game %d is not on offer (any more): takeovers lists the seats on offer": "la place %d de la partie %d n'est pas (plus) offerte : relèves liste les places offertes",
		"you play in game %d already: a player holds one seat of a game":                    "vous jouez déjà dans la partie %d : un joueur n'a qu'une place par partie",
		"game %d is %s: only a running game's seat changes hands":                           "la partie %d est %s : seule la place d'une partie en cours change de mains",
		"game %d has %d seats: there is no seat %d":                                         "la partie %d a %d places : il n'y a pas de place %d",
		"seat %d of game %d resigned: it plays no more":                                     "la place %d de la partie %d a abandonné : elle ne joue plus",
		"%s plays in game %d already":                                                       "%s joue déjà dans la partie %d",
		"Seat %d is on offer: any player of this server not in the game may take it over by writing takeover %d to %s; the others play on, and if nobody takes it by %s, a computer does.": "La place %d est offerte : tout joueur de ce serveur qui n'est pas de la partie peut la reprendre en écrivant relever %d à %s ; les autres jouent la suite, et si personne ne la prend d'ici le %s, un ordinateur le fait.",
	})
}
