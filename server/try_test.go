package server

import (
	"pbem/server/core"

	"bytes"
	"context"
	"fmt"
	"strings"
	"testing"

	"github.com/emersion/go-message/mail"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"pbem/engine"
	"pbem/mailer"
	"pbem/store"
)

// wholeGame is every stored row of the game, its moves with their states
// included, to show that a mail changed none of it, byte for byte.
func wholeGame(t *testing.T, g *mailGame) string {
	row, err := g.st.Game(context.Background(), g.id)
	require.NoError(t, err)
	moves, err := g.st.Moves(context.Background(), g.id)
	require.NoError(t, err)
	return fmt.Sprintf("%+v\n%+v", row, moves)
}

// TestMailTry: "try MOVE" answers the sender alone with the board as the
// move would leave it, its score and canonical notation, or why the
// engine would refuse it, and changes nothing of the game; a try that
// does not read refuses the mail as a mistyped move does.
func TestMailTry(t *testing.T) {
	g := newMailGame(t)
	email, guarded := g.toMove()
	move := strings.TrimPrefix(guarded, "#1 ")
	snap, err := g.srv.Snapshot(context.Background(), g.id, -1)
	require.NoError(t, err)
	seat := snap.State.ToMove()
	m, err := snap.Kind.Parse(move)
	require.NoError(t, err)
	after, out, err := snap.State.Apply(seat, m)
	require.NoError(t, err)
	board := after.Render(engine.View{Seat: -1, Names: core.Names(snap.Game), Before: snap.State})
	require.Contains(t, board, "[", "the would-be board brackets the new tokens")
	_, _, illegal := snap.State.Apply(seat, mustParse(t, snap.Kind, "H8 right 987"))
	require.True(t, engine.IsRefusal(illegal))

	cases := []struct {
		name, from, body, subject string
		verdict                   mailer.Verdict
		want, not                 []string
	}{
		{"a legal try", email, "try " + move, "trying " + m.String(), mailer.Accepted, []string{
			"Trying " + m.String() + " of Amplitude, game 1, as you asked:",
			board,
			fmt.Sprintf("%s would score %d points.", out.Move, out.Score),
			"Nothing was played: this was only a try. To play it, reply with this line:\n\n  #1 " + out.Move + "\n",
			"Your tokens after it are not shown",
			"\n-- \nAmplitude, game 1 · move #1 · your turn\nYour rack: " + spaced(snap.State.(engine.Inspector).Hand(seat)) + "\n",
		}, []string{"Your rack: " + spaced(after.(engine.Inspector).Hand(seat))}},
		{"a legal try with its guard", email, "#1 try " + move, "trying " + m.String(), mailer.Accepted, []string{board}, nil},
		{"an illegal try", email, "#1 try H8 right 987", "trying H8 right 987", mailer.Accepted, []string{
			"Trying H8 right 987 of Amplitude",
			"You could not play H8 right 987: " + illegal.Error() + ".",
			"Nothing was played: the game is as it was.",
		}, []string{"is to play move"}},
		{"a try out of turn", other(email), "try " + move, "trying " + m.String(), mailer.Accepted, []string{
			"You could not play " + m.String() + ": it is not your turn.",
			core.Names(snap.Game)[seat] + " is to play move #1; try it again once it is your turn",
		}, nil},
		{"a mistyped try", email, "try H8 rigth 34251", "your command was refused", mailer.Rejected, []string{
			"was refused:\n\n> try H8 rigth 34251\n", "H8 right 3+4-5=2",
		}, []string{"exchange 3 5", "Trying"}},
		{"a try of nothing", email, "try", "your command was refused", mailer.Rejected, []string{"Try what? Write try, then a move"}, nil},
	}
	for i, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			before, queued := wholeGame(t, g), g.queued()
			to, thread := g.reply(c.from)
			require.Equal(t, c.verdict, g.handle(raw(c.from, to, fmt.Sprintf("try%d@x", i), thread, c.body)))
			assert.Equal(t, before, wholeGame(t, g), "the game's rows are byte for byte the same")
			require.Equal(t, queued+1, g.queued(), "one mail")
			mails := g.mailsTo(c.from)
			text := mails[len(mails)-1]
			for _, w := range c.want {
				assert.Contains(t, text, w)
			}
			for _, w := range c.not {
				assert.NotContains(t, text, w)
			}
			assert.True(t, strings.HasSuffix(lastSubject(t, g, c.from), "Amplitude, "+c.subject), lastSubject(t, g, c.from))
		})
	}
}

// TestMailTryAndMove: commands run in order, so a try before the move in
// the same mail tries it on the board the player saw, and a try after it
// on the game as the move left it: the other player's turn.
func TestMailTryAndMove(t *testing.T) {
	g := newMailGame(t)
	email, guarded := g.toMove()
	move := strings.TrimPrefix(guarded, "#1 ")
	to, thread := g.reply(email)
	require.Equal(t, mailer.Accepted, g.handle(raw(email, to, "tm@x", thread, "try "+move+"\n"+guarded+"\ntry "+move)))
	assert.Equal(t, 1, g.moveNumber(), "the move is played")
	moves, err := g.st.Moves(context.Background(), g.id)
	require.NoError(t, err)
	require.Len(t, moves, 1, "and the tries add none")
	var tries []string
	for _, text := range g.mailsTo(email) {
		if strings.Contains(text, "as you asked:") {
			tries = append(tries, text)
		}
	}
	require.Len(t, tries, 2)
	assert.Contains(t, tries[0], "would score")
	assert.Contains(t, tries[0], "reply with this line:\n\n  #1 "+moves[0].Notation)
	assert.Contains(t, tries[1], "You could not play "+move+": it is not your turn.")
	assert.Contains(t, tries[1], "is to play move #2")
	assert.Contains(t, tries[1], "\n-- \nAmplitude, game 1 · move #2 · ")
}

// TestMailTryAfterTheEnd: once the game is over, a try says so.
func TestMailTryAfterTheEnd(t *testing.T) {
	g := newMailGame(t)
	email, guarded := g.toMove()
	to, thread := g.reply(email)
	require.NoError(t, g.srv.Abort(context.Background(), g.id))
	before := wholeGame(t, g)
	require.Equal(t, mailer.Accepted, g.handle(raw(email, to, "late@x", thread, "try "+strings.TrimPrefix(guarded, "#1 "))))
	assert.Equal(t, store.Applied, g.outcome("late@x"))
	assert.Equal(t, before, wholeGame(t, g))
	mails := g.mailsTo(email)
	assert.Contains(t, mails[len(mails)-1], "Game 1 is aborted: it takes no more moves, so there is nothing to try.")
}

func mustParse(t *testing.T, g engine.Game, text string) engine.Move {
	m, err := g.Parse(text)
	require.NoError(t, err)
	return m
}

// lastSubject is the decoded subject of the last mail queued for email.
func lastSubject(t *testing.T, g *mailGame, email string) string {
	mails, err := g.st.PendingMails(context.Background(), g.id)
	require.NoError(t, err)
	for i := len(mails) - 1; i >= 0; i-- {
		if mails[i].Recipient == email {
			r, err := mail.CreateReader(bytes.NewReader(mails[i].Raw))
			require.NoError(t, err)
			subject, err := r.Header.Subject()
			require.NoError(t, err)
			return subject
		}
	}
	t.Fatalf("no mail to %s", email)
	return ""
}
