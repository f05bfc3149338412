package parser

import (
	"slices"
	"strconv"
	"strings"

	"pbem/engine"
)

// Verbs of the commands every game shares; anything else is a move, read by
// the game's engine.
const (
	Move    = "move"
	Board   = "board"
	History = "history"
	Help    = "help"
	Say     = "say"
	// Rekey asks for a new reply address, revoking the old one (after a
	// forwarded mail, say).
	Rekey = "rekey"
)

// Command is one line of a mail that asks for something.
type Command struct {
	Line    int    // 1-based line number in the text
	Written string // the line as written, trimmed, its "#N" guard included
	Guard   int    // the move number after '#', 0 when none was written
	Verb    string // Move, Board, History, Help, Say or Rekey
	Text    string // the command as written, guard removed; for Say, the message
	// Move is the game's reading of a Move line. It is nil for a line that
	// only looks like a move ("H8 rihgt 34251"), and Err then says why the
	// game cannot read it: applying the commands refuses the mail with it.
	Move engine.Move
	Err  error
}

// MaxCommands caps the commands read from one mail: nobody writes more, and
// a huge mail must not cost a long run.
const MaxCommands = 20

// infoVerbs are the shared verbs of the commands that answer without
// changing the game, read on a line of at most maxInfoLine words.
var infoVerbs = []string{Board, History, Help, Rekey}

// maxInfoLine is the most words a line opening with board, history or help
// may have and still ask for it ("board please"); these answer without
// changing the game, so a lenient reading costs nothing.
const maxInfoLine = 3

// Commands reads the commands of a mail's new text for game g. Each line
// is one of three things:
//   - a command: a shared verb (board, history, help, rekey, say TEXT, or
//     their French: plateau, historique, aide, dire TEXT...) or a move
//     that g's notation reads;
//   - a mistyped command: it opens with a "#N" guard, or g (an
//     engine.Spotter) says it starts like a move — it is returned with Err
//     set, and refuses the mail with the game's own explanation;
//   - chatter: anything else ("Hi Bob,", "took me 2 hours", a phone
//     number), skipped, digits or not.
//
// Blank and quoted lines are skipped, and reading stops at a signature line
// ("-- "). A mail with nothing but chatter gives no command and no error;
// the errors, all refusals, are a broken "#N" guard and more than
// MaxCommands commands.
func Commands(text string, g engine.Game) ([]Command, error) {
	var out []Command
	for n, line := range writtenLines(text) {
		c, ok, err := readLine(line, n, g)
		if err != nil {
			return nil, err
		}
		if !ok {
			continue
		}
		if out = append(out, c); len(out) > MaxCommands {
			return nil, engine.Refuse("a mail may hold at most %d commands", MaxCommands)
		}
	}
	return out, nil
}

// readLine reads one non-blank line; ok is false for chatter.
func readLine(line string, number int, g engine.Game) (c Command, ok bool, err error) {
	c = Command{Line: number, Written: line, Verb: Move}
	if strings.HasPrefix(line, "#") && len(line) > 1 && isDigit(line[1]) {
		num, rest, _ := strings.Cut(line[1:], " ")
		n, err := strconv.Atoi(num)
		if err != nil || n < 1 {
			return c, false, &LineRefusal{Line: number, Written: line, Err: engine.Refuse("%q should be a move number, as in #12 pass", "#"+num)}
		}
		c.Guard, line = n, strings.TrimSpace(rest)
		if line == "" {
			return c, false, &LineRefusal{Line: number, Written: "#" + num, Err: engine.Refuse("#%d is followed by no command", n)}
		}
	}
	c.Text = line
	word, rest, _ := strings.Cut(line, " ")
	switch verb := verbOf(word); {
	case isSay(word, rest):
		c.Verb, c.Text = Say, strings.TrimSpace(rest)
		return c, true, nil
	case slices.Contains(infoVerbs, verb) && len(strings.Fields(line)) <= maxInfoLine:
		c.Verb = verb
		return c, true, nil
	}
	if v, ok := readVerb(line, c, g); ok {
		return v, true, nil
	}
	m, err := g.Parse(line)
	if err == nil {
		c.Move = m
		return c, true, nil
	}
	if spot, ok := g.(engine.Spotter); c.Guard != 0 || ok && spot.LooksLikeMove(line) {
		c.Err = err
		return c, true, nil
	}
	return Command{}, false, nil
}
