package engine_test

import (
	"encoding/json"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"pbem/engine"
	"pbem/engine/amplitude"
	"pbem/engine/chiffres"
	"pbem/engine/ludicitude"
	"pbem/lang"
)

// AppendJSON writes what json.Marshal writes, for every game's boards in
// both languages and for strings that json.Marshal escapes.
func TestDiagramAppendJSONIsMarshal(t *testing.T) {
	var diagrams []engine.Diagram
	for _, g := range []engine.Game{amplitude.Game{}, chiffres.Game{}, ludicitude.Game{}} {
		st, err := g.New(engine.Options{}, 7, 2)
		require.NoError(t, err)
		for range 6 {
			if st.Over() {
				break
			}
			before := st
			mv, err := st.BotMove(st.ToMove())
			require.NoError(t, err, g.Name())
			st, _, err = st.Apply(st.ToMove(), mv)
			require.NoError(t, err, g.Name())
			for _, tag := range []lang.Tag{lang.English, lang.French} {
				diagrams = append(diagrams, st.(engine.Diagrammer).Diagram(engine.View{Seat: 0, Before: before, Lang: tag}))
			}
		}
	}
	diagrams = append(diagrams,
		engine.Diagram{},
		engine.Diagram{Cols: 1, Rows: 1, ColLabels: []string{}, Cells: []engine.Cell{{Owner: -1, Level: 3, Mark: engine.Captured, Kind: engine.Wall}}},
		engine.Diagram{Cols: 2, Rows: 1, ColLabels: []string{`"a"`, `b\c`}, RowLabels: []string{"<1>"},
			Cells:  []engine.Cell{{Text: "é", Printed: "&"}, {Text: "\n\t\x01", Printed: "\u2028\xff"}},
			Legend: "Le dernier coup est encadré; « tout » <b>va</b> & bien."},
	)
	for i, d := range diagrams {
		want, err := json.Marshal(d)
		require.NoError(t, err)
		assert.Equal(t, string(want), string(d.AppendJSON(nil)), "diagram %d", i)
	}
}

func BenchmarkDiagramJSON(b *testing.B) {
	st, err := amplitude.Game{}.New(engine.Options{}, 7, 2)
	require.NoError(b, err)
	d := st.(engine.Diagrammer).Diagram(engine.View{Seat: 0})
	b.Run("AppendJSON", func(b *testing.B) {
		var buf []byte
		for b.Loop() {
			buf = d.AppendJSON(buf[:0])
		}
	})
	b.Run("Marshal", func(b *testing.B) {
		for b.Loop() {
			json.Marshal(d)
		}
	})
}
