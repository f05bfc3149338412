package server

import (
	"context"

	"pbem/mailer"
	"pbem/parser"
	"pbem/store"
)

// lobbyAccount handles the account commands of a mail to the lobby
// (cmds[0] is one). Not built yet: it takes none, and the mail is
// answered as a stranger's.
func (s *Server) lobbyAccount(ctx context.Context, in store.Inbound, m parser.Mail, cmds []parser.LobbyCommand) (mailer.Verdict, bool, error) {
	return mailer.Rejected, false, nil
}
