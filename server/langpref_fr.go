package server

import "pbem/lang"

// The French of the language choice's sentences (langpref.go). They are
// kept apart from the server's other translations only until those land
// in one file; then this map belongs there.
func init() {
	lang.Register(lang.French, map[string]string{
		"%q is not a language pbem writes in: en (English) or fr (français)": "%q n'est pas une langue dans laquelle pbem écrit : en (English) ou fr (français)",
		"Commands are read in both languages, whatever your choice: help or aide, board or plateau, pass or passer. To change it, reply with lang fr (français) or lang en (English) on a line of its own.": "Les commandes se lisent dans les deux langues, quel que soit votre choix : aide ou help, plateau ou board, passer ou pass. Pour en changer, répondez langue fr (français) ou langue en (English) sur une ligne à part.",
		"From now on pbem writes to you in %s.":                         "Désormais, pbem vous écrit en %s.",
		"From now on pbem writes to you in this server's language, %s.": "Désormais, pbem vous écrit dans la langue de ce serveur, le %s.",
		"pbem: your language":                                           "pbem : votre langue",
	})
}
