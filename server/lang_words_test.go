package server

import (
	"pbem/server/core"

	"context"
	"fmt"
	"html"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"pbem/engine"
	"pbem/lang"
	"pbem/parser"
	"pbem/store"
)

// TestFrenchMailsNameFrenchCommands plays, on a server whose language is
// French, everything a French player meets by mail: signing up, the
// lobby's help and lists, a challenge declined, one accepted, one that
// expires, a game with a clock (turns, refusals, a move numbered ahead of
// the game, the status, the board, the help, the standings, the history,
// a try, chat, a vacation and the return, reminders and a timeout, the
// refusals' hourly cap, a move written in the subject alone, a mail from
// a second address), a daily digest, and the ends of the games. Then every
// mail sent, text and HTML parts, is read as a French reader reads it
// (frenchSlips): it names no English command word, elides "de" before a
// game's name, greets its reader by name and tells them what they did in
// the second person, shows no empty rack line; and the mails that show
// how to do something show it in the reader's own game and say what the
// English said (a move ahead, the last refusal of the hour, a move in the
// subject, a second address).
func TestFrenchMailsNameFrenchCommands(t *testing.T) {
	g := newLobby(t, "ann", "bob", "claire")
	g.srv.cfg.Lang = lang.French         // the server's language: every mail is French
	g.srv.cfg.ClockStart = ClockFromMove // nothing sends the outbox here
	ctx := context.Background()
	ann, bob, claire, zoe := "ann@example.org", "bob@example.org", "claire@example.org", "zoe@example.org"
	annAtWork := "ann@work.example"

	// Zoé signs up, reads the lobby's help and lists, and plays the
	// computer at Ludicitude, with a daily digest.
	g.lobbySend(zoe, "", "", "Bonjour,\n\ninscription Zoé\n\nMerci")
	conf := g.last(zoe)
	g.lobbySend(zoe, conf.replyTo, conf.messageID, "")
	require.Equal(t, "Zoé", g.nameOf(zoe), "the reply confirms")
	g.lobbySend(zoe, "", "", "aide")
	g.lobbySend(zoe, "", "", "parties ouvertes")
	g.lobbySend(zoe, "", "", "parties")
	g.lobbySend(zoe, "", "", "nouvelle ludicitude avec ordinateur bot_nodes=1000")
	ludi := g.gameOf(zoe)
	g.lobbyReply(ludi, zoe, "courrier résumé 08:30")

	// Ann challenges Bob and Claire, and Claire declines; Ann challenges
	// Claire, who lets it expire; Ann challenges Bob, who accepts.
	g.lobbySend(ann, "", "", "nouvelle amplitude avec Bob et Claire")
	inv := g.last(claire)
	g.lobbySend(claire, inv.replyTo, inv.messageID, "refuser")
	g.lobbySend(ann, "", "", "nouvelle chiffres avec Claire")
	g.lobbySend(ann, "", "", "nouvelle amplitude avec Bob")
	inv = g.last(bob)
	g.lobbySend(bob, inv.replyTo, inv.messageID, "accepter")
	g.lobbySend(ann, "", "", "parties")
	g.lobbySend(ann, "", "", fmt.Sprintf("plateau %d", g.gameOf(bob)))

	// Their game with a clock, on a seed that empties a rack at the end:
	// every command, refused lines, and what the clock does.
	id, err := g.srv.Create(ctx, core.NewGame{Game: "amplitude", Seed: seed(frenchSeed), Options: engine.Options{"clock": "5d"},
		Players: []core.Player{{Email: ann, Name: "Ann"}, {Email: bob, Name: "Bob"}}})
	require.NoError(t, err)
	commands := map[string][]string{
		ann: {"aide", "plateau", "historique", "classement", "dire Bonne partie !", "essayer H8 droite 123", "H8 droit 999", "#99 passer", "vacances 2j"},
		bob: {"Merci pour la partie", "aide", "courrier tour"},
	}
	strayed, inSubject := false, ""
	for moves := 0; ; moves++ {
		require.Less(t, moves, 400)
		email, text, ok := nextMove(t, g.srv, id)
		if !ok {
			break
		}
		text = inFrench(text)
		if cs := commands[email]; len(cs) > 0 {
			g.lobbyReply(id, email, cs[0])
			commands[email] = cs[1:]
			if strings.HasPrefix(cs[0], "vacances") {
				g.deadlines(24 * time.Hour)
				g.lobbyReply(id, email, "retour")
			}
		}
		switch {
		case moves == 6:
			// The clock: reminders at half time and on the last day, then
			// the timeout.
			g.deadlines(60 * time.Hour)
			g.deadlines(36 * time.Hour)
			g.deadlines(24 * time.Hour)
			continue
		case moves >= 8 && email == ann && !strayed:
			// Ann writes her move in the subject alone, then from her
			// address at work, then a mistyped move again and again.
			strayed = true
			g.subjectOnly(id, email, text)
			to, irt := g.replyIn(id, email)
			g.lobbySend(annAtWork, to, irt, text)
			for range DefaultAnswersPerHour + 1 {
				g.lobbyReply(id, email, "H8 droit 999")
			}
			g.clock.Advance(time.Hour) // the refusals are answered again
			guard, _, _ := strings.Cut(text, " ")
			inSubject = "Son objet, " + guard + " "
		}
		require.Equal(t, store.Applied, g.outcome(g.lobbyReply(id, email, text)), "move %q of %s", text, email)
	}
	require.Empty(t, commands[ann], "every command was sent")
	row, err := g.st.Game(ctx, id)
	require.NoError(t, err)
	require.Equal(t, store.StatusFinished, row.Status, "the game is played to its end")
	g.lobbyReply(id, ann, "classement")

	// The challenge to Claire expires; Zoé's digest comes, she answers it
	// with a move, then resigns her game.
	g.deadlines(8 * 24 * time.Hour)
	digest := g.last(zoe)
	require.Contains(t, digest.subject, "pbem : à vous de jouer dans Ludicitude")
	_, move, ok := nextMove(t, g.srv, ludi)
	require.True(t, ok)
	g.lobbySend(zoe, digest.replyTo, digest.messageID, fmt.Sprintf("partie %d : %s", ludi, move))
	require.Equal(t, 2, g.movesOf(ludi), "her move and the computer's")
	g.lobbyReply(ludi, zoe, "abandonner")
	row, err = g.st.Game(ctx, ludi)
	require.NoError(t, err)
	require.Equal(t, store.StatusFinished, row.Status)

	checked := 0
	said := map[string]string{}
	for _, who := range []string{ann, bob, claire, zoe, annAtWork} {
		for _, m := range g.allQueuedTo(who) {
			p := partsOf(t, m.Raw)
			subject, err := headerOfMail(t, m.Raw).Subject()
			require.NoError(t, err)
			for part, text := range map[string]string{"text": p.text, "html": htmlText(p.html)} {
				checked++
				if slips := frenchSlips(subject+"\n"+text, g.nameOf(who)); len(slips) > 0 {
					t.Errorf("the French mail %q to %s (%s part) %s:\n%s", subject, who, part, strings.Join(slips, "; "), text)
				}
			}
			said[who] += flat(p.text) + "\n"
		}
	}
	require.Greater(t, checked, 150)
	for _, c := range []struct{ who, says, why string }{
		{claire, "Vous avez décliné le défi 1", "Claire is told what she did"},
		{zoe, "Bonjour Zoé,", "greeted by her name from her sign-up on"},
		{zoe, "partie 1 : #1 c1-c3", "her digest shows a move of her own game"},
		{ann, "#99 est en avance sur la partie : elle en est au coup", "a move numbered ahead of the game"},
		{ann, "C'est la dernière réponse à un mail refusé que permet cette heure", "the last refusal of the hour"},
		{ann, inSubject, "a move in the subject alone"},
		{annAtWork, "écrivez alias ann@work.example à pbem@localhost depuis l'adresse d'où vous jouez", "a second address"},
		{ann, "joué hors-délai", "the timeout, in French"},
		{bob, "Ordinateur", "Bob sees no computer; Zoé does"},
	} {
		if c.who == bob {
			assert.NotContains(t, said[c.who], c.says, c.why)
			assert.Contains(t, said[zoe], "Ordinateur", c.why)
			continue
		}
		assert.Contains(t, said[c.who], c.says, c.why)
	}
	assert.NotContains(t, said[zoe], "H8", "no example of Amplitude's to a player of Ludicitude alone")
}

