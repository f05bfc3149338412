package records

import "pbem/lang"

// The French of a record that does not replay.
func init() {
	lang.Register(lang.French, map[string]string{
		"seat %d: offered_until is a time, for a seat on offer (bot true): %q": "place %d : offered_until est une date, pour une place à prendre (bot true) : %q",
		"the moves replay to the scores %v, and the file's result says %v":     "les coups rejoués donnent les scores %v, et le résultat du fichier dit %v",
		"the file says the game is %s, and its moves leave it %s":              "le fichier dit que la partie est %s, et ses coups la laissent %s",
		"created_at: %v": "created_at : %v",
		"move %d (%q, by seat %d) does not replay: %s":                                                       "le coup %d (%q, du siège %d) ne se rejoue pas : %s",
		"seat %d (%s) has no mail address: a player's seat needs the address game export wrote in \"email\"": "le siège %d (%s) n'a pas d'adresse : le siège d'un joueur a besoin de l'adresse que game export a écrite dans \"email\"",
	})
}
