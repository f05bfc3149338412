package templates

import (
	"flag"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"pbem/lang"
)

var update = flag.Bool("update", false, "rewrite the golden files in testdata")

// board is an Amplitude position as the engine renders it for one seat.
const board = `    A  B  C  D  E  F  G  H  I  J  K  L  M  N  O
 1  .  .  .  .  .  .  .  1  .  .  .  .  .  .  .  1
 2  .  .  .  .  .  .  .  4  .  .  .  .  .  .  .  2
 3  .  .  .  .  .  5  5  9  9  6  6  5  .  .  .  3
 4  .  .  .  .  .  .  .  5  .  2  .  5  .  .  .  4
 5  .  .  .  .  .  .  .  2  .  1  .  8  .  .  .  5
 6  .  .  .  .  .  .  2  2  8  7  7  9  3  .  .  6
 7  .  .  .  .  .  .  .  6  .  6  .  9  .  .  .  7
 8  .  .  .  .  .  .  .  1 [2] 7  7  8  .  .  .  8
 9  .  .  .  .  .  .  .  . [3] .  8  .  .  .  .  9
10  .  .  .  .  .  .  .  . [4] .  1  .  .  .  .  10
11  .  .  .  .  .  .  .  . [6] .  1  .  .  .  .  11
12  .  .  .  .  .  4  4  5 [5] 5  8  .  .  .  .  12
13  .  .  .  .  .  .  .  . [3] .  1  .  .  .  .  13
14  .  .  .  .  .  .  .  . [8] .  .  .  .  .  .  14
15  .  .  .  .  .  .  .  .  .  .  .  .  .  .  .  15
    A  B  C  D  E  F  G  H  I  J  K  L  M  N  O

Last pose, by Dora:
  I8 down 2=(3/(4×6))×((5-3)×8), 1728 points.
Scores:
  Alice    4741  (to play)
  Bob      6056
  Chloé    5024
  Dora     6952
Alice to play. Bag: 25 tokens.
Your rack: 1 2 7 9 9`

// boardFlow is what board says under its grid, as the engine renders it
// for the HTML part (engine.View.Flow).
const boardFlow = "Last pose, by Dora:\n" +
	"  I8 down 2=(3/(4×6))×((5-3)×8), 1728 points.\n" +
	"Scores:\n" +
	"Alice\t4741\t(to play)\nBob\t6056\nChloé\t5024\nDora\t6952\n" +
	"Alice to play. Bag: 25 tokens.\n" +
	"Your rack: 1 2 7 9 9\n"

// notation is a game's notation guide: rows of an example and what it
// does, separated by a tab, and a note.
const notation = "H8 right 3+4-5=2\ta pose and your formula; the square is the line's first (left or top) square, the digits the whole line, crossed tokens included\n" +
	"H8 down 34251\ta pose; the server finds the best formula\n" +
	"exchange 3 5\tgive back a 3 and a 5, draw as many\n" +
	"resign\tleave the game\n" +
	"Brackets and the four operations are allowed."