// frenchSeed is the seed of the French game: a rack is empty at its end.
const frenchSeed = 9

// nameOf is the name of the player at address, "" for none.
func (g *clockedGame) nameOf(address string) string {
	g.t.Helper()
	p, err := g.st.PlayerByAddress(context.Background(), address)
	if err != nil {
		return ""
	}
	return p.Name
}

// subjectOnly sends, from email, a reply to game id's last mail whose
// text is empty and whose Subject is move.
func (g *clockedGame) subjectOnly(id int64, email, move string) {
	g.t.Helper()
	to, irt := g.replyIn(id, email)
	lobbyMails++
	m := strings.Replace(string(raw(email, to, fmt.Sprintf("subject-%d@example.org", lobbyMails), irt, "", vouchedBy(email))),
		"Subject: Re: [#1] Amplitude", "Subject: "+move, 1)
	g.handle([]byte(m))
}

// englishOnly are the English words of the commands and moves that are no
// French words: a French mail names the French command instead. They are
// the parser's verbs and lobby keywords, the shared moves' notations, the
// games' own move words and the timeout's, but for those a French mail
// uses as they are: mail (a French word), stop and alias (French words,
// the commands' own in French), rekey (no French twin: read in both).
var englishOnly = func() map[string]bool {
	words := []string{
		parser.Board, parser.History, parser.Help, parser.Say, parser.Try, parser.Standings,
		parser.Vacation, parser.Back, parser.Pictures, parser.Watch, parser.Unwatch, parser.Lang,
		parser.Signup, parser.Confirm, parser.Rename, parser.Signoff, parser.New, parser.Accept,
		parser.Refuse, parser.Join, parser.Games, parser.Lobby, "unsubscribe", "language", "game",
		"with", "open", "computer", "resign", "keep", "every", "turn", "digest",
		engine.TimeoutWord, "forfeit", "exchange", "swap", "drop", "right", "down", "across",
	}
	for w := engine.WordPass; w <= engine.WordDecline; w++ {
		words = append(words, w.Notation(false))
	}
	out := map[string]bool{}
	for _, w := range words {
		out[w] = true
	}
	return out
}()

