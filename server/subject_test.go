package server

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"pbem/engine/amplitude"
	"pbem/mailer"
)

// A subject reads as commands once its reply prefixes and tag are off,
// and only when every line reads: the server's own subjects, answered,
// read as none.
func TestSubjectCommand(t *testing.T) {
	for _, c := range []struct{ subject, want string }{
		{"#1 H8 right 34251", "#1 H8 right 34251"},
		{"Re: [#1-abc] H8 droite 34251", "H8 droite 34251"},
		{"RE: AW: pass", "pass"},
		{"Re: [#1-abc] Amplitude, move 3: H8 right 34251", ""},
		{"Re: [#1-abc] Amplitude, a new game", ""},
		{"Re: [#1-abc] H8 rihgt 34251", ""},
		{"Re:", ""},
		{"", ""},
	} {
		assert.Equal(t, c.want, subjectCommand(c.subject, amplitude.Game{}), c.subject)
	}
}

// TestMoveInTheSubjectAlone: a mail whose text is empty and whose subject
// is a move plays nothing, and its answer says that moves go in the text;
// an empty reply to a turn mail gets the status without it.
func TestMoveInTheSubjectAlone(t *testing.T) {
	g := newMailGame(t)
	email, move := g.toMove()
	to, thread := g.reply(email)
	m := strings.Replace(string(raw(email, to, "s1@x", thread, "")), "Subject: Re: [#1] Amplitude", "Subject: "+move, 1)
	require.Equal(t, mailer.Accepted, g.handle([]byte(m)))
	assert.Equal(t, 0, g.moveNumber(), "nothing played")
	mails := g.mailsTo(email)
	text := flat(mails[len(mails)-1])
	assert.Contains(t, text, "held no command")
	assert.Contains(t, text, "Its subject, "+move+", reads as a command, but commands are read in a mail's text only: write it in the text of your reply, on a line of its own.")

	g2 := newMailGame(t)
	email, _ = g2.toMove()
	to, thread = g2.reply(email)
	require.Equal(t, mailer.Accepted, g2.handle(raw(email, to, "s2@x", thread, "")))
	mails = g2.mailsTo(email)
	assert.Contains(t, mails[len(mails)-1], "held no command")
	assert.NotContains(t, mails[len(mails)-1], "Its subject")
}