// cases are the golden mails: each kind, in the situations that change its
// wording. Their output is in testdata/NAME.txt and testdata/NAME.html.
var cases = []struct {
	name, template string
	data           any
}{
	{"turn-yours", "turn", Turn{
		Game: "Amplitude", GameID: 12, Player: "Alice", Board: board, Flow: boardFlow, YourTurn: true, ToMove: "Alice", MoveNumber: 31,
		Played: []Played{
			{Number: 29, Player: "Chloé", Notation: "exchange 3 3 8", Score: 0},
			{Number: 30, Player: "Dora", Notation: "I8 down 2=(3/(4×6))×((5-3)×8)", Score: 1728,
				Events: []string{"First pose of the game through the centre square: the score is doubled, as the rules say for the starting player's first pose."}},
		},
		Notation: notation,
	}},
	{"turn-picture", "turn", Turn{
		Game: "Amplitude", GameID: 12, Player: "Bob", Board: board, Flow: boardFlow, ToMove: "Alice", MoveNumber: 31,
		Played:   []Played{{Number: 30, Player: "Dora", Notation: "I8 down 2=(3/(4×6))×((5-3)×8)", Score: 1}},
		Notation: notation, Picture: "board.0123456789abcdef@example.org", PictureWidth: 533,
	}},
	{"answer-board-picture", "answer", Answer{
		Game: "Amplitude", GameID: 12, Player: "Bob", Title: "The board", Body: board, Flow: boardFlow,
		Picture: "board.0123456789abcdef@example.org", PictureWidth: 533,
	}},
	{"turn-waiting", "turn", Turn{
		Game: "Amplitude", GameID: 12, Player: "Bob", Board: board, Flow: boardFlow, ToMove: "Alice", MoveNumber: 31,
		Played: []Played{{Number: 30, Player: "Robot", Notation: "I8 down 2=(3/(4×6))×((5-3)×8)", Score: 1,
			Why: "Scores 1 rather than 15: the 15-point move would leave the opponent a reply worth about 24 points."}},
		Notation: notation,
	}},
	{"turn-over", "turn", Turn{
		Game: "Amplitude", GameID: 12, Player: "Chloé", Board: board, Flow: boardFlow, MoveNumber: 45, Over: true,
		Played:  []Played{{Number: 44, Player: "Alice", Notation: "pass", Score: 0, Events: []string{"The game ends: two full rounds without a pose."}}},
		Ending:  "Two full rounds went by without a pose.",
		Winners: []string{"Dora"}, Notation: notation,
	}},
	{"turn-draw", "turn", Turn{
		Game: "Ludicitude", GameID: 7, Player: "Bob", Board: "(board)", MoveNumber: 80, Over: true,
		Ending: "Both players agreed to a draw.", Notation: "N/A",
	}},
	{"turn-shared", "turn", Turn{
		Game: "Chiffres", GameID: 8, Player: "Bob", Board: "(board)", MoveNumber: 50, Over: true,
		Ending: "The grid is full.", Winners: []string{"Alice", "Bob"}, Notation: "N/A",
	}},
	{"invitation-first", "invitation", Invitation{
		Game: "Amplitude", GameID: 12, Player: "Alice", Players: []string{"Alice", "Bob", "Chloé", "Dora"},
		Rules: "Pose digit tokens on a 15×15 board, in a line, so that they make a true formula with the " +
			"tokens they touch. A pose scores the product of its digits, or more with the board's bonuses. " +
			"The game ends when a player has played all their tokens and the bag is empty.",
		Notation: notation, Board: board, Flow: boardFlow, YourTurn: true, ToMove: "Alice", MoveNumber: 1,
	}},
	{"invitation-after-computer", "invitation", Invitation{
		Game: "Amplitude", GameID: 12, Player: "Bob", Players: []string{"Robot", "Bob"},
		Rules: "Short rules.", Notation: notation, Board: board, Flow: boardFlow, YourTurn: true, ToMove: "Bob", MoveNumber: 2,
		Played: []Played{{Number: 1, Player: "Robot", Notation: "H8 right 34251 (1+5)×(2/4)=3", Score: 24,
			Events: []string{"The starting player's first pose scores double."}, Why: "One of its 28 moves with the best score."}},
	}},
	{"invitation-waiting", "invitation", Invitation{
		Game: "Amplitude", GameID: 12, Player: "Bob", Players: []string{"Alice", "Bob"},
		Clock: "Each player has 3 days for a move, reminded at half time and on the last day; then the turn passes.",
		Rules: "Short rules.", Notation: notation, Board: board, Flow: boardFlow, ToMove: "Alice", MoveNumber: 1,
	}},
	{"refusal-line", "refusal", Refusal{
		Game: "Amplitude", GameID: 12, Player: "Bob", Line: "#30 H8 rigth 3+4-5=2",
		Reason: `"rigth" is not a direction: expected right or down after the square H8.`, Notation: notation,
	}},
	{"refusal-mail", "refusal", Refusal{
		Game: "Amplitude", GameID: 12, Player: "Bob",
		Reason: "The mail held no command: write your move on a line of its own, above the quoted text.", Notation: notation,
	}},
	{"answer-history", "answer", Answer{
		Game: "Amplitude", GameID: 12, Player: "Alice", Title: "History",
		Body: "  1. Alice   H8 right 3+4-5=2            24\n  2. Bob     pass                         0\n",
		Flow: "1. Alice: H8 right 3+4-5=2 (24)\n  Bob: draw (0)\n2. Bob: pass (0)\n",
	}},
	{"answer-help", "answer", Answer{
		Game: "Amplitude", GameID: 12, Player: "Alice", Title: "Help",
		Body: "Amplitude is a scrabble of numbers on a 15x15 board. Each pose lays a\n" +
			"straight line of digit tokens.\n\nYou may also exchange tokens or pass.\n\nMoves:\n" + notation + "\n\nAlso:\n" +
			"board\tthe board as it is now\nvacation 5d\tyour clocks stop in every game for 5 days (or 72h, or until 2026-12-24), each keeping its time; alone in its mail\n" +
			"Start a line with #N, the move number given in the last mail, so that a\nlate reply is refused rather than played on a board that has changed.",
	}},
	{"chat", "chat", Chat{
		Game: "Amplitude", GameID: 12, Player: "Bob", From: "Chloé",
		Text: "Well played, Dora! That formula with the brackets took me a while to check: I had never seen a division used like that.\nGood luck to all.",
	}},
	{"status-yours", "status", Status{
		Game: "Amplitude", GameID: 12, Player: "Bob", Moves: 7, YourTurn: true, ToMove: "Bob", MoveNumber: 8,
		Hand: "1 3 4 5 8 9 0", Notation: notation,
	}},
	{"status-waiting", "status", Status{
		Game: "Ludicitude", GameID: 3, Player: "Bob", Moves: 1, ToMove: "Alice", MoveNumber: 2, Notation: "N/A",
	}},
	{"status-over", "status", Status{
		Game: "Chiffres", GameID: 8, Player: "Bob", Moves: 52, Over: true, Ending: "Alice won by 12 points.", Notation: "N/A",
	}},
	{"rekey-yours", "rekey", Rekey{
		Game: "Amplitude", GameID: 12, Player: "Bob", Board: board, Flow: boardFlow, YourTurn: true, ToMove: "Bob", MoveNumber: 8, Notation: notation,
	}},
	{"reminder", "reminder", Reminder{
		Game: "Amplitude", GameID: 12, Player: "Bob", MoveNumber: 31, Deadline: "Thu 3 Dec 2026 12:00 UTC", Left: "1 day",
		Timeout: "the turn passes to the next player", Board: board, Flow: boardFlow, Notation: notation,
	}},
	{"reminder-nudge", "reminder", Reminder{Game: "Amplitude", GameID: 12, Player: "Bob", MoveNumber: 31, Board: board, Flow: boardFlow, Notation: notation}},
	{"notice-game", "notice", Notice{Game: "Amplitude", GameID: 12, Player: "Bob",
		Text: "Alice is on vacation until Thu 10 Dec 2026 09:00 UTC: her clock is stopped in this game until then."}},
	{"turn-watching", "turn", Turn{
		Game: "Amplitude", GameID: 12, Player: "a watcher", Board: board, Flow: boardFlow, ToMove: "Alice", MoveNumber: 31, Watching: true,
		Played: []Played{{Number: 30, Player: "Dora", Notation: "I8 down 2=(3/(4×6))×((5-3)×8)", Score: 1728}},
	}},
	{"notice", "notice", Notice{Player: "Alice", Text: "Your vacation runs until Thu 10 Dec 2026 09:00 UTC."}},
	{"notice-lobby-help", "notice", Notice{Player: "Alice", Text: "Write to games@example.org, one command on a line of its own:\n\n" +
		"signup NAME\tsign up under NAME; reply to the confirmation that comes\n" +
		"new GAME with ADDRESS\ta challenge: GAME is amplitude, ludicitude or chiffres; name several players by address or name, add options as KEY=VALUE\n" +
		"new GAME with computer\ta game against the computer, started at once\n\n" +
		"To play a move, reply to the game's latest mail, not to this address.\n\n    confirm K3X9"}},
	{"notice-board", "notice", Notice{Game: "Amplitude", GameID: 12, Player: "Bob", Text: "The board after move 30.", Board: board, Flow: boardFlow}},
	{"revoked", "revoked", Revoked{Game: "Amplitude", GameID: 12, Player: "Bob", Sender: "mallory@example.net"}},
	{"digest", "digest", Digest{Player: "Alice", At: "08:30", Example: "game 12: #31 H8 right 3+4-5=2", Games: []DigestGame{
		{Game: "Amplitude", GameID: 12, MoveNumber: 31, Board: board, Flow: boardFlow, Deadline: "Thu 3 Dec 2026 12:00 UTC",
			ReplyTo: "pbem+12-abcdefghijklmnopqrst@example.org"},
		{Game: "Ludicitude", GameID: 7, MoveNumber: 80, Board: "(board)", ReplyTo: "pbem+7-bcdefghijklmnopqrstu@example.org"},
	}}},
	{"ladder", "ladder", Ladder{Player: "Dan", Text: "Amplitude (ladder amplitude): 4 players; challenges up to 3 rungs up, to be accepted within 7 days; options: none. You are on rung 4.",
		Width: 5, Mine: true, Reach: 3, Rows: []LadderRow{
			{Mark: "*", Rung: 1, Name: "Cyd", Wins: 1}, {Mark: "*", Rung: 2, Name: "Ann", Losses: 1}, {Mark: "*", Rung: 3, Name: "Chloé", Draws: 2}, {Mark: ">", Rung: 4, Name: "Dan"}},
		Challenges: []string{"Challenge 2: Dan challenges Chloé, to be accepted by Thu 10 Dec 2026 09:00 UTC."}}},
	{"ladder-empty", "ladder", Ladder{Player: "Dan", Text: "Amplitude (ladder amplitude): 0 players; challenges up to 3 rungs up, to be accepted within 7 days; options: clock=72h."}},
	{"stranger", "stranger", Stranger{
		Address: "someone@example.net",
		Reason:  "It is not a reply to a mail of a game here.",
	}},
	{"stranger-player", "stranger", Stranger{
		Address: "ann@example.org", Known: true,
		Reason: "It does not carry the reply address of one of your games.",
	}},
}

