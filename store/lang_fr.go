package store

import "pbem/lang"

// The French of the words the store gives sentences: a game's status, an
// undo's notation.
func init() {
	lang.Register(lang.French, map[string]string{
		"aborted":  "arrêtée",
		"finished": "finie",
		"in play":  "en cours",
		"undo %d":  "reprendre %d",
	})
}
