package amplitude

import "pbem/lang"

// forbiddenLine names the optional rule F3 that a line breaks (two pairs of
// equal digits, or three equal digits) as a sentence for the player, or is
// the zero message when it breaks none: the one test of the rule, for the
// refusal a player reads and the best-formula search (solve) alike.
func forbiddenLine(line []byte) lang.Msg {
	var count [10]int
	pairs := 0
	for _, d := range line {
		count[d]++
		if count[d] == 3 {
			return lang.T("the line holds three %ds, which the forbidden-patterns rule refuses", int(d))
		}
		if count[d] == 2 {
			pairs++
		}
	}
	if pairs >= 2 {
		return lang.T("the line holds two pairs of equal digits, which the forbidden-patterns rule refuses")
	}
	return lang.Msg{}
}
