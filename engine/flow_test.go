package engine_test

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"pbem/engine"
	"pbem/lang"
)

// TestRenderFlow: every game's Render with View.Flow says the words its
// text says under the board, in the same order, without the grid, each
// sentence on one line (a long name makes some longer than 78 columns),
// and a table's rows as tab-separated cells.
func TestRenderFlow(t *testing.T) {
	names := []string{"Alexandra Konstantinopoulou-Papadimitriou", "Bob"}
	long := 0 // lines over 78 columns: Amplitude's cut names make none
	for _, c := range everyGame {
		t.Run(c.game.ID(), func(t *testing.T) {
			st, err := c.game.New(c.opts, 7, 2)
			require.NoError(t, err)
			tables := 0
			for move := 0; move < 12 && !st.Over(); move++ {
				before := st
				m, err := st.BotMove(st.ToMove())
				require.NoError(t, err)
				st, _, err = st.Apply(st.ToMove(), m)
				require.NoError(t, err)
				for _, tag := range lang.Tags {
					for _, v := range []engine.View{{Seat: 0, Names: names, Lang: tag}, {Seat: -1, Names: names, Lang: tag, Before: before}} {
						text := st.Render(v)
						v.Flow = true
						flow := st.Render(v)
						grid, notes, _ := strings.Cut(text, "\n\n")
						assert.NotContains(t, flow, strings.SplitN(grid, "\n", 2)[0], "the grid's head")
						assert.Equal(t, strings.Fields(notes), strings.Fields(flow), "the words under the board")
						for _, line := range strings.Split(strings.TrimSuffix(flow, "\n"), "\n") {
							assert.NotEmpty(t, line)
							if rest, item := strings.CutPrefix(line, "  "); item {
								assert.NotEqual(t, ' ', rest[0], "an item opens with two spaces, no more: %q", line)
							}
							if strings.Contains(line, "\t") {
								tables++
								for _, cell := range strings.Split(line, "\t") {
									assert.Equal(t, strings.TrimSpace(cell), cell, "a cell unpadded: %q", line)
								}
							}
							if len([]rune(line)) > 78 {
								long++
							}
						}
					}
				}
			}
			assert.Positive(t, tables, "the scores are a table")
		})
	}
	assert.Positive(t, long, "a sentence too long for the text mail is one line")
}
