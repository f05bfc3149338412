// Package parser turns the text of a player's mail into commands: it keeps
// the lines the player wrote (quoted lines and the signature dropped), reads
// the optional "#N" move-number guard, and tells the commands every game
// shares from the game's own move notation, which the engine reads.
package parser

import (
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
)

// Command is one line of a mail that asks for something.
type Command struct {
	Line  int    // 1-based line number in the text
	Guard int    // the move number after '#', 0 when none was written
	Verb  string // Move, Board, History, Help or Say
	Text  string // the command as written, guard removed; for Say, the message
}

// maxCommands caps the commands read from one mail: nobody writes more, and
// a huge mail must not cost a long run.
const maxCommands = 20

// Commands reads the commands of a mail's new text. Empty lines, quoted
// lines (starting with '>') and everything after a signature line ("-- ")
// are skipped.
func Commands(text string) ([]Command, error) {
	var out []Command
	for i, raw := range strings.Split(text, "\n") {
		line := strings.TrimSpace(raw)
		if strings.TrimRight(raw, "\r") == "-- " || line == "--" {
			break
		}
		if line == "" || strings.HasPrefix(line, ">") {
			continue
		}
		c := Command{Line: i + 1, Verb: Move}
		if strings.HasPrefix(line, "#") {
			num, rest, _ := strings.Cut(line[1:], " ")
			n, err := strconv.Atoi(num)
			if err != nil || n < 1 {
				return nil, engine.Refuse("line %d: %q should be a move number, as in #12 pass", i+1, "#"+num)
			}
			c.Guard, line = n, strings.TrimSpace(rest)
			if line == "" {
				return nil, engine.Refuse("line %d: #%d is followed by no command", i+1, n)
			}
		}
		word, rest, _ := strings.Cut(line, " ")
		switch verb := strings.ToLower(word); verb {
		case Board, History, Help:
			c.Verb = verb
		case Say:
			c.Verb, line = Say, strings.TrimSpace(rest)
		}
		c.Text = line
		if out = append(out, c); len(out) > maxCommands {
			return nil, engine.Refuse("a mail may hold at most %d commands", maxCommands)
		}
	}
	if len(out) == 0 {
		return nil, engine.Refuse("no command found: write your move on a line of its own")
	}
	return out, nil
}