// footFor is the status block the server would end a case's mail with:
// none for the stranger's, who has no seat.
func footFor(data any) *Footer {
	f := Footer{ReplyTo: "pbem+12-ABCDEFGHIJKLMNOPQRST@example.org"}
	switch d := data.(type) {
	case Turn:
		f.Game, f.GameID, f.MoveNumber, f.YourTurn, f.ToMove, f.Over = d.Game, d.GameID, d.MoveNumber, d.YourTurn, d.ToMove, d.Over
	case Invitation:
		f.Game, f.GameID, f.MoveNumber, f.YourTurn, f.ToMove = d.Game, d.GameID, d.MoveNumber, d.YourTurn, d.ToMove
	case Status:
		f.Game, f.GameID, f.MoveNumber, f.YourTurn, f.ToMove, f.Over, f.Rack = d.Game, d.GameID, d.MoveNumber, d.YourTurn, d.ToMove, d.Over, d.Hand
	case Rekey:
		f.Game, f.GameID, f.MoveNumber, f.YourTurn, f.ToMove, f.Over = d.Game, d.GameID, d.MoveNumber, d.YourTurn, d.ToMove, d.Over
	case Refusal:
		f.Game, f.GameID, f.MoveNumber, f.YourTurn, f.ToMove = d.Game, d.GameID, 30, true, d.Player
	case Answer:
		f.Game, f.GameID, f.MoveNumber, f.ToMove = d.Game, d.GameID, 31, "Bob"
	case Chat:
		f.Game, f.GameID, f.MoveNumber, f.ToMove = d.Game, d.GameID, 31, "Alice"
	case Revoked:
		f.Game, f.GameID, f.MoveNumber, f.ToMove = d.Game, d.GameID, 31, "Alice"
	case Notice:
		if d.Game == "" {
			return nil
		}
		f.Game, f.GameID, f.MoveNumber, f.ToMove = d.Game, d.GameID, 31, "Alice"
	case Reminder:
		f.Game, f.GameID, f.MoveNumber, f.YourTurn, f.ToMove, f.Deadline = d.Game, d.GameID, d.MoveNumber, true, d.Player, d.Deadline
	default:
		return nil
	}
	if t, ok := data.(Turn); f.Game == "Amplitude" && !f.Over && (!ok || !t.Watching) {
		f.Rack = "1 2 7 9 9" // a watcher has none
	}
	return &f
}

