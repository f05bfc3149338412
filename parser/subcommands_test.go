package parser

import "testing"

// TestSubcommand: the words after ladder or tournament in either language,
// accents and case aside, are their English; any other word is none.
func TestSubcommand(t *testing.T) {
	for w, want := range map[string]string{
		"join": SubJoin, "Rejoindre": SubJoin, "quitter": SubLeave, "DÉFIER": SubChallenge,
		"nouvelle": SubNew, "retirer": SubWithdraw, "annuler": SubCancel, "amplitude": "", "12": "",
	} {
		if got := Subcommand(w); got != want {
			t.Errorf("Subcommand(%q) = %q, want %q", w, got, want)
		}
	}
}
