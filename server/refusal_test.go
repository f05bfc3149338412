package server

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"pbem/mailer"
)

// TestRefusalFormat: whether the mail held one command or several, the
// refusal quotes the refused line as written, #N included, gives the
// reason as a sentence and the notation of that kind of move only, and
// ends with the status block.
func TestRefusalFormat(t *testing.T) {
	for _, c := range []struct{ name, body, line string }{
		{"alone", "#1 H8 rigth 34251", "> #1 H8 rigth 34251\n"},
		{"after a board", "board\n#1 H8 rigth 34251", "> #1 H8 rigth 34251\n"},
		{"an exchange ahead of the game", "#4 exchange 1 2", "> #4 exchange 1 2\n"},
	} {
		t.Run(c.name, func(t *testing.T) {
			g := newMailGame(t)
			email, _ := g.toMove()
			to, thread := g.reply(email)
			require.Equal(t, mailer.Rejected, g.handle(raw(email, to, "r@x", thread, c.body)))
			mails := g.mailsTo(email)
			text := mails[len(mails)-1]
			assert.Contains(t, text, "was refused:\n\n"+c.line)
			assert.NotContains(t, text, "line 2", "the line is quoted, not numbered")
			assert.Contains(t, text, "\n-- \nAmplitude, game 1 · move #1 · your turn\nYour rack: ")
			if c.name == "an exchange ahead of the game" {
				assert.Contains(t, text, "#4 is ahead of the game: it is at move 1.")
				assert.Contains(t, text, "exchange 3 5")
				assert.NotContains(t, text, "H8 right 3+4-5=2", "only the exchange's notation")
			} else {
				assert.Contains(t, text, "H8 right 3+4-5=2")
				assert.NotContains(t, text, "exchange 3 5", "only the pose's notation")
			}
		})
	}
}
