package parser

import (
	"regexp"
	"strconv"
	"strings"

	"pbem/engine"
)

// A reply to a digest answers several games in one mail: each line that
// plays opens with the game it is for, "game 12: #7 H8 right 34251" (or
// "game #12:"), and the rest of the line is a command as a reply to that
// game's own mail would write it; French writes "partie 12 : ...". Every
// other line is chatter.

// GameBlock is what a reply to a digest writes for one of its games.
type GameBlock struct {
	Game int64
	Line int // the 1-based line of the text that first names the game
	// Text is the game's lines without their "game N:" prefix, in order,
	// one a line: what Commands reads for that game.
	Text string
}

// gameLine is a line of a digest reply that names its game.
var gameLine = regexp.MustCompile(`(?i)^(?:game|partie)\s*#?(\d{1,12})\s*:(.*)$`)

// GameBlocks groups the lines of a digest reply's new text by the game
// they name, games in the order they first come. Blank and quoted lines
// are skipped, reading stops at a signature line ("-- "), and lines that
// name no game are chatter. The errors, refusals, are a game numbered 0
// and more than MaxCommands lines naming games.
func GameBlocks(text string) ([]GameBlock, error) {
	var out []GameBlock
	index := map[int64]int{}
	lines := 0
	for i, raw := range strings.Split(text, "\n") {
		line := strings.TrimSpace(raw)
		if strings.TrimRight(raw, " \t\r") == "--" {
			break
		}
		m := gameLine.FindStringSubmatch(line)
		if m == nil {
			continue // blank, quoted ("> game 12: …" starts with '>') or chatter
		}
		id, _ := strconv.ParseInt(m[1], 10, 64)
		if id < 1 {
			return nil, &LineRefusal{Line: i + 1, Written: line, Err: engine.Refuse("game %s is no game: write the number of one of your games, as in game 12: #7 H8 right 34251", m[1])}
		}
		if lines++; lines > MaxCommands {
			return nil, engine.Refuse("a mail may hold at most %d commands", MaxCommands)
		}
		command := strings.TrimSpace(m[2])
		n, ok := index[id]
		if !ok {
			index[id] = len(out)
			out = append(out, GameBlock{Game: id, Line: i + 1, Text: command})
			continue
		}
		out[n].Text += "\n" + command
	}
	return out, nil
}
