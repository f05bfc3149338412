package tournament

import "pbem/lang"

// The French of the tournament's page.
func init() {
	lang.Register(lang.French, map[string]string{
		"Tournament %d: %s, %s":                   "Tournoi %d : %s, %s",
		"Status: %s; round %d of %d; %d entrants": "État : %s ; ronde %d sur %d ; %d participants",
		"options":   "options",
		"Standings": "Classement",
		"Name":      "Nom",
		"Pts":       "Pts",
		"W-D-L":     "G-N-P",
		"Pts: points (a win 1, a draw ½, a bye 1). Bh: Buchholz, the sum of the opponents' points. SB: Sonneborn–Berger, the points of the opponents beaten, and half those of the opponents drawn. W-D-L: won, drawn, lost.": "Pts : points (une victoire 1, une nulle ½, une exemption 1). Bh : Buchholz, la somme des points des adversaires. SB : Sonneborn-Berger, les points des adversaires battus, et la moitié de ceux des adversaires annulés. G-N-P : gagnées, nulles, perdues.",
		"The tournament has not started.": "Le tournoi n'a pas commencé.",
		"Rounds":                          "Rondes",
		"Round %d":                        "Ronde %d",
		"a bye":                           "exempt",
		"game %d":                         "partie %d",
	})
}
