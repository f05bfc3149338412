package demo

import (
	"bytes"
	"context"
	"fmt"
	"regexp"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"pbem/engine"
	"pbem/engine/amplitude"
	"pbem/engine/chiffres"
	"pbem/engine/ludicitude"
)

// TestDemoTellsEachTurn runs the demo as pbem demo GAME does, on each
// game's default seed and options, and reads what a newcomer sees: within
// 400 lines for Amplitude and well under 600 for Ludicitude's 179 moves;
// the invitation whole; then each turn a player's reply as they wrote it
// (the move on its first line, a signature, the mail quoted) followed by
// the server's answer, which names the move; every move of Amplitude told
// so, a long game's middle a line a move, every move told once; the last
// answer whole, telling the end.
func TestDemoTellsEachTurn(t *testing.T) {
	games := engine.NewRegistry(amplitude.Game{}, chiffres.Game{}, ludicitude.Game{})
	for _, c := range []struct {
		game     string
		maxLines int
		allTurns bool // every turn told as a reply and an answer
	}{
		{"amplitude", 400, true},
		{"chiffres", 400, false},
		{"ludicitude", 550, false},
	} {
		t.Run(c.game, func(t *testing.T) {
			g, err := games.Lookup(c.game)
			require.NoError(t, err)
			seed := DefaultSeed(c.game)
			var out bytes.Buffer
			out.WriteString(Heading(g.Name(), seed, 2, false))
			res, err := Run(context.Background(), Options{Game: c.game, Seed: seed, Players: 2, Games: games, Out: &out})
			require.NoError(t, err)
			out.WriteString("\n" + res.Summary([]string{"Bot 1", "Bot 2"}))
			text := out.String()
			t.Logf("%s: %d moves in %d lines", c.game, res.Moves, strings.Count(text, "\n"))
			assert.LessOrEqual(t, strings.Count(text, "\n"), c.maxLines, "the demo's output is short enough to read")

			blocks := demoBlocks(text)
			require.NotEmpty(t, blocks)
			assert.Equal(t, "pbem → ", blocks[0].title[:len("pbem → ")], "the invitation first")
			assert.Regexp(t, `^Subject: \[#1-[a-z2-7]{20}\] `+g.Name()+`, a new game\n`, blocks[0].body)

			told := 0 // moves told, as a reply and its answer or a line
			replies := 0
			for i, b := range blocks {
				switch {
				case strings.HasSuffix(b.title, " → pbem"):
					replies++
					move := checkReply(t, b, replies == 1)
					require.Less(t, i+1, len(blocks), "an answer follows the reply %q", move)
					answer := blocks[i+1]
					require.True(t, strings.HasPrefix(answer.title, "pbem → "), "an answer follows the reply %q, not %q", move, answer.title)
					assert.Contains(t, answer.body, move, "the answer names the move %q", move)
					told++
				case strings.HasPrefix(b.title, "Then a line a move"):
					for _, l := range strings.Split(strings.TrimRight(b.body, "\n"), "\n") {
						if l != "" && !strings.HasPrefix(l, " ") {
							told++
						}
					}
				}
			}
			assert.Equal(t, res.Moves, told, "every move told once")
			if c.allTurns {
				assert.Equal(t, res.Moves, replies, "every turn told as a reply and an answer")
			} else {
				assert.Equal(t, 1+compactTurns+1, replies, "the first turns and the last told as replies and answers")
			}
			last := blocks[len(blocks)-1]
			assert.True(t, strings.HasPrefix(last.title, "pbem → "), "the last answer ends the thread")
			assert.Regexp(t, `^Subject: \[#1-[a-z2-7]{20}\] `+g.Name()+`, the game is over\n`, last.body, "the last answer whole")
		})
	}
}

// demoBlock is a part of the demo's output under one of its rules.
type demoBlock struct{ title, body string }

// demoBlocks cuts the demo's output at its rules, "── TITLE ───…".
func demoBlocks(text string) []demoBlock {
	var out []demoBlock
	for _, l := range strings.SplitAfter(text, "\n") {
		if title, ok := strings.CutPrefix(l, "── "); ok {
			out = append(out, demoBlock{title: strings.TrimRight(strings.TrimRight(title, "\n"), "─ ")})
			continue
		}
		if len(out) > 0 {
			out[len(out)-1].body += l
		}
	}
	return out
}