// TestFooterEndsEveryGameMail: every mail of a game ends with the status
// block, in both parts, after a signature separator in the text.
func TestFooterEndsEveryGameMail(t *testing.T) {
	set, err := Load("")
	require.NoError(t, err)
	for _, c := range cases {
		foot := footFor(c.data)
		text, html, err := set.Render(c.template, lang.English, c.data, foot)
		require.NoError(t, err)
		if foot == nil {
			assert.NotContains(t, text, "\n-- \n", c.name)
			continue
		}
		block := text[strings.LastIndex(text, "\n-- \n")+1:]
		assert.Contains(t, block, "Reply to "+foot.ReplyTo, c.name)
		if foot.Over {
			assert.Contains(t, block, "the game is over", c.name)
		} else {
			assert.Contains(t, block, fmt.Sprintf("move #%d", foot.MoveNumber), c.name)
		}
		if foot.Rack != "" {
			assert.Contains(t, block, "Your rack: "+foot.Rack, c.name)
		}
		assert.Regexp(t, `(?s)Reply to <a href="mailto:[^"]+">[^<]+</a></p>\s*</body>`, html, c.name)
	}
}

func TestGolden(t *testing.T) {
	set, err := Load("")
	require.NoError(t, err)
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			text, html, err := set.Render(c.template, lang.English, c.data, footFor(c.data))
			require.NoError(t, err)
			golden(t, c.name+".txt", text)
			golden(t, c.name+".html", html)
		})
	}
}

