package server

import (
	"pbem/server/lobby"

	"pbem/server/clock"

	"pbem/server/core"

	"bytes"
	"context"
	"fmt"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/emersion/go-message/mail"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"pbem/engine"
	"pbem/lang"
	"pbem/mailer"
	"pbem/parser"
	"pbem/store"
	"pbem/templates"
)

// sent is one mail of the outbox as its reader gets it.
type sent struct{ subject, text string }

// mailsOf are the mails of game id queued for email, in order.
func mailsOf(t *testing.T, st *store.Store, id int64, email string) []sent {
	t.Helper()
	all, err := st.PendingMails(context.Background(), id)
	require.NoError(t, err)
	var out []sent
	for _, m := range all {
		if m.Recipient != email {
			continue
		}
		r, err := mail.CreateReader(bytes.NewReader(m.Raw))
		require.NoError(t, err)
		subject, err := r.Header.Subject()
		require.NoError(t, err)
		out = append(out, sent{subject: subject, text: textOf(t, m.Raw)})
	}
	return out
}

// annInFrench makes Ann and Bob players, by a first game, and sets Ann's
// language to French.
func annInFrench(t *testing.T, srv *Server, st *store.Store) {
	t.Helper()
	ctx := context.Background()
	_, err := srv.Create(ctx, twoPlayers(21))
	require.NoError(t, err)
	ann, err := st.PlayerID(ctx, "ann@example.org")
	require.NoError(t, err)
	require.NoError(t, st.SetPlayerLang(ctx, store.LangChange{PlayerID: ann, Lang: "fr"}))
}

// TestMailsInEachPlayersLanguage: in one game, the player who chose
// French gets every mail in French (invitation, turn, refusal, help) while
// their opponent, who chose nothing, gets them in English. Only the
// server's and the templates' own sentences are checked: the engines'
// French is another package's.
func TestMailsInEachPlayersLanguage(t *testing.T) {
	ctx := context.Background()
	srv, st := newTestServer(t)
	annInFrench(t, srv, st)
	id, err := srv.Create(ctx, twoPlayers(21))
	require.NoError(t, err)
	g := &mailGame{t: t, srv: srv, st: st, id: id}

	invite := map[string]sent{"ann@example.org": mailsOf(t, st, id, "ann@example.org")[0], "bob@example.org": mailsOf(t, st, id, "bob@example.org")[0]}
	assert.Contains(t, invite["ann@example.org"].subject, "une nouvelle partie")
	assert.Contains(t, invite["ann@example.org"].text, "Bonjour Ann,")
	assert.Contains(t, invite["ann@example.org"].text, fmt.Sprintf("Vous êtes invité à jouer à Amplitude par mail : partie %d.", id))
	assert.Contains(t, invite["ann@example.org"].text, "Les règles en bref :")
	assert.NotContains(t, invite["ann@example.org"].text, "Hello")
	assert.Contains(t, invite["bob@example.org"].subject, "a new game")
	assert.Contains(t, invite["bob@example.org"].text, fmt.Sprintf("You are invited to play Amplitude by email: game %d.", id))
	assert.NotContains(t, invite["bob@example.org"].text, "Bonjour")

	// A move: both are told, each in their language.
	email, move := g.toMove()
	to, thread := g.reply(email)
	require.Equal(t, mailer.Accepted, g.handle(raw(email, to, "m1@x", thread, move)))
	annTurn, bobTurn := last(mailsOf(t, st, id, "ann@example.org")), last(mailsOf(t, st, id, "bob@example.org"))
	assert.Contains(t, annTurn.text, fmt.Sprintf("Amplitude, partie %d :", id))
	assert.Contains(t, annTurn.text, "Coup 1 : ")
	assert.Contains(t, annTurn.text, "Répondre à pbem+")
	assert.Contains(t, annTurn.subject, "coup 1 : ")
	assert.Contains(t, bobTurn.text, fmt.Sprintf("Amplitude, game %d:", id))
	assert.Contains(t, bobTurn.text, "Move 1: ")
	assert.Contains(t, bobTurn.text, "Reply to pbem+")
	assert.Contains(t, bobTurn.subject, "move 1: ")

	// A move number ahead of the game: refused in the server's words, in
	// French.
	to, thread = g.reply("ann@example.org")
	require.Equal(t, mailer.Rejected, g.handle(raw("ann@example.org", to, "r1@x", thread, "#99 pass")))
	refusal := last(mailsOf(t, st, id, "ann@example.org"))
	assert.Contains(t, refusal.subject, "votre commande a été refusée")
	assert.Contains(t, words(refusal.text), fmt.Sprintf("Cette ligne de votre mail sur Amplitude, partie %d, a été refusée :", id))
	assert.Contains(t, refusal.text, "#99 est en avance sur la partie : elle en est au coup 2.")
	assert.Contains(t, refusal.text, "Rien n'a changé dans la partie.")
	to, thread = g.reply("bob@example.org")
	require.Equal(t, mailer.Rejected, g.handle(raw("bob@example.org", to, "r2@x", thread, "#99 pass")))
	refusal = last(mailsOf(t, st, id, "bob@example.org"))
	assert.Contains(t, refusal.subject, "your command was refused")
	assert.Contains(t, refusal.text, "#99 is ahead of the game: it is at move 2.")

	// Help: the shared commands in French for her, in English for him.
	for _, c := range []struct{ email, want, not string }{
		{"ann@example.org", "Aussi :\n  plateau        le plateau tel qu'il est maintenant", "Also:"},
		{"bob@example.org", "Also:\n  board         the board as it is now", "Aussi :"},
	} {
		to, thread := g.reply(c.email)
		require.Equal(t, mailer.Accepted, g.handle(raw(c.email, to, "h-"+c.email, thread, "help")))
		help := last(mailsOf(t, st, id, c.email))
		assert.Contains(t, help.text, c.want, c.email)
		assert.NotContains(t, help.text, c.not, c.email)
	}
	help := last(mailsOf(t, st, id, "ann@example.org"))
	assert.Contains(t, help.subject, ", aide")
	assert.Contains(t, help.text, fmt.Sprintf("Aide : Amplitude, partie %d, comme vous l'avez demandé :", id))
	assert.Contains(t, help.text, "Coups :")
}

