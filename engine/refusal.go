package engine

import (
	"errors"
	"fmt"
)

// Refusal is a move or command refused for a reason the player can read and
// act upon, such as "H9 is next to I9, which belongs to another pose".
//
// Engines return it for every illegal or unreadable move; callers tell it
// apart from infrastructure failures with errors.As (never by its text) and
// send its Reason back to the player as it is.
type Refusal struct {
	Reason string
}

func (r *Refusal) Error() string { return r.Reason }

// Refuse builds a Refusal from a format string.
func Refuse(format string, args ...any) error {
	return &Refusal{Reason: fmt.Sprintf(format, args...)}
}

// IsRefusal reports whether err is, or wraps, a Refusal.
func IsRefusal(err error) bool {
	var r *Refusal
	return errors.As(err, &r)
}
