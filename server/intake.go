package server

import (
	"sync"

	"pbem/store"
)

// intake reads an inbound mail for the router: it parses it, takes out
// the quotes of the server's own mail and guide, judges its sender by the
// operator's mail server's results, finds the game and token it answers,
// and says what kind of mail it is (classify). It writes nothing; the
// handler of the mail's kind does. The Server holds one (Server.intake).
type intake struct {
	store *store.Store
	cfg   *Config // the Server's
	mail  *composer
	// read keeps what MailLane read of a mail for HandleMail.
	read readMails
	// guides are the texts every mail of a game (by ID, "" for the lobby)
	// shows, in every language: see guideTexts.
	guides sync.Map
}