func golden(t *testing.T, name, got string) {
	t.Helper()
	path := filepath.Join("testdata", name)
	if *update {
		require.NoError(t, os.WriteFile(path, []byte(got), 0o644))
		return
	}
	want, err := os.ReadFile(path)
	require.NoError(t, err, "run go test -update to create it")
	assert.Equal(t, string(want), got, "%s differs; go test -update rewrites it", path)
}

// TestTextWidth holds the text part to 78 columns, but for the
// preformatted board and answer body, which come from the engine.
func TestTextWidth(t *testing.T) {
	set, err := Load("")
	require.NoError(t, err)
	for _, c := range cases {
		text, _, err := set.Render(c.template, lang.English, c.data, footFor(c.data))
		require.NoError(t, err)
		preformatted := board + "\n"
		if a, ok := c.data.(Answer); ok {
			preformatted += a.Body
		}
		for _, line := range strings.Split(text, "\n") {
			if strings.Contains(preformatted, line) {
				continue
			}
			assert.LessOrEqual(t, utf8.RuneCountInString(line), 78, "%s: %q", c.name, line)
		}
		assert.True(t, strings.HasSuffix(text, "\n") && !strings.HasSuffix(text, "\n\n"), c.name)
	}
}

// TestTurnEndsWithReply checks the contract of the turn and invitation
// mails: the player to move is told to reply with #N and the notation.
func TestTurnEndsWithReply(t *testing.T) {
	set, err := Load("")
	require.NoError(t, err)
	for _, c := range cases[:1] {
		text, html, err := set.Render(c.template, lang.English, c.data, footFor(c.data))
		require.NoError(t, err)
		assert.Contains(t, text, "Reply to this mail with your move on a line of its own, starting with\n#31")
		assert.Contains(t, text, "\n    H8 right 3+4-5=2  a pose and your formula;")
		assert.Contains(t, html, "<code>#31</code>")
	}
}