// words is text on one line, its runs of blanks one space: a sentence
// whatever the wrapping.
func words(text string) string { return strings.Join(strings.Fields(text), " ") }

// last is the last of mails.
func last(mails []sent) sent { return mails[len(mails)-1] }

// TestWhenIn: times are written in the reader's language, in UTC.
func TestWhenIn(t *testing.T) {
	at := time.Date(2026, 12, 3, 12, 0, 0, 0, time.FixedZone("CET", 3600))
	for _, c := range []struct {
		tag  lang.Tag
		want string
	}{
		{lang.English, "Thu 3 Dec 2026 11:00 UTC"},
		{lang.French, "jeu. 3 déc. 2026 11:00 UTC"},
	} {
		assert.Equal(t, c.want, core.WhenIn(at, c.tag), c.tag)
		assert.Equal(t, c.want, core.WhenMsg(at).In(c.tag), c.tag)
	}
}

// TestServerSentencesInFrench: the server's own words around what the
// engines say, rendered for a French reader.
func TestServerSentencesInFrench(t *testing.T) {
	for _, c := range []struct {
		msg  lang.Msg
		want string
	}{
		{clock.Span(50 * time.Hour), "2 jours 2 heures"},
		{clock.Span(time.Hour), "1 heure"},
		{clock.Span(time.Minute), "moins d'une heure"},
		{store.StatusWord(store.StatusFinished), "finie"},
		{core.RefusalSentence(fmt.Errorf("reading: %w", engine.Refuse("#%d is stale: the game is at move %d now", 3, 5))), "#3 est dépassé : la partie en est au coup 5."},
		{core.ListOf([]string{"Ann", "Bob", "Chloé"}), "Ann, Bob et Chloé"},
	} {
		assert.Equal(t, c.want, c.msg.In(lang.French))
	}
}

