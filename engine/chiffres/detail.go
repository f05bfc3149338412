package chiffres

import (
	"regexp"
	"strconv"
	"strings"

	"pbem/lang"
)

// A placement's detail, how its score adds up ("across 4+3 = 7, K +10"),
// is stored in English in the state's last placement, as it always was;
// detailMsg reads it back into messages, so that the events and the board
// say it in every language, for states stored by any pbem.

// detailPart is one line's sum in a detail: "across 4+3 = 7", "down best
// five of 6: 1+2+3+4+5 +20 = 35".
var detailPart = regexp.MustCompile(`^(across|down) (?:best five of (\d+): )?(.*)$`)

// detailMsg is the message of a stored detail; a part it cannot read
// stays as it is.
func detailMsg(detail string) lang.Msg {
	if detail == "" {
		return lang.Text("")
	}
	parts := strings.Split(detail, ", ")
	out := detailPartMsg(parts[0])
	for _, part := range parts[1:] {
		out = lang.T("%s, %s", out, detailPartMsg(part))
	}
	return out
}

func detailPartMsg(part string) lang.Msg {
	if rest, ok := strings.CutPrefix(part, "malus "); ok {
		return lang.T("malus %s", rest)
	}
	m := detailPart.FindStringSubmatch(part)
	if m == nil {
		return lang.Text(part) // "K +10" reads the same in every language
	}
	n, _ := strconv.Atoi(m[2])
	switch {
	case m[1] == "across" && m[2] == "":
		return lang.T("across %s", m[3])
	case m[1] == "across":
		return lang.T("across best five of %d: %s", n, m[3])
	case m[2] == "":
		return lang.T("down %s", m[3])
	}
	return lang.T("down best five of %d: %s", n, m[3])
}
