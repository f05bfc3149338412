package server

import (
	"pbem/lang"
	"pbem/store"
)

// langOf is the language of the mails to seat: the player's choice, else
// the server's default, else English.
func (s *Server) langOf(seat store.Seat) lang.Tag {
	return lang.Tag(seat.Lang).Or(s.cfg.Lang.Or(lang.English))
}
