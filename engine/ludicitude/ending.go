package ludicitude

import (
	"sync"

	"pbem/lang"
)

// The ends of a game, as messages. A state stores its end as the English
// sentence (State.end, the stored "end"), as states always have; the
// sentence is made by one of these and read back into its message by
// endingMsg, so that a state stored by any pbem renders its end in every
// language.

func endNoCube(side int) lang.Msg {
	return lang.T("%s wins: %s has no cube left on the board", colour[side], colour[side^1])
}

func endPromoted(side int) lang.Msg {
	return lang.T("%s wins: every %s cube is on the board at level 3", colour[side], colourWord[side])
}

func endTimeout(side int) lang.Msg {
	return lang.T("%s wins: %s ran out of time", colour[side], colour[side^1])
}

func endResigned(side int) lang.Msg {
	return lang.T("%s wins: %s resigned", colour[side], colour[side^1])
}

var (
	endStuck    = lang.T("Draw: neither player can act")
	endRepeated = lang.T("Draw: the same position has occurred three times since the last capture")
	endQuiet    = lang.T("Draw: %d turns in a row went by without a capture", quietLimit)
	endAgreed   = lang.T("Draw by agreement")
)

// endings are every end a game can have, by its English sentence.
var endings = sync.OnceValue(func() map[string]lang.Msg {
	out := map[string]lang.Msg{}
	for _, m := range []lang.Msg{endStuck, endRepeated, endQuiet, endAgreed} {
		out[m.String()] = m
	}
	for side := range 2 {
		for _, m := range []lang.Msg{endNoCube(side), endPromoted(side), endTimeout(side), endResigned(side)} {
			out[m.String()] = m
		}
	}
	return out
})

// endingMsg is the message of a stored end; a sentence no pbem writes
// (none should be stored) stays as it is, in every language.
func endingMsg(end string) lang.Msg {
	if m, ok := endings()[end]; ok {
		return m
	}
	return lang.Text(end)
}
