package templates

import (
	"fmt"
	"reflect"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"pbem/lang"
)

func TestColumns(t *testing.T) {
	for _, c := range []struct {
		name  string
		rows  []string
		width int
		want  []string
	}{
		{"from the widest left cell", []string{"pass\tdo nothing", "exchange 3 5\tgive back a 3 and a 5"}, 40, []string{
			"  pass          do nothing",
			"  exchange 3 5  give back a 3 and a 5",
		}},
		{"the right cell wrapped under its column", []string{"draw\toffer a draw, or accept the pending offer"}, 31, []string{
			"  draw  offer a draw, or accept",
			"        the pending offer",
		}},
		{"a left cell too wide on a line of its own", []string{"go\tnow", "new GAME with computer\ta game against the computer"}, 30, []string{
			"  go  now",
			"  new GAME with computer",
			"      a game against the",
			"      computer",
		}},
		{"a left cell wider than the line, wrapped, the right column next to no left cell", []string{"a b c d e f g h\tx"}, 10, []string{
			"  a b c d",
			"  e f g h",
			"    x",
		}},
		{"no right cell", []string{"help\t", "board\tthe board"}, 40, []string{"  help", "  board  the board"}},
		{"cells trimmed, a tab in the right one a space", []string{" say TEXT \t a  message\tto all "}, 40, []string{"  say TEXT  a message to all"}},
		{"a word wider than its column whole", []string{"try\tabcdefghijklmnop"}, 20, []string{"  try  abcdefghijklmnop"}},
	} {
		t.Run(c.name, func(t *testing.T) {
			assert.Equal(t, c.want, columns(c.rows, c.width))
		})
	}
	assert.Equal(t, "Moves:\n  a  one\n  b  two\nafter the list, a\nnote", wrap(18, "Moves:\na\tone\nb\ttwo\nafter the list, a note"),
		"wrap lays out a run of rows and wraps the lines around it")
}

// TestListsNeverBreak: a two-column list in any field of any template that
// may carry one, in every language, with left cells of every length (some
// too long to sit beside their right cell), lays out in the text part
// within 78 columns, every line of a right cell under the right column,
// the same for the whole list.
func TestListsNeverBreak(t *testing.T) {
	set, err := Load("")
	require.NoError(t, err)
	lefts := []string{"x", "pass", "H8 right 123 3-2=1", "nouvelle JEU avec ADRESSE", "a left cell of many words, far too long to leave room for the right one beside it"}
	var rows []string
	for i, left := range lefts {
		var right []string
		for w := range 12 + 4*i {
			right = append(right, fmt.Sprintf("r%dw%02d", i, w))
		}
		rows = append(rows, left+"\t"+strings.Join(right, " "))
	}
	list := "Moves:\n" + strings.Join(rows, "\n") + "\nA note under the list."
	carriers := map[string]bool{"Notation": true, "Body": true, "Text": true, "Rules": true}
	tried := 0
	for name, samples := range examples {
		if name == "chat" {
			continue // a player's words, quoted, not a list
		}
		for _, sample := range samples {
			v := reflect.New(reflect.TypeOf(sample)).Elem()
			v.Set(reflect.ValueOf(sample))
			carries := false
			for i := range v.NumField() {
				if f := v.Field(i); carriers[v.Type().Field(i).Name] && f.Kind() == reflect.String && f.String() != "" {
					f.SetString(list)
					carries = true
				}
			}
			if !carries {
				continue
			}
			for _, tag := range lang.Tags {
				text, _, err := set.Render(name, tag, v.Interface(), nil)
				require.NoError(t, err, name)
				if !strings.Contains(text, "r0w00") {
					continue // a branch that shows no list
				}
				tried++
				checkList(t, fmt.Sprintf("%s in %s", name, tag), text, len(lefts))
			}
		}
	}
	assert.Greater(t, tried, 10, "lists rendered")
}

// checkList holds a rendered text to 78 columns and its list's rows (their
// right cells' words rNwMM) to one right column.
func checkList(t *testing.T, name, text string, rows int) {
	t.Helper()
	for _, line := range strings.Split(text, "\n") {
		assert.LessOrEqual(t, utf8.RuneCountInString(line), 78, "%s: %q", name, line)
	}
	col := -1
	for r := range rows {
		word := fmt.Sprintf("r%dw", r)
		for _, line := range strings.Split(text, "\n") {
			i := strings.Index(line, word)
			if i < 0 {
				continue
			}
			at := utf8.RuneCountInString(line[:i])
			if col < 0 {
				col = at
			}
			assert.Equal(t, col, at, "%s: row %d's right cell is not under the right column: %q", name, r, line)
			if !strings.HasPrefix(line[i:], word+"00") {
				assert.Equal(t, strings.Repeat(" ", at), line[:i], "%s: a continuation opens with blanks alone: %q", name, line)
			}
		}
	}
	assert.Positive(t, col, name)
}