// TestClockMailsInFrench: a French player's invitation to a game with a
// clock says its clock in French, and their reminder says when their
// time runs out in French words and dates.
func TestClockMailsInFrench(t *testing.T) {
	ctx := context.Background()
	srv, st := newTestServer(t)
	srv.cfg.ClockStart = ClockFromMove // nothing sends the outbox here
	_, err := srv.Create(ctx, twoPlayers(21))
	require.NoError(t, err)
	ann, err := st.PlayerID(ctx, "ann@example.org")
	require.NoError(t, err)
	require.NoError(t, st.SetPlayerLang(ctx, store.LangChange{PlayerID: ann, Lang: "fr"}))
	ng := twoPlayers(21)
	ng.Options = map[string]string{"clock": "72h"}
	id, err := srv.Create(ctx, ng)
	require.NoError(t, err)
	invitation := mailsOf(t, st, id, "ann@example.org")[0].text
	assert.Contains(t, words(invitation), "Chaque joueur a 3 jours par coup, avec un rappel à mi-temps et le dernier jour ; puis le tour passe.")
	assert.Contains(t, words(mailsOf(t, st, id, "bob@example.org")[0].text), "Each player has 3 days for a move")

	l, err := srv.load(ctx, id)
	require.NoError(t, err)
	seat := core.SeatOfPlayer(l.row, ann)
	require.Equal(t, seat, l.state.ToMove(), "seed 21 gives Ann the first move")
	done, err := srv.Deadlines(ctx, l.row.Clock.Deadline.Add(-26*time.Hour)) // past half time: a reminder
	require.NoError(t, err)
	require.Equal(t, 1, done.Games)
	mails := mailsOf(t, st, id, "ann@example.org")
	text := words(mails[len(mails)-1].text)
	assert.Contains(t, text, fmt.Sprintf("C'est à vous de jouer dans Amplitude, partie %d : coup #1. Votre temps s'épuise le %s, dans 1 jour 2 heures.", id, core.WhenIn(l.row.Clock.Deadline, lang.French)))
	assert.Contains(t, text, "Ensuite, le tour passe au joueur suivant.")
	assert.Regexp(t, `Votre temps s'épuise le (lun|mar|mer|jeu|ven|sam|dim)\. `, text, "the status block's deadline in French too")
}

// TestLobbyHelpInFrench: the lobby's help, laid out by the notice, keeps
// its table within a mail's width in French too, every command named by
// its French word.
func TestLobbyHelpInFrench(t *testing.T) {
	fr := lobby.Help("games@example.org").In(lang.French)
	assert.Contains(t, fr, "Écrivez à games@example.org, une commande par ligne :")
	set, err := templates.Load("")
	require.NoError(t, err)
	text, _, err := set.Render("notice", lang.French, templates.Notice{Player: "Zoé", Text: fr}, nil)
	require.NoError(t, err)
	assert.Contains(t, text, "\n  nouvelle JEU avec ordinateur  une partie contre l'ordinateur")
	for _, line := range strings.Split(text, "\n") {
		assert.LessOrEqual(t, len([]rune(line)), 78, line)
	}
	// The same commands, each named in French by a word the lobby reads
	// as the English one.
	entry := regexp.MustCompile(`(?m)^(\pL[^\n\t]*)\t`)
	verbs := func(text string) []string {
		var out []string
		for _, m := range entry.FindAllStringSubmatch(text, -1) {
			if cmds := parser.LobbyCommands(m[1]); len(cmds) == 1 {
				out = append(out, cmds[0].Verb)
				continue
			}
			choices := parser.AccountCommands(m[1])
			require.Len(t, choices, 1, m[1])
			require.NoError(t, choices[0].Err, m[1])
			out = append(out, choices[0].Verb)
		}
		return out
	}
	assert.Equal(t, verbs(lobby.Help("x").String()), verbs(lobby.Help("x").In(lang.French)))
	assert.NotContains(t, lobby.Help("x").In(lang.French), "signup", "the French help names the French commands")
}

