package demo

import (
	"fmt"
	"io"
	"strings"
	"unicode/utf8"
)

// thread is the demo game's conversation as it happened: every mail the
// server sent and every reply a player wrote, each reply naming the mail
// it answers. The default output is told from it once the game is over,
// so that it knows which turns are the first and the last.
type thread struct {
	mails   []sentMail
	replies []reply
}

// sentMail is a mail the server sent, as its recipient received it.
type sentMail struct {
	to      string // the recipient's address
	from    string // the From header as written
	subject string
	text    string // the text/plain part
}

// reply is a reply a player wrote: to the mail mails[answers], under
// Message-ID id, and the words the server's answer may name its move by
// once it was played, as gist looks for them.
type reply struct {
	name, from, to, subject, body, id string
	answers                           int
	said                              []string
}

// The output's width and budgets. A newcomer's first look at pbem should
// read on one screen after another: the thread within maxLines (the
// command's few lines around it included, the whole stays within 400);
// a longer game tells its middle a move a line instead, after the first
// turn and compactTurns more told as replies and answers, within
// maxLongLines.
const (
	width        = 78
	maxLines     = 390
	maxLongLines = 520
	compactTurns = 3
)

// write tells the thread to w: the invitation the first reply answers, in
// full; the first turn in full, the player's reply (headers, move,
// signature, its quote cut to its first lines) and the server's answer;
// then each turn as the reply without its headers, its quote cut to its
// first line, and the line of the answer that tells the move; the last
// turn's answer, which tells the end, in full. When that would pass
// maxLines, the turns after the first compactTurns are told a move a
// line, the answer's line about the move, with the lines that follow it
// (what the move captured, say) as long as the whole stays within
// maxLongLines; a game of thousands of moves keeps its first and last.
func (t *thread) write(w io.Writer, name func(addr string) string) error {
	var start, middle, end strings.Builder
	n := len(t.replies)
	if n == 0 {
		for _, m := range t.mails {
			fullMail(&start, m, name)
		}
		_, err := io.WriteString(w, start.String())
		return err
	}
	fullMail(&start, t.mails[t.replies[0].answers], name)
	t.fullTurn(&start, 0, name)
	for i := 1; i < n-1; i++ {
		t.compactTurn(&middle, i, name)
	}
	if n > 1 {
		compactReply(&end, t.replies[n-1])
		fullMail(&end, t.answer(n-1), name)
	}
	if lines(start.String())+lines(middle.String())+lines(end.String()) > maxLines {
		middle.Reset()
		last := min(compactTurns, n-2) // the last turn told as a reply and an answer
		for i := 1; i <= last; i++ {
			t.compactTurn(&middle, i, name)
		}
		if last+1 < n-1 {
			middle.WriteString(rule("Then a line a move: the server's answer to each reply") + "\n")
			var told strings.Builder
			for i := last + 1; i < n-1; i++ {
				for _, l := range t.gist(i) {
					told.WriteString(l + "\n")
				}
			}
			room := maxLongLines - lines(start.String()) - lines(middle.String()) - lines(end.String())
			if lines(told.String()) > room {
				var heads []string
				for i := last + 1; i < n-1; i++ {
					heads = append(heads, t.gist(i)[0])
				}
				if len(heads) > room {
					// A game of thousands of moves: its first and last.
					head := max(room/2, 1)
					tail := max(room-head-1, 1)
					cut := len(heads) - head - tail
					heads = append(append(heads[:head:head], fmt.Sprintf("[… %d more moves: --all-mails prints every mail]", cut)), heads[len(heads)-tail:]...)
				}
				told.Reset()
				told.WriteString(strings.Join(heads, "\n") + "\n")
			}
			middle.WriteString(told.String())
		}
	}
	_, err := io.WriteString(w, start.String()+middle.String()+end.String())
	return err
}

