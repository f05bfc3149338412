package server

import (
	"context"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"pbem/parser"
	"pbem/store"
)

// lastTurnTo is the last mail queued to email in game g, with its texts.
func lastTurnTo(t *testing.T, g *clockedGame, email string) (mail store.Outgoing, text, html string) {
	t.Helper()
	mails := g.allQueuedTo(email)
	require.NotEmpty(t, mails)
	mail = mails[len(mails)-1]
	texts := parser.MailTexts(mail.Raw)
	require.Len(t, texts, 2, "a text part and an HTML part")
	return mail, texts[0], texts[1]
}

// oddReply is a reply as no known client writes it: the move, then an
// attribution in a made-up language, then the mail answered, as the
// client renders quote (with or without marks, one of its parts).
func oddReply(from, to, id string, answered store.Outgoing, move, attribution, quote string) []byte {
	body := move + "\n\n" + attribution + "\n" + quote + "\n\nAnn\n"
	return raw(from, to, id, answered.MessageID, body)
}

// purgeOutbox sends and forgets every mail of the outbox, as
// server.outbox_keep does once it has passed.
func purgeOutbox(t *testing.T, g *clockedGame) {
	t.Helper()
	ctx := context.Background()
	due, err := g.st.DueMails(ctx, g.clock.Now().Add(time.Hour), 10000)
	require.NoError(t, err)
	for _, m := range due {
		require.NoError(t, g.st.MarkSent(ctx, m.ID))
	}
	g.clock.Advance(48 * time.Hour)
	_, err = g.st.PurgeOutbox(ctx, g.clock.Now(), 0)
	require.NoError(t, err)
	require.Empty(t, g.allQueuedTo("ann@example.org"))
}

// TestOwnMailQuotedAnyHow: a reply that quotes the server's mail after an
// attribution no reader knows — a made-up language, a table header — in
// the text part's form or the HTML part's, with or without quote marks,
// loses the whole quoted mail while the mail is kept, and plays exactly
// the player's move; once the mail is purged, the guide's rows it quotes
// are still never read as commands.
func TestOwnMailQuotedAnyHow(t *testing.T) {
	for _, c := range []struct {
		name        string
		attribution string
		form        func(text, html string) string
	}{
		{"made-up language, text part quoted", "Dn 2 Zxq 2026 qq 09:00, pbem <pbem@localhost> vrxlt:", func(text, _ string) string { return prefixed(text, "> ") }},
		{"made-up language, HTML part, no marks", "Dn 2 Zxq 2026 qq 09:00, pbem <pbem@localhost> vrxlt:", func(_, html string) string { return html }},
		{"table header, text part, no marks", "---- 回复的原邮件 ----\n| 发件人 | pbem <pbem@localhost> |\n| 日期 | 2026年12月2日 09:00 |",
			func(text, _ string) string { return text }},
	} {
		t.Run(c.name, func(t *testing.T) {
			g := newClockedGame(t, "amplitude", nil, "ann", "bob")
			mover, move := g.toMove()
			mail, text, html := lastTurnTo(t, g, mover)
			to, _ := g.reply(mover)
			before := g.moveNumber()
			reply := oddReply(mover, to, "kept@x", mail, move, c.attribution, c.form(text, html))
			require.Equal(t, "applied", g.outcomeOf(reply))
			assert.Equal(t, before+1, g.moveNumber(), "the player's move alone")
			m, err := parser.ReadMail(reply)
			require.NoError(t, err)
			m, err = g.srv.intake.withoutOwnQuote(context.Background(), m)
			require.NoError(t, err)
			assert.Contains(t, []string{move, move + "\nAnn"}, normalizeText(m.Text), "the whole quoted mail gone, attribution and all")

			// Once the mail is no longer kept: the general reader, and the
			// guide's rows never read as commands.
			mover, move = g.toMove()
			mail, text, html = lastTurnTo(t, g, mover)
			to, _ = g.reply(mover)
			purgeOutbox(t, g)
			before = g.moveNumber()
			got := g.outcomeOf(oddReply(mover, to, "purged@x", mail, move, c.attribution, c.form(text, html)))
			assert.LessOrEqual(t, g.moveNumber(), before+1, "no quoted example played (%s)", got)
		})
	}
}

// normalizeText is text with blank lines and runs of spaces dropped.
func normalizeText(text string) string {
	var out []string
	for _, l := range strings.Split(text, "\n") {
		if l = strings.Join(strings.Fields(l), " "); l != "" {
			out = append(out, l)
		}
	}
	return strings.Join(out, "\n")
}

// prefixed is text with each line after mark.
func prefixed(text, mark string) string {
	lines := strings.Split(text, "\n")
	for i, l := range lines {
		lines[i] = mark + l
	}
	return strings.Join(lines, "\n")
}

// outcomeOf handles raw and returns its recorded outcome.
func (g *clockedGame) outcomeOf(raw []byte) string {
	g.t.Helper()
	m, err := parser.ReadMail(raw)
	require.NoError(g.t, err)
	g.handle(raw)
	out, detail, err := g.st.InboundOutcome(context.Background(), m.MessageID)
	require.NoError(g.t, err)
	return fmt.Sprint(out) + strings.Repeat("", len(detail))
}

// TestGuideQuotedIsNeverACommand: a reply that quotes the notation guide
// and the help where nothing tells a quote (no marks, an attribution no
// reader knows, the mail answered no longer kept), each example on a line
// of its own as a web client renders the HTML part's table, plays the
// player's move alone; the player's own line that equals an example is a
// command.
func TestGuideQuotedIsNeverACommand(t *testing.T) {
	g := newClockedGame(t, "amplitude", nil, "ann", "bob")
	kind, err := g.srv.games.Lookup("amplitude")
	require.NoError(t, err)
	quote := strings.ReplaceAll(g.srv.mail.helpText(kind, "en"), "\t", "\n")
	for i, c := range []struct{ move, want string }{{"", ""}, {"pass", "pass"}} {
		mover, move := g.toMove()
		if c.move != "" {
			move = fmt.Sprintf("#%d %s", g.moveNumber()+1, c.move)
		}
		to, _ := g.reply(mover)
		body := move + "\n\nXq 2 Zxq, pbem vrxlt:\n\n" + quote + "\n"
		before := g.moveNumber()
		mail := raw(mover, to, fmt.Sprintf("guide%d@x", i), "not-kept@x", body)
		assert.Equal(t, store.Applied, g.outcomeOf(mail), body)
		assert.Equal(t, before+1, g.moveNumber(), "one move: the player's")
	}
}
