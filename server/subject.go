package server

import (
	"regexp"
	"strings"

	"pbem/engine"
	"pbem/parser"
)

// replyPrefix is what mail clients put before a subject they answer or
// forward ("Re: ", "Fwd: ", "AW: ", "TR: "...), and the server's own
// "[#12-token]" tag, as often as they come.
var replyPrefix = regexp.MustCompile(`^(?i)(?:\s*(?:re|fwd?|aw|tr|sv|wg|rif|r)\s*:|\s*\[[^\]]*\])*\s*`)

// subjectCommand is the subject of a mail, its reply prefixes and tag
// taken off, when it reads as commands of game g that the mail's text
// did not write: the server reads commands in the text alone, and a
// player who wrote their move as the subject of an empty mail is told
// so. It is "" when the subject reads as none.
func subjectCommand(subject string, g engine.Game) string {
	s := strings.TrimSpace(replyPrefix.ReplaceAllString(subject, ""))
	if s == "" {
		return ""
	}
	cmds, err := parser.Commands(s, g)
	if err != nil || len(cmds) == 0 {
		return ""
	}
	for _, c := range cmds {
		if c.Err != nil {
			return ""
		}
	}
	return s
}
