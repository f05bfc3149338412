package lobby

import "pbem/lang"

// The French of taking over a seat on offer (takeover.go).
func init() {
	lang.Register(lang.French, map[string]string{
		"this server's operator has turned taking over seats by mail off: ask them (pbem game replace)":                            "l'opérateur de ce serveur a fermé la relève des places par courrier : demandez-lui (pbem game replace)",
		"seat %s of game %d is not on offer: takeovers lists the seats on offer":                                                   "la place %s de la partie %d n'est pas offerte : relèves liste les places offertes",
		"game %d has no seat on offer: takeovers lists the seats on offer":                                                         "la partie %d n'a pas de place offerte : relèves liste les places offertes",
		"Game %d, %s: seat %d is on offer until %s. Write takeover %d to take it over.":                                            "Partie %d, %s : la place %d est offerte jusqu'au %s. Écrivez relever %d pour la prendre.",
		"No seat is on offer now: a seat is offered when its player leaves a game of three or more whose option replace is offer.": "Aucune place n'est offerte en ce moment : une place l'est quand son joueur quitte une partie à trois ou plus dont l'option replace vaut offer.",
		"seats on offer": "places offertes",
		"takeover needs a game's number, as takeover 12: takeovers lists the seats on offer": "relever demande le numéro d'une partie, comme relever 12 : relèves liste les places offertes",
	})
}