var (
	moveLine    = regexp.MustCompile(`^#\d+ (\S.*)$`)
	attribution = regexp.MustCompile(`^On .+, pbem <pbem@demo\.test> wrote:$`)
	quoteCut    = regexp.MustCompile(`^\[… \d+ more quoted lines\]$`)
)

// checkReply checks that b is a reply as its player wrote it: headers for
// the first one (to the game's reply address), the move on its first line,
// a signature with the player's name, the answered mail's attribution and
// its first quoted lines, the rest said to be cut. It returns the move.
func checkReply(t *testing.T, b demoBlock, first bool) string {
	t.Helper()
	name := strings.TrimSuffix(b.title, " → pbem")
	lines := strings.Split(strings.TrimRight(b.body, "\n"), "\n")
	if first {
		require.GreaterOrEqual(t, len(lines), 4)
		assert.True(t, strings.HasPrefix(lines[0], fmt.Sprintf("From: %q <", name)), "from the player: %q", lines[0])
		assert.Regexp(t, `^To: pbem\+1-[a-z2-7]{20}@demo\.test$`, lines[1], "the reply goes to the game's reply address")
		assert.Regexp(t, `^Subject: Re: \[#1-`, lines[2])
		lines = lines[4:]
	}
	m := moveLine.FindStringSubmatch(lines[0])
	require.NotNil(t, m, "the move on the reply's first line: %q", lines[0])
	sig := -1
	for i, l := range lines {
		if l == "-- " {
			sig = i
			break
		}
	}
	require.Positive(t, sig, "a signature under the move:\n%s", b.body)
	require.Greater(t, len(lines), sig+4)
	assert.Equal(t, name, lines[sig+1], "signed by the player")
	assert.Regexp(t, attribution, lines[sig+3])
	assert.True(t, strings.HasPrefix(lines[sig+4], "> "), "the answered mail quoted: %q", lines[sig+4])
	assert.Regexp(t, quoteCut, lines[len(lines)-1], "the rest of the quote said to be cut")
	return m[1]
}

// TestThreadOfThousandsOfMoves: a game of thousands of moves is told
// within maxLongLines all the same, its first moves and its last a line
// each, the cut said; and a thread without replies is its mails.
func TestThreadOfThousandsOfMoves(t *testing.T) {
	const moves = 3000
	var th thread
	board := strings.Repeat("  . . . . . . .\n", 20)
	th.mails = append(th.mails, sentMail{to: "p1@x", from: "pbem", subject: "a new game", text: "Hello,\n\nYou are invited.\n\n" + board})
	for n := 1; n <= moves; n++ {
		player := 1 + (n-1)%2
		th.replies = append(th.replies, reply{
			name: fmt.Sprintf("P%d", player), from: fmt.Sprintf("p%d@x", player), to: "pbem+1@x", subject: "Re: game",
			body:    fmt.Sprintf("#%d m%d\n\n-- \nP%d\n\nOn then, pbem wrote:\n> Hello\n> more\n", n, n, player),
			answers: len(th.mails) - 1, said: []string{fmt.Sprintf("m%d", n)},
		})
		th.mails = append(th.mails, sentMail{to: fmt.Sprintf("p%d@x", 3-player), from: "pbem", subject: fmt.Sprintf("move %d", n),
			text: fmt.Sprintf("Hello,\n\nMove %d: P%d played m%d.\n  It did things.\n\n%s", n, player, n, board)})
	}
	var out strings.Builder
	require.NoError(t, th.write(&out, func(addr string) string { return addr }))
	text := out.String()
	assert.LessOrEqual(t, lines(text), maxLongLines)
	assert.Contains(t, text, "\nMove 6: P2 played m6.\n", "the first moves a line each")
	assert.Contains(t, text, "\nMove 2999: P1 played m2999.\n", "the last ones too")
	assert.NotContains(t, text, "It did things.\nMove", "a line a move, and no more, when they are so many")
	assert.Regexp(t, `\n\[… \d+ more moves: --all-mails prints every mail\]\n`, text)
	assert.True(t, strings.HasSuffix(text, board), "the last answer whole")

	none := thread{mails: th.mails[:2]}
	out.Reset()
	require.NoError(t, none.write(&out, func(addr string) string { return addr }))
	assert.Equal(t, 2, strings.Count(out.String(), "Subject: "), "no reply: the mails")
}
