package engine

import (
	"fmt"
	"strings"

	"pbem/lang"
)

// The score table and the winners are the same in every game scored by
// points, whatever its board: the helpers here say them once.

// Playing counts the seats still playing: those that have not resigned.
func Playing(resigned []bool) int {
	n := 0
	for _, r := range resigned {
		if !r {
			n++
		}
	}
	return n
}

// TopScorers are the seats with the highest score among those that have
// not resigned: several on equal scores, who share the win.
func TopScorers(scores []int, resigned []bool) []int {
	best, winners := 0, []int(nil)
	for seat, score := range scores {
		switch {
		case resigned[seat]:
		case winners == nil || score > best:
			best, winners = score, []int{seat}
		case score == best:
			winners = append(winners, seat)
		}
	}
	return winners
}

// ResignedNote and ToPlayNote are what a score table says after a seat
// that has left the game, and after the seat to move.
var (
	ResignedNote = lang.T("(resigned)")
	ToPlayNote   = lang.T("(to play)")
)

// ScoreTable is the table of scores under a board, in v's language:
// "Scores:", then a seat a line, its name (names, already cut to fit)
// padded to the longest, its score right-aligned in width columns, then
// what note says of the seat, "" for nothing (ResignedNote, ToPlayNote, a
// game's own, each after two spaces). With v.Flow each line is a row of
// cells (name, score, the note) separated by tabs, unpadded.
func ScoreTable(v View, names []string, scores []int, width int, note func(seat int) string) string {
	widest := 0
	for _, name := range names {
		widest = max(widest, len([]rune(name)))
	}
	var b strings.Builder
	b.WriteString(lang.T("Scores:").In(v.Lang) + "\n")
	for seat, score := range scores {
		if v.Flow {
			fmt.Fprintf(&b, "%s\t%d", names[seat], score)
			if n := strings.TrimSpace(note(seat)); n != "" {
				b.WriteString("\t" + n)
			}
			b.WriteString("\n")
			continue
		}
		pad := strings.Repeat(" ", widest-len([]rune(names[seat])))
		fmt.Fprintf(&b, "  %s%s %*d", names[seat], pad, width, score)
		b.WriteString(note(seat))
		b.WriteString("\n")
	}
	return b.String()
}
