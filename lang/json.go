package lang

import (
	"encoding/json"
	"fmt"
)

// msgJSON is a Msg as the database keeps it, with each argument's kind, so
// that an integer comes back an integer and a word a word.
type msgJSON struct {
	F string    `json:"f,omitempty"`
	O string    `json:"o,omitempty"`
	N int       `json:"n,omitempty"`
	L bool      `json:"l,omitempty"`
	A []argJSON `json:"a,omitempty"`
}

type argJSON struct {
	S *string `json:"s,omitempty"`
	I *int64  `json:"i,omitempty"`
	M *Msg    `json:"m,omitempty"`
}

// MarshalJSON keeps a message whole, to be rendered again in any language;
// a literal text is a plain JSON string, as events were before messages.
func (m Msg) MarshalJSON() ([]byte, error) {
	if m.Literal {
		return json.Marshal(m.Format)
	}
	out := msgJSON{F: m.Format, O: m.Other, N: m.N, L: m.List}
	for _, a := range m.Args {
		var arg argJSON
		switch v := a.(type) {
		case Msg:
			arg.M = &v
		case int:
			i := int64(v)
			arg.I = &i
		case int64:
			arg.I = &v
		case interface{ In(Tag) string }:
			s := v.In(English)
			arg.S = &s
		default:
			s := fmt.Sprint(v)
			arg.S = &s
		}
		out.A = append(out.A, arg)
	}
	return json.Marshal(out)
}

// UnmarshalJSON reads what MarshalJSON wrote, and a plain string (an event
// stored before events were messages) as a literal text.
func (m *Msg) UnmarshalJSON(data []byte) error {
	var s string
	if err := json.Unmarshal(data, &s); err == nil {
		*m = Text(s)
		return nil
	}
	var in msgJSON
	if err := json.Unmarshal(data, &in); err != nil {
		return fmt.Errorf("a message: %w", err)
	}
	*m = Msg{Format: in.F, Other: in.O, N: in.N, List: in.L}
	for _, a := range in.A {
		switch {
		case a.M != nil:
			m.Args = append(m.Args, *a.M)
		case a.I != nil:
			m.Args = append(m.Args, int(*a.I))
		case a.S != nil:
			m.Args = append(m.Args, *a.S)
		default:
			m.Args = append(m.Args, "")
		}
	}
	return nil
}
