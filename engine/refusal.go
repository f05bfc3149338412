package engine

import (
	"errors"

	"pbem/lang"
)

// Refusal is a move or command refused for a reason the player can read and
// act upon, such as "H9 is next to I9, which belongs to another pose".
//
// Engines return it for every illegal or unreadable move; callers tell it
// apart from infrastructure failures with errors.As (never by its text) and
// send it back to the player in their language (In).
type Refusal struct {
	// Reason is the refusal in English, for logs and the operator.
	Reason string
	// Msg is the refusal as a message: its code (the English format) and
	// arguments, rendered in any language.
	Msg lang.Msg
}

func (r *Refusal) Error() string { return r.Reason }

// In is the refusal in t.
func (r *Refusal) In(t lang.Tag) string { return r.Msg.In(t) }

// Refuse builds a Refusal from an English format and its arguments; the
// format is the refusal's code, which lang finds the translations of.
func Refuse(format string, args ...any) error {
	return RefuseMsg(lang.T(format, args...))
}

// RefuseMsg builds a Refusal from a message already made.
func RefuseMsg(m lang.Msg) error {
	return &Refusal{Reason: m.String(), Msg: m}
}

// IsRefusal reports whether err is, or wraps, a Refusal.
func IsRefusal(err error) bool {
	var r *Refusal
	return errors.As(err, &r)
}

// RefusalIn is err told to a player reading t: the refusal it is or wraps
// in t, else its text.
func RefusalIn(err error, t lang.Tag) string {
	var r *Refusal
	if errors.As(err, &r) {
		return r.In(t)
	}
	return err.Error()
}