// TestLobbyAndChallengeInEachLanguage: the lobby answers a French player
// in French, and a challenge's mails go to each seat in its player's
// language: the French creator's confirmation, the English invitee's
// invitation.
func TestLobbyAndChallengeInEachLanguage(t *testing.T) {
	g := newLobby(t, "ann", "bob")
	ctx := context.Background()
	ann, err := g.st.PlayerID(ctx, "ann@example.org")
	require.NoError(t, err)
	require.NoError(t, g.st.SetPlayerLang(ctx, store.LangChange{PlayerID: ann, Lang: "fr"}))

	g.lobbySend("ann@example.org", "", "", "games")
	games := g.last("ann@example.org")
	assert.Contains(t, games.subject, "pbem : vos parties")
	assert.Contains(t, words(games.text), "Vous n'avez aucune partie ici pour l'instant.")

	g.lobbySend("ann@example.org", "", "", "new amplitude with bob@example.org")
	confirm, invite := g.last("ann@example.org"), g.last("bob@example.org")
	assert.Contains(t, confirm.subject, "pbem : défi 1, Amplitude")
	assert.Contains(t, words(confirm.text), "Défi 1 : Amplitude, places : Ann, Bob ; options : aucune. Les autres sont invités par mail")
	assert.Contains(t, invite.subject, "pbem: Ann invites you to Amplitude (challenge 1)")
	assert.Contains(t, words(invite.text), "Ann invites you to a game of Amplitude (challenge 1)")

	g.lobbySend("bob@example.org", "", "", "decline 1")
	declined := g.last("ann@example.org")
	assert.Contains(t, declined.subject, "pbem : défi 1 décliné")
	assert.Contains(t, words(declined.text), "Bob a décliné le défi 1 (Amplitude, places : Ann, Bob) : la partie ne commencera pas.")
	assert.Contains(t, words(g.last("bob@example.org").text), "You declined challenge 1")

	g.lobbySend("ann@example.org", "", "", "new amplitude open 1")
	assert.Contains(t, words(g.last("ann@example.org").text), "Amplitude, places : Ann, une place libre ; options : aucune.")

	g.lobbySend("ann@example.org", "", "", "join 99")
	assert.Contains(t, words(g.last("ann@example.org").text), "Il n'y a pas de défi 99 qui attend des joueurs", "a refusal, as a sentence, in French")
}

// TestWatchersInTheirLanguage: a watcher whose address is a French
// player's is told in French, another address in the server's default;
// a player's own choice wins over that default.
func TestWatchersInTheirLanguage(t *testing.T) {
	ctx := context.Background()
	srv, st := newTestServer(t)
	srv.cfg.ClockStart = ClockFromMove // nothing sends the outbox here
	_, err := srv.Create(ctx, twoPlayers(21))
	require.NoError(t, err)
	ann, err := st.PlayerID(ctx, "ann@example.org")
	require.NoError(t, err)
	require.NoError(t, st.SetPlayerLang(ctx, store.LangChange{PlayerID: ann, Lang: "fr"}))
	id, err := srv.Create(ctx, core.NewGame{Game: "amplitude", Players: []core.Player{{Email: "bob@example.org"}, {Email: "chloe@example.org"}}, Seed: seed(4)})
	require.NoError(t, err)
	g := &mailGame{t: t, srv: srv, st: st, id: id}
	for _, w := range []string{"ann@example.org", "dan@example.net"} {
		_, err := srv.Watchers().Watch(ctx, id, w)
		require.NoError(t, err)
	}
	told := func(address string) string {
		mails := g.allQueuedTo(address)
		require.NotEmpty(t, mails, address)
		return words(textOf(t, mails[len(mails)-1].Raw))
	}
	assert.Contains(t, told("ann@example.org"), fmt.Sprintf("Vous suivez Amplitude, partie %d : un mail arrivera après chaque coup", id))
	assert.Contains(t, told("dan@example.net"), fmt.Sprintf("You are watching Amplitude, game %d: a mail will come after every move", id))

	email, move := g.toMove()
	to, thread := g.reply(email)
	require.Equal(t, mailer.Accepted, g.handle(raw(email, to, "w1@x", thread, move)))
	assert.Contains(t, told("ann@example.org"), "Vous suivez cette partie : un mail arrive après chaque coup.")
	assert.Contains(t, told("ann@example.org"), "Bonjour Ann,", "a player watching is greeted by name")
	assert.Contains(t, told("dan@example.net"), "Hello dan@example.net,", "an address of no player's by itself")
	assert.Contains(t, told("dan@example.net"), "You are watching this game: a mail comes after every move.")

	srv.cfg.Lang = lang.French // the server's default, for an address of no player's
	assert.Equal(t, lang.French, srv.mail.langOfAddress(ctx, "dan@example.net"))
	assert.Equal(t, lang.French, srv.mail.langOfAddress(ctx, "bob@example.org"), "a player who chose none has the default")
	bob, err := st.PlayerID(ctx, "bob@example.org")
	require.NoError(t, err)
	require.NoError(t, st.SetPlayerLang(ctx, store.LangChange{PlayerID: bob, Lang: "en"}))
	assert.Equal(t, lang.English, srv.mail.langOfAddress(ctx, "bob@example.org"), "a player's choice wins over the default")
}