// notWords are what a French mail writes in English on purpose: mail
// addresses, KEY=VALUE options, and the sentences that tell a French
// reader that the English words are read too.
var notWords = regexp.MustCompile(`\S+@\S+|\S+=\S*|Les mots anglais sont compris aussi :[\pL, ]*\.\.\.|Les commandes se lisent dans les deux langues[^.]*`)

// wordsOf finds the words of a text.
var wordsOf = regexp.MustCompile(`[\pL'’-]+`)

// gameAfterDe finds "de" before a game's name that opens with a vowel.
var gameAfterDe = regexp.MustCompile(`\b[Dd]e (Amplitude|Ludicitude)\b`)

// emptyRack finds a rack line that shows no rack.
var emptyRack = regexp.MustCompile(`(?m)^\s*Votre chevalet :\s*$`)

// frenchSlips lists what is wrong in a French mail's text to the player
// named reader.
func frenchSlips(text, reader string) []string {
	var out []string
	for _, w := range wordsOf.FindAllString(notWords.ReplaceAllString(flat(text), " "), -1) {
		if englishOnly[strings.ToLower(w)] {
			out = append(out, fmt.Sprintf("names the English command word %q", w))
		}
	}
	if m := gameAfterDe.FindString(text); m != "" {
		out = append(out, fmt.Sprintf("writes %q, not elided", m))
	}
	if regexp.MustCompile(`Bonjour \S+@`).MatchString(text) && reader != "" {
		out = append(out, "greets "+reader+" by their address")
	}
	if reader != "" && regexp.MustCompile(`\b`+regexp.QuoteMeta(reader)+` a (décliné|accepté|refusé|joué)([^\pL]|$)`).MatchString(text) {
		out = append(out, "tells "+reader+" what they did in the third person")
	}
	if emptyRack.MatchString(text) {
		out = append(out, "shows an empty rack line")
	}
	return out
}

// htmlText is the text an HTML part shows: its tags dropped, its
// entities read.
func htmlText(h string) string {
	h = regexp.MustCompile(`(?s)<(style|head)\b.*?</(style|head)>`).ReplaceAllString(h, " ")
	return html.UnescapeString(regexp.MustCompile(`<[^>]*>`).ReplaceAllString(h, " "))
}

// TestFrenchSlips: the reading of a French mail finds each kind of slip
// and passes what is French, or English on purpose.
func TestFrenchSlips(t *testing.T) {
	for _, c := range []struct {
		text string
		want []string
	}{
		{"Bonjour Ann,\nÉcrivez classement, ou accepter 3.", nil},
		{"Écrivez standings.", []string{`names the English command word "standings"`}},
		{"Répondez par\n\n    accept\n", []string{`names the English command word "accept"`}},
		{"Les mots anglais sont compris aussi : right, down, exchange, pass... Écrivez decline 3.", []string{`names the English command word "decline"`}},
		{"Les commandes se lisent dans les deux langues, quel que soit votre choix : aide ou help, plateau ou board. Écrivez à new@example.org, options : timeout=pass.", nil},
		{"Ann vous invite à une partie de Amplitude.", []string{`writes "de Amplitude", not elided`}},
		{"Bonjour ann@example.org,", []string{"greets Ann by their address"}},
		{"Ann a décliné le défi 3.", []string{"tells Ann what they did in the third person"}},
		{"Bob a décliné le défi 3.", nil},
		{"Scores :\nVotre chevalet :\n", []string{"shows an empty rack line"}},
	} {
		assert.Equal(t, c.want, frenchSlips(c.text, "Ann"), c.text)
	}
}
