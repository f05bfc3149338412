package parser

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
)

// sentTurn is the text of a turn mail the server sent, as a reply quotes
// it.
const sentTurn = `Hello Ann,

Amplitude, game 12:

Move 7: Bob played H8 down 34251 4=3+(2-5)+1, 15 points.

    A  B  C  D  E  F  G  H
 7  .  .  .  .  .  .  .  .
 8  .  .  .  .  .  .  .  3

Scores:
  Ann      40
  Bob      55  (to play)

It is your turn: move #8.

Reply to this mail with your move on a line of its own, starting with
#8, the number of the move it is meant for. How to write a move:

    H8 right 3+4-5=2     a pose and your formula; the square is the line's
                         first (left or top) square
    H8 down 34251        a pose; the server finds the best formula
    pass                 do nothing this turn

-- 
Amplitude, game 12 · move #8 · your turn
Your rack: 1 3 6 8 8`

func quoted(text, mark string) string {
	var b strings.Builder
	for _, l := range strings.Split(text, "\n") {
		b.WriteString(strings.TrimRight(mark+l, " ") + "\n")
	}
	return b.String()
}

// rewrapped is text with its paragraphs joined and wrapped again at width.
func rewrapped(text string, width int) string {
	var out []string
	line := ""
	for _, w := range strings.Fields(text) {
		if len(line)+1+len(w) > width && line != "" {
			out = append(out, line)
			line = ""
		}
		if line != "" {
			line += " "
		}
		line += w
	}
	return strings.Join(append(out, line), "\n")
}

// TestStripQuoted: the server's own mail, quoted however a client quotes
// it after whatever attribution, goes; the player's lines stay.
func TestStripQuoted(t *testing.T) {
	for _, c := range []struct {
		name, body, want string
	}{
		{"top-posted, known attribution", "#8 H8 right 168\n\nOn Tue, 1 Dec 2026 at 09:00, pbem <pbem@x.org> wrote:\n" + quoted(sentTurn, "> "),
			"#8 H8 right 168\n"},
		{"a made-up language, re-wrapped, no quote marks", "#8 pass\n\nDn 1 zxq 2026 qq pbem <pbem@x.org> vrxl:\n\n" + rewrapped(sentTurn, 60),
			"#8 pass\n"},
		{"a table header", "#8 pass\n\n---- 回复的原邮件 ----\n| 发件人 | pbem<pbem@x.org> |\n| 日期 | 2026年12月1日 09:00 |\n| 主题 | [#12] Amplitude |\n" + quoted(sentTurn, ""),
			"#8 pass\n"},
		{"bottom-posted", "On 1 Dec 2026, pbem <pbem@x.org> wrote:\n" + quoted(sentTurn, "> ") + "\n#8 H8 right 168\n\nAnn",
			"\n#8 H8 right 168\n\nAnn"},
		{"interleaved", quoted(sentTurn[:strings.Index(sentTurn, "Scores:")], "> ") + "\nNice move, Bob!\n\n" + quoted(sentTurn[strings.Index(sentTurn, "Scores:"):], "> ") + "\n#8 pass",
			"\nNice move, Bob!\n\n\n#8 pass"},
		{"the player's own line that is a guide example", "H8 down 34251\n\nThanks!", "H8 down 34251\n\nThanks!"},
		{"a player's colon line is kept", "#8 pass\n\nSee below:\n" + quoted(sentTurn, "> "), "#8 pass\n\nSee below:"},
	} {
		t.Run(c.name, func(t *testing.T) {
			got, removed := StripQuoted(c.body, sentTurn)
			assert.Equal(t, normalizeSpace(c.want), normalizeSpace(got))
			assert.Equal(t, normalizeSpace(c.want) != normalizeSpace(c.body), removed)
		})
	}
	got, removed := StripQuoted("#8 pass\n\nThanks,\nAnn", sentTurn)
	assert.False(t, removed)
	assert.Equal(t, "#8 pass\n\nThanks,\nAnn", got)
}