func TestZeroValues(t *testing.T) {
	set, err := Load("")
	require.NoError(t, err)
	zeros := map[string]any{
		"turn": Turn{}, "invitation": Invitation{}, "refusal": Refusal{},
		"answer": Answer{}, "chat": Chat{}, "stranger": Stranger{}, "status": Status{}, "rekey": Rekey{}, "revoked": Revoked{},
		"reminder": Reminder{}, "notice": Notice{}, "digest": Digest{}, "ladder": Ladder{},
		"standings": Standings{},
	}
	assert.Len(t, zeros, len(examples)-1, "a template without a test (the footer is no mail)")
	for name, zero := range zeros {
		text, html, err := set.Render(name, lang.English, zero, footFor(zero))
		require.NoError(t, err, name)
		assert.NotEmpty(t, strings.TrimSpace(text), name)
		assert.Contains(t, html, "</html>", name)
		_, _, err = set.Render(name, lang.English, &zero, nil)
		assert.NoError(t, err, "%s: a pointer works as well", name)
	}
}

func TestHTMLEscapes(t *testing.T) {
	set, err := Load("")
	require.NoError(t, err)
	evil := "<script>alert(1)</script>"
	data := map[string]any{
		"turn": Turn{Player: evil, Board: evil, Flow: evil + "\t" + evil, ToMove: evil, Played: []Played{{Player: evil, Notation: evil, Events: []string{evil}}}},
		"invitation": Invitation{Player: evil, Players: []string{evil}, Rules: evil, Notation: evil, Board: evil,
			ToMove: evil},
		"refusal":  Refusal{Player: evil, Line: evil, Reason: evil, Notation: evil},
		"answer":   Answer{Player: evil, Title: evil, Body: evil + "\t" + evil, Picture: evil, Flow: "  " + evil},
		"chat":     Chat{Player: evil, From: evil, Text: evil},
		"stranger": Stranger{Address: evil, Reason: evil},
		"status":   Status{Player: evil, ToMove: evil, Hand: evil, Ending: evil, Notation: evil, Moves: 2},
		"rekey":    Rekey{Player: evil, Board: evil, ToMove: evil, Notation: evil},
		"revoked":  Revoked{Player: evil, Sender: evil},
		"reminder": Reminder{Player: evil, Board: evil, Notation: evil, Deadline: evil, Left: evil, Timeout: evil},
		"notice":   Notice{Game: evil, Player: evil, Text: evil + "\n\n  " + evil, Board: evil},
		"digest":   Digest{Player: evil, At: evil, Games: []DigestGame{{Game: evil, Board: evil, Deadline: evil, ReplyTo: evil}}},
		"ladder":   Ladder{Player: evil, Text: evil, Rows: []LadderRow{{Mark: evil, Name: evil}}, Challenges: []string{evil}},
	}
	for name, d := range data {
		text, html, err := set.Render(name, lang.English, d, footFor(d))
		require.NoError(t, err, name)
		assert.NotContains(t, html, "<script>", name)
		assert.Contains(t, html, "&lt;script&gt;alert(1)&lt;/script&gt;", name)
		assert.Contains(t, text, evil, "%s: the text part is not HTML", name)
	}
}

