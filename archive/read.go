package archive

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"time"

	"pbem/engine"
)

// Read decodes a JSON record, as game export wrote it, for game import.
// Fields it does not know are ignored: a later pbem may add some under the
// same format (see Format). A file of another format, or missing what a
// game needs to be rebuilt, is a Refusal that says what is wrong.
func Read(r io.Reader) (Record, error) {
	var rec Record
	dec := json.NewDecoder(r)
	if err := dec.Decode(&rec); err != nil {
		var syntax *json.SyntaxError
		var typ *json.UnmarshalTypeError
		switch {
		case errors.Is(err, io.EOF):
			return Record{}, engine.Refuse("the file is empty: give a file game export wrote")
		case errors.Is(err, io.ErrUnexpectedEOF):
			return Record{}, engine.Refuse("the file ends in the middle of its JSON: it was cut short")
		case errors.As(err, &syntax):
			return Record{}, engine.Refuse("the file is not JSON (at byte %d: %v): give a file game export wrote", syntax.Offset, err)
		case errors.As(err, &typ):
			return Record{}, engine.Refuse("the file's field %s holds %s where the archive has %s: give a file game export wrote", typ.Field, typ.Value, typ.Type)
		}
		return Record{}, fmt.Errorf("read archive: %w", err)
	}
	if dec.More() {
		return Record{}, engine.Refuse("the file holds more than one JSON value: give one game's export")
	}
	switch {
	case rec.Format == "":
		return Record{}, engine.Refuse("the file has no \"format\" field: it is not a pbem archive (game export writes %q)", Format)
	case rec.Format != Format:
		return Record{}, engine.Refuse("the file is in format %q, which this pbem does not read: it reads %q (see docs/archive.md)", rec.Format, Format)
	case rec.Game == "":
		return Record{}, engine.Refuse("the file names no game type (field \"game\")")
	case len(rec.Players) == 0:
		return Record{}, engine.Refuse("the file has no players (field \"players\")")
	}
	for i, p := range rec.Players {
		if p.Seat != i {
			return Record{}, engine.Refuse("the file's players are not in seating order: player %d has seat %d", i+1, p.Seat)
		}
	}
	for i, m := range rec.Moves {
		if m.Number != i+1 {
			return Record{}, engine.Refuse("the file's moves are not numbered 1, 2, 3…: move %d is numbered %d", i+1, m.Number)
		}
		if m.Seat < 0 || m.Seat >= len(rec.Players) {
			return Record{}, engine.Refuse("move %d is played by seat %d, and the game has %d", m.Number, m.Seat, len(rec.Players))
		}
	}
	return rec, nil
}

// ParseTime reads a time of the record; the zero time for "".
func ParseTime(v string) (time.Time, error) {
	if v == "" {
		return time.Time{}, nil
	}
	t, err := time.Parse(TimeLayout, v)
	if err != nil {
		return time.Time{}, engine.Refuse("%q is not a time as the archive writes them (%s)", v, TimeLayout)
	}
	return t, nil
}
