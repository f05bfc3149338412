package server

import "fmt"

// count writes n with the English noun that agrees with it, "1 move",
// "2 moves": for the operator's records and logs, which are English.
func count(n int, noun string) string {
	if n == 1 {
		return "1 " + noun
	}
	return fmt.Sprintf("%d %ss", n, noun)
}
