package server

import "pbem/store"

// people knows who is who: a player by any of their addresses, whether an
// address is a seat's, the names players may take (none that passes for
// another's), the seats asked for a new game, and whether a mail proves
// its sender. The Server holds one (Server.people).
type people struct {
	store  *store.Store
	cfg    *Config // the Server's
	mail   *composer
	intake *intake
}
