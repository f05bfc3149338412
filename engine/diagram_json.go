package engine

import (
	"encoding/json"
	"strconv"
)

// AppendJSON appends d's JSON form to b: the bytes json.Marshal writes for
// it, written without reflection. A move's mails describe their board
// pictures this way, on the move's path, where json.Marshal took a tenth
// of a mail's composing.
func (d Diagram) AppendJSON(b []byte) []byte {
	b = append(b, `{"cols":`...)
	b = strconv.AppendInt(b, int64(d.Cols), 10)
	b = append(b, `,"rows":`...)
	b = strconv.AppendInt(b, int64(d.Rows), 10)
	b = appendLabels(b, `,"colLabels":`, d.ColLabels)
	b = appendLabels(b, `,"rowLabels":`, d.RowLabels)
	b = append(b, `,"cells":`...)
	if d.Cells == nil {
		b = append(b, "null"...)
	} else {
		b = append(b, '[')
		for i, c := range d.Cells {
			if i > 0 {
				b = append(b, ',')
			}
			b = c.appendJSON(b)
		}
		b = append(b, ']')
	}
	if d.Legend != "" {
		b = append(b, `,"legend":`...)
		b = appendJSONString(b, d.Legend)
	}
	return append(b, '}')
}

// appendJSON appends c's JSON form, its zero fields left out.
func (c Cell) appendJSON(b []byte) []byte {
	b = append(b, '{')
	sep := func() {
		if b[len(b)-1] != '{' {
			b = append(b, ',')
		}
	}
	if c.Text != "" {
		b = appendJSONString(append(b, `"t":`...), c.Text)
	}
	for _, f := range []struct {
		name string
		v    int
	}{{`"o":`, c.Owner}, {`"l":`, c.Level}, {`"m":`, int(c.Mark)}, {`"k":`, int(c.Kind)}} {
		if f.v != 0 {
			sep()
			b = strconv.AppendInt(append(b, f.name...), int64(f.v), 10)
		}
	}
	if c.Printed != "" {
		sep()
		b = appendJSONString(append(b, `"p":`...), c.Printed)
	}
	return append(b, '}')
}

// appendLabels appends a labels field, left out when empty.
func appendLabels(b []byte, field string, labels []string) []byte {
	if len(labels) == 0 {
		return b
	}
	b = append(append(b, field...), '[')
	for i, l := range labels {
		if i > 0 {
			b = append(b, ',')
		}
		b = appendJSONString(b, l)
	}
	return append(b, ']')
}

// appendJSONString appends s as json.Marshal writes it: printable ASCII as
// it is, anything else (quotes, HTML's <>&, control characters, other
// scripts) by json.Marshal itself.
func appendJSONString(b []byte, s string) []byte {
	for i := 0; i < len(s); i++ {
		if c := s[i]; c < 0x20 || c > 0x7e || c == '"' || c == '\\' || c == '<' || c == '>' || c == '&' {
			q, _ := json.Marshal(s) // a string always marshals
			return append(b, q...)
		}
	}
	b = append(b, '"')
	b = append(b, s...)
	return append(b, '"')
}
