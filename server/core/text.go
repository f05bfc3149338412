package core

import (
	"errors"
	"fmt"
	"strings"
	"unicode"

	"pbem/engine"
	"pbem/lang"
	"pbem/store"
)

// Names are the seats' labels in seating order, for rendering.
func Names(g store.Game) []string {
	names := make([]string, len(g.Seats))
	for i, seat := range g.Seats {
		names[i] = seat.Label()
	}
	return names
}

// Rendered is st as v sees it, twice: text for a mail's text part, and
// what the board says under its grid written for the HTML part
// (engine.View.Flow), which shows the grid its own way.
func Rendered(st engine.State, v engine.View) (text, flow string) {
	text = st.Render(v)
	v.Flow = true
	return text, st.Render(v)
}

// Count writes n with the English noun that agrees with it, "1 move",
// "2 moves": for the operator's records and logs, which are English.
func Count(n int, noun string) string {
	if n == 1 {
		return "1 " + noun
	}
	return fmt.Sprintf("%d %ss", n, noun)
}

// RefusalSentence is why as a sentence in its reader's language: a
// refusal's message, any other error's text.
func RefusalSentence(why error) lang.Msg {
	var r *engine.Refusal
	if errors.As(why, &r) {
		return lang.T("%s", sentenceMsg{r.Msg})
	}
	return lang.Text(Sentence(why.Error()))
}

// sentenceMsg is a message as a sentence: a capital first, a full stop
// last, in whatever language it is read.
type sentenceMsg struct{ m lang.Msg }

// In is the message in t, as a sentence.
func (s sentenceMsg) In(t lang.Tag) string { return Sentence(s.m.In(t)) }

// Sentence starts s with a capital letter and ends it with a full stop.
func Sentence(s string) string {
	s = strings.TrimSpace(s)
	if s == "" {
		return s
	}
	r := []rune(s)
	r[0] = unicode.ToUpper(r[0])
	if last := r[len(r)-1]; last != '.' && last != '!' {
		r = append(r, '.')
	}
	return string(r)
}