// answer is the server's answer to reply i: the mail the next reply
// answers, or after the last reply the last mail to its writer (the one
// that tells the end), or to anyone.
func (t *thread) answer(i int) sentMail {
	if i+1 < len(t.replies) {
		return t.mails[t.replies[i+1].answers]
	}
	from := t.replies[i].from
	for j := len(t.mails) - 1; j > t.replies[i].answers; j-- {
		if strings.EqualFold(t.mails[j].to, from) {
			return t.mails[j]
		}
	}
	return t.mails[len(t.mails)-1]
}

// fullTurn tells turn i whole: the reply with its headers, its quote cut
// to its first lines, and the answer in full.
func (t *thread) fullTurn(b *strings.Builder, i int, name func(string) string) {
	r := t.replies[i]
	fmt.Fprintf(b, "%s\nFrom: %q <%s>\nTo: %s\nSubject: %s\n\n", rule(r.name+" → pbem"), r.name, r.from, r.to, r.subject)
	writeReply(b, r.body, 3)
	fullMail(b, t.answer(i), name)
}

// compactTurn tells turn i short: the reply, its quote cut to its first
// line, and the answer's line that tells the move.
func (t *thread) compactTurn(b *strings.Builder, i int, name func(string) string) {
	compactReply(b, t.replies[i])
	b.WriteString(rule("pbem → "+name(t.answer(i).to)) + "\n")
	b.WriteString(t.gist(i)[0] + "\n")
}

// compactReply tells r without its headers, its quote cut to its first
// line.
func compactReply(b *strings.Builder, r reply) {
	b.WriteString(rule(r.name+" → pbem") + "\n")
	writeReply(b, r.body, 1)
}

// fullMail writes m whole under its subject, the rule above it naming
// its recipient.
func fullMail(b *strings.Builder, m sentMail, name func(string) string) {
	fmt.Fprintf(b, "%s\nSubject: %s\n\n%s\n", rule("pbem → "+name(m.to)), m.subject, strings.TrimRight(m.text, "\n"))
}

// writeReply writes a reply's body as its player wrote it, but that its
// quote is cut after quoted lines, the cut said in brackets.
func writeReply(b *strings.Builder, body string, quoted int) {
	lines := strings.Split(strings.TrimRight(body, "\n"), "\n")
	for i, l := range lines {
		if strings.HasPrefix(l, ">") {
			if quoted == 0 {
				rest := 0
				for _, q := range lines[i:] {
					if strings.HasPrefix(q, ">") {
						rest++
					}
				}
				fmt.Fprintf(b, "[… %d more quoted lines]\n", rest)
				return
			}
			quoted--
		}
		b.WriteString(l + "\n")
	}
}

// gist is the server's answer to reply i in its own words about the move:
// the first line that names it (the move as the answer's reader sees it,
// as the player wrote it, or the player), with the indented lines after
// it, which tell what the move did ("White captures c4 by custodian…").
// It is the answer's first lines when none names it.
func (t *thread) gist(i int) []string {
	lines := strings.Split(strings.TrimRight(t.answer(i).text, "\n"), "\n")
	for _, words := range t.replies[i].said {
		if words == "" {
			continue
		}
		for j, l := range lines {
			if !strings.Contains(l, words) || strings.HasPrefix(l, "Hello") {
				continue
			}
			out := []string{l}
			for _, more := range lines[j+1:] {
				if !strings.HasPrefix(more, " ") || strings.TrimSpace(more) == "" {
					break
				}
				out = append(out, more)
			}
			return out
		}
	}
	return lines[:min(3, len(lines))]
}

// rule is a line across the output with title in it.
func rule(title string) string {
	title = "── " + title + " "
	if n := utf8.RuneCountInString(title); n > width-2 {
		title = string([]rune(title)[:width-3]) + "… "
	}
	return title + strings.Repeat("─", max(2, width-utf8.RuneCountInString(title)))
}

// lines counts the lines of s.
func lines(s string) int { return strings.Count(s, "\n") }
