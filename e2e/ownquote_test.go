package e2e

import (
	"encoding/json"
	"fmt"
	"strings"
	"testing"
	"time"
)

// oddReply is a reply no known client writes: the move, then an
// attribution the reader does not know, then the mail answered as
// quote renders its text.
func oddReply(from seat, to received, messageID, move, attribution, quote string) []byte {
	var b strings.Builder
	fmt.Fprintf(&b, "From: %s <%s>\r\nTo: %s\r\nSubject: Re: %s\r\nDate: %s\r\nMessage-ID: <%s>\r\n", from.Name, from.Email, to.ReplyTo,
		to.Subject, time.Now().UTC().Format(time.RFC1123Z), messageID)
	fmt.Fprintf(&b, "In-Reply-To: <%s>\r\nReferences: %s <%s>\r\nContent-Type: text/plain; charset=utf-8\r\n\r\n", to.MessageID, to.References, to.MessageID)
	b.WriteString(strings.ReplaceAll(move+"\n\n"+attribution+"\n"+quote+"\n", "\n", "\r\n"))
	return []byte(b.String())
}

// textRead is what pbem mail show says it read of the mail with
// messageID: the lines under "text read:".
func textRead(t *testing.T, e *env, messageID string) []string {
	t.Helper()
	var list []struct {
		ID        int64  `json:"id"`
		MessageID string `json:"message_id"`
	}
	if err := json.Unmarshal([]byte(e.pbem(t, "mail", "list", "--json")), &list); err != nil {
		t.Fatal(err)
	}
	for _, m := range list {
		if m.MessageID != messageID {
			continue
		}
		out := e.pbem(t, "mail", "show", fmt.Sprint(m.ID))
		_, text, _ := strings.Cut(out, "\ntext read:\n")
		text, _, _ = strings.Cut(text, "\n\ncommands read:")
		var lines []string
		for _, l := range strings.Split(text, "\n") {
			if l = strings.TrimSpace(strings.TrimPrefix(strings.TrimSpace(l), "|")); l != "" {
				lines = append(lines, l)
			}
		}
		return lines
	}
	t.Fatalf("no mail %s in mail list", messageID)
	return nil
}

// TestIngestOwnMailQuoted: replies to real turn mails, through pbem
// ingest, whose quote follows an attribution no reader knows (a made-up
// language; a webmail's table header, the quote without marks and
// re-wrapped) lose the whole quoted mail — the server keeps what it sent —
// and play exactly the player's move. Once the mail is no longer kept
// (server.outbox_keep passed: the outbox emptied), the same kind of reply
// falls back to the general reader, and still plays no quoted example.
func TestIngestOwnMailQuoted(t *testing.T) {
	t.Parallel()
	e := newEnv(t, nil)
	g := newTrustGame(t, e, 17, []seat{players[0], players[1]})
	forms := []struct {
		name, attribution string
		quote             func(text string) string
	}{
		{"made-up language", "Dn 2 Zxq 2026 qq 09:00, pbem <pbem@example.test> vrxlt:", func(text string) string {
			return "> " + strings.ReplaceAll(text, "\n", "\n> ")
		}},
		{"table header", "---- 回复的原邮件 ----\n| 发件人 | pbem <pbem@example.test> |\n| 日期 | 2026年12月2日 09:00 |\n| 主题 | Amplitude |",
			func(text string) string { return rewrap(text, 64) }},
	}
	for n, f := range forms {
		p := g.plays[n]
		who := g.seats[p.Seat]
		mails := queuedTo(t, e, g.id, who.Email)
		last := mails[len(mails)-1]
		move := fmt.Sprintf("#%d %s", n+1, p.Text)
		id := fmt.Sprintf("kept%d@example.test", n)
		g.expect(t, oddReply(who, last, id, move, f.attribution, f.quote(last.Text)), "processed", n+1, f.name)
		if got := textRead(t, e, id); len(got) != 1 || got[0] != move {
			t.Errorf("%s: read %q, want the move alone", f.name, got)
		}
	}

	// Once the mails are no longer kept.
	db := openDB(t, e.db)
	n := len(forms)
	p := g.plays[n]
	who := g.seats[p.Seat]
	mails := queuedTo(t, e, g.id, who.Email)
	last := mails[len(mails)-1]
	if _, err := db.Exec(`DELETE FROM outbox`); err != nil {
		t.Fatal(err)
	}
	move := fmt.Sprintf("#%d %s", n+1, p.Text)
	e.ingest(t, oddReply(who, last, "purged@example.test", move, forms[0].attribution, forms[0].quote(last.Text)))
	if got := e.show(t, g.id).MoveNumber; got > n+1 {
		t.Fatalf("after the purge, a quoted example was played: move %d", got)
	}
	if got := textRead(t, e, "purged@example.test"); len(got) == 0 || got[0] != move {
		t.Errorf("after the purge, the general reader read %q", got)
	}
}

// rewrap is text's words wrapped again at width, its paragraphs joined: a
// client that quotes without marks and reflows.
func rewrap(text string, width int) string {
	var lines []string
	line := ""
	for _, w := range strings.Fields(text) {
		if line != "" && len(line)+1+len(w) > width {
			lines = append(lines, line)
			line = ""
		}
		if line != "" {
			line += " "
		}
		line += w
	}
	return strings.Join(append(lines, line), "\n")
}
