package lobby

import (
	"strconv"
	"strings"
)

// isTournamentShow reports whether a tournament command's arguments ask
// for its standings alone (tournament 12), which change nothing and need
// no proof of the sender.
func isTournamentShow(args []string) bool {
	if len(args) != 1 {
		return false
	}
	_, err := strconv.ParseInt(strings.TrimPrefix(args[0], "#"), 10, 64)
	return err == nil
}
