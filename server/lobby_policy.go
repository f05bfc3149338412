package server

import (
	"context"

	"pbem/parser"
	"pbem/store"
)

// floodHeld reports whether the sender of m has sent more lobby mail this
// hour than the operator's policy lets an address, in which case the
// mail is recorded and goes unanswered. Not built yet: none is held.
func (s *Server) floodHeld(ctx context.Context, in store.Inbound, m parser.Mail) (bool, error) {
	return false, nil
}

// mayStart is nil when player pid may start another game now under the
// operator's policy (games started today, games running), else a refusal
// that says which limit and when it lifts. Not built yet: every start is
// allowed.
func (s *Server) mayStart(ctx context.Context, pid int64) error {
	return nil
}
