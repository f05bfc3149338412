package archive

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"pbem/engine"
)

// TestReadKeepsTheRecord reads back what Build wrote, and a record with a
// field added by a later pbem under the same format.
func TestReadKeepsTheRecord(t *testing.T) {
	p := play(t, samples()[0])
	rec := Build(p.game, p.moves, p.states[len(p.states)-1])
	data, err := json.Marshal(rec)
	require.NoError(t, err)
	got, err := Read(strings.NewReader(string(data)))
	require.NoError(t, err)
	assert.Equal(t, rec, got)

	added := strings.Replace(string(data), `"seed":1,`, `"seed":1,"rated":true,`, 1)
	require.NotEqual(t, string(data), added)
	got, err = Read(strings.NewReader(added))
	require.NoError(t, err, "a field added under the same format is read past")
	assert.Equal(t, rec, got)
}

func TestReadRefuses(t *testing.T) {
	p := play(t, samples()[0])
	rec := Build(p.game, p.moves[:3], p.states[3])
	for _, c := range []struct {
		name   string
		change func(r *Record)
		raw    string
		want   string
	}{
		{name: "another format", change: func(r *Record) { r.Format = "pbem-export-2" }, want: `format "pbem-export-2"`},
		{name: "no game", change: func(r *Record) { r.Game = "" }, want: `no game type`},
		{name: "no players", change: func(r *Record) { r.Players = nil }, want: `no players`},
		{name: "seats out of order", change: func(r *Record) { r.Players[0].Seat, r.Players[1].Seat = 1, 0 }, want: "player 1 has seat 1"},
		{name: "moves out of order", change: func(r *Record) { r.Moves[1].Number = 3 }, want: "move 2 is numbered 3"},
		{name: "a seat the game has not", change: func(r *Record) { r.Moves[2].Seat = 2 }, want: "move 3 is played by seat 2, and the game has 2"},
		{name: "a string for a number", raw: `{"format":"pbem-export-1","seed":"one"}`, want: "field seed holds string"},
		{name: "two records", raw: `{"format":"pbem-export-1"} {}`, want: "more than one JSON value"},
		{name: "not JSON", raw: `<html>`, want: "not JSON"},
		{name: "empty", raw: ``, want: "empty"},
		{name: "cut short", raw: `{"format":"pbem-export-1","game":`, want: "cut short"},
	} {
		t.Run(c.name, func(t *testing.T) {
			raw := c.raw
			if c.change != nil {
				r := rec
				r.Players = append([]Seat(nil), rec.Players...)
				r.Moves = append([]Move(nil), rec.Moves...)
				c.change(&r)
				data, err := json.Marshal(r)
				require.NoError(t, err)
				raw = string(data)
			}
			_, err := Read(strings.NewReader(raw))
			require.Error(t, err)
			assert.True(t, engine.IsRefusal(err), "a refusal the operator reads: %v", err)
			assert.ErrorContains(t, err, c.want)
		})
	}
}
