package server

import "pbem/store"

// replies records the mails that play nothing — a refused command, a
// stranger's mail, one with no command, one that deserves no answer — in
// one transaction with the answer each deserves, held to the limits that
// keep an auto-responder or a forged sender from making the server spray
// mail. The Server holds one (Server.replies).
type replies struct {
	store *store.Store
	cfg   *Config // the Server's
	mail  *composer
}
