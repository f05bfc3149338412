package server

import "regexp"

// rackInReason finds what a refusal tells a player of their own rack or
// hand, which the reason recorded for the operator keeps but a log must
// not: Amplitude's "your rack holds no 7 (it holds 1 2 3 4 5)", Chiffres'
// "you hold no 7: your tokens are 1 3" and "you can place a token (3 on
// F4, for one)". Any run of spaced single digits goes too: that is how
// racks are written.
var rackInReason = []struct {
	re   *regexp.Regexp
	with string
}{
	{regexp.MustCompile(`\b\d(?: \d)+\b`), "(rack)"},
	{regexp.MustCompile(`(your tokens are )\d\b`), "${1}(rack)"},
	{regexp.MustCompile(`\(\d on [A-Za-z]+\d+, for one\)`), "(rack)"},
}

// withoutRack is reason with the rack it tells hidden.
func withoutRack(reason string) string {
	for _, r := range rackInReason {
		reason = r.re.ReplaceAllString(reason, r.with)
	}
	return reason
}
