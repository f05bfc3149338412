package server

import (
	"fmt"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// replyTo answers the last mail queued to address, from it, with body
// above the quoted mail, as a phone's client writes a reply.
func (g *clockedGame) replyTo(address, id, body string) {
	g.t.Helper()
	last := g.last(address)
	quoted := "> " + strings.ReplaceAll(strings.TrimSpace(last.text), "\n", "\n> ")
	text := body + "\n\nOn Tue, 1 Dec 2026 at 09:00, pbem <games@example.org> wrote:\n" + quoted
	var extra []string
	if g.srv.cfg.AuthservID != "" {
		extra = append(extra, vouchedBy(address))
	}
	g.handle(raw(address, last.replyTo, id, last.messageID, text, extra...))
}

// TestSignupConfirmedAsPeopleReply: a reply to the sign-up's
// confirmation confirms it whatever it says — "confirm", "yes", nothing,
// a phone's footer — unless it says no.
func TestSignupConfirmedAsPeopleReply(t *testing.T) {
	for _, c := range []struct {
		body string
		yes  bool
	}{
		{"confirm", true}, {"Confirm.", true}, {"yes", true}, {"Yes please!", true}, {"", true},
		{"Sent from my iPhone", true}, {"oui", true}, {"confirmer", true},
		{"no", false}, {"No thanks.", false}, {"cancel", false}, {"non", false}, {"annuler", false},
	} {
		t.Run(fmt.Sprintf("%q", c.body), func(t *testing.T) {
			g := newOpenLobby(t)
			const ann = "ann@example.org"
			g.bare(ann, "signup Ann")
			g.replyTo(ann, "reply@x", c.body)
			_, registered, err := g.st.Registered(t.Context(), ann)
			require.NoError(t, err)
			assert.Equal(t, c.yes, registered)
			last := flat(g.last(ann).text)
			if c.yes {
				assert.Regexp(t, `You are signed up|Vous êtes inscrit`, last)
			} else {
				assert.Regexp(t, `Nothing was done|Rien n'a été fait`, last)
			}
		})
	}
}

// TestConfirmationThreadGoesOn: once a confirmation is used, a mail in its
// thread — replying to the confirmation again, or to the answer that
// followed — is an ordinary lobby mail: its command runs.
func TestConfirmationThreadGoesOn(t *testing.T) {
	g := newOpenLobby(t)
	const ann = "ann@example.org"
	g.bare(ann, "signup Ann")
	conf := g.last(ann)
	g.replyTo(ann, "yes@x", "yes")
	g.replyTo(ann, "next@x", "new amplitude with computer")
	assert.NotZero(t, g.gameOf(ann), "the next step, replied in the thread, runs")

	g.handle(raw(ann, conf.replyTo, "again@x", conf.messageID, "name Annie"))
	assert.Contains(t, stateOf(t, g.st, ann), "Annie registered:1", "a reply to the used confirmation is read as a lobby mail")
}

// TestInvitationAcceptedAmongChatter: a reply to an invitation that says
// accept above chatter and the quoted invitation takes the seat.
func TestInvitationAcceptedAmongChatter(t *testing.T) {
	for _, body := range []string{"accept", "Accept!\n\nSee you on the board, Ann.", "Hi Ann,\n\naccept\n\nBob", "Sure, I accept.", "Yes, count me in!"} {
		t.Run(fmt.Sprintf("%q", body), func(t *testing.T) {
			g := newLobby(t, "ann", "bob")
			g.lobbySend("ann@example.org", "", "", "new amplitude with bob@example.org")
			g.replyTo("bob@example.org", "accept@x", body)
			assert.Equal(t, "started", g.challengeStatus(1))
		})
	}
}

// TestLobbyHelpsTheMistaken: a mistyped command at the bare address is
// answered with what it meant and the lobby's help; a game's name
// misspelt too; a player's mail with no command gets the help.
func TestLobbyHelpsTheMistaken(t *testing.T) {
	g := newOpenLobby(t, "ann")
	g.bare("dave@example.org", "sign up Dave")
	assert.Contains(t, flat(g.last("dave@example.org").text), "Did you mean signup Dave")

	const ann = "ann@example.org"
	g.bare(ann, "help")
	g.replyTo(ann, "typo@x", "new amplitud with computer")
	assert.Contains(t, flat(g.last(ann).text), "did you mean new amplitude with computer?")
	g.replyTo(ann, "chatter@x", "Thanks, looking forward to it!")
	assert.Contains(t, flat(g.last(ann).text), "held no command this server knows")
	assert.Contains(t, g.last(ann).text, "signup NAME", "with the help")
}

// TestLobbyChoicesBeforeAnyGame: a signed-up player with no game chooses
// their language, mail and pictures at the bare address; a French
// newcomer's sign-up is answered in French and starts a French account.
func TestLobbyChoicesBeforeAnyGame(t *testing.T) {
	g := newOpenLobby(t, "ann")
	const ann = "ann@example.org"
	g.bare(ann, "games")
	g.replyTo(ann, "lang@x", "lang fr")
	assert.Equal(t, "fr", langOfAddress(t, g, ann))
	assert.Contains(t, g.last(ann).text, "Désormais")
	g.replyTo(ann, "pics@x", "pictures off")
	g.replyTo(ann, "mail@x", "mail turn")
	p, err := g.st.PlayerByAddress(t.Context(), ann)
	require.NoError(t, err)
	assert.Equal(t, "turn", p.Mail)

	const zoe = "zoe@example.org"
	g.bare(zoe, "inscription Zoé")
	conf := g.last(zoe)
	assert.Equal(t, "pbem : confirmez votre inscription", conf.subject)
	g.replyTo(zoe, "oui@x", "")
	assert.Equal(t, "fr", langOfAddress(t, g, zoe), "her account starts French")
	assert.Contains(t, g.last(zoe).text, "Vous êtes inscrit")
}

// langOfAddress is the language the player at address chose, "" for none.
func langOfAddress(t *testing.T, g *clockedGame, address string) string {
	t.Helper()
	p, err := g.st.PlayerByAddress(t.Context(), address)
	require.NoError(t, err)
	return p.Lang
}