func TestOverride(t *testing.T) {
	dir := t.TempDir()
	write := func(name, body string) {
		require.NoError(t, os.WriteFile(filepath.Join(dir, name), []byte(body), 0o644))
	}
	write("turn.txt.tmpl", "Your move, {{.Player}}: #{{.MoveNumber}}\n\n\n{{.Board}}   \n")
	write("notes.txt", "not a template: ignored")
	set, err := Load(dir)
	require.NoError(t, err)
	text, html, err := set.Render("turn", lang.English, Turn{Player: "Alice", MoveNumber: 3, Board: "B"}, nil)
	require.NoError(t, err)
	assert.Equal(t, "Your move, Alice: #3\n\nB\n", text, "the override, tidied")
	assert.Contains(t, html, "It is 's turn: move #3.", "the HTML part stays embedded")
	text, _, err = set.Render("chat", lang.English, Chat{From: "Bob"}, nil)
	require.NoError(t, err)
	assert.Contains(t, text, "Bob says", "other mails stay embedded")

	broken := []struct{ file, body, says string }{
		{"turn.txt.tmpl", "{{.Player", "turn.txt.tmpl"},
		{"chat.html.tmpl", "{{if .From}}", "chat.html.tmpl"},
		{"turn.txt.tmpl", "{{.Playr}}", "turn.txt.tmpl"},
		{"turn.txt.tmpl", "{{range .Played}}{{.Scroe}}{{end}}", "turn.txt.tmpl"},
		{"invitation.html.tmpl", "{{if .YourTurn}}{{.Rulez}}{{end}}", "invitation.html.tmpl"},
		{"turns.txt.tmpl", "{{.Player}}", "turns.txt.tmpl"},
	}
	for _, b := range broken {
		dir = t.TempDir()
		write(b.file, b.body)
		_, err := Load(dir)
		require.Error(t, err, b.body)
		assert.Contains(t, err.Error(), filepath.Join(dir, b.says), "names the file")
	}
	_, err = Load(filepath.Join(t.TempDir(), "missing"))
	assert.Error(t, err, "a folder that is not there is a mistake")
}

func TestRenderUnknown(t *testing.T) {
	set, err := Load("")
	require.NoError(t, err)
	_, _, err = set.Render("turnn", lang.English, Turn{}, nil)
	assert.ErrorIs(t, err, ErrUnknown)
}

func TestEmbeddedNames(t *testing.T) {
	files, err := fs.Glob(Embedded(), "*.tmpl")
	require.NoError(t, err)
	assert.Equal(t, Names(), files, "every embedded file is a known template and back")
}

func TestWrap(t *testing.T) {
	for _, c := range []struct{ in, want string }{
		{"fits 9 ok", "fits 9 ok"},
		{"one two three four", "one two\nthree\nfour"},
		{"  one two three", "  one two\n  three"},
		{"averyveryverylongword x", "averyveryverylongword\nx"},
		{"fits\none two three four", "fits\none two\nthree\nfour"},
		{"Chloé été ça là", "Chloé été\nça là"},
		{"à vous ; puis", "à vous ;\npuis"},    // a French semicolon stays on its word's line
		{"qui joue ? toi", "qui\njoue ?\ntoi"}, // and so does a question mark
		{"écrivez « passe »", "écrivez\n« passe »"},
	} {
		assert.Equal(t, c.want, wrap(9, c.in), c.in)
	}
	assert.Equal(t, "> a\n\n> b", indent("> ", "a\n\nb"))
	assert.Equal(t, "Alice, Bob and Chloé", listIn([]string{"Alice", "Bob", "Chloé"}, lang.English))
	assert.Equal(t, "Alice, Bob et Chloé", listIn([]string{"Alice", "Bob", "Chloé"}, lang.French))
	assert.Equal(t, "Alice", listIn([]string{"Alice"}, lang.English))
	assert.Equal(t, "1 point", plural(1, "point", "points"))
	assert.Equal(t, "0 points", plural(0, "point", "points"))
	assert.Equal(t, "a\n\nb\n", tidy([]byte("\n\na  \n\n\n\nb\n\n")))
}
