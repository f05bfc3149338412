package server

import (
	"pbem/engine"
	"pbem/store"
	"pbem/templates"
)

// composer writes the server's mails: a game's notifications and answers
// to its players and watchers, the lobby's mails, each in its reader's
// language, with its reply address, its thread, its status block, its
// board picture and its List-Unsubscribe. It reads the store but never
// writes it: what it composes is committed by whoever asked for it, with
// what caused it. The Server holds one (Server.mail).
type composer struct {
	store *store.Store
	games *engine.Registry
	cfg   *Config // the Server's
	tmpl  *templates.Set
	drawn drawnPictures // the board pictures the sender drew last
	// unsubscribeSecret signs the one-click unsubscribe links, when
	// Config.UnsubscribeURL is set.
	unsubscribeSecret []byte
	// keys sign the tokens that name no game (digests, lobby mails,
	// challenges), each read from the store when first needed.
	keys serverKeys
}
