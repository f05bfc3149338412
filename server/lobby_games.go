package server

import (
	"context"

	"pbem/mailer"
	"pbem/parser"
	"pbem/store"
)

// lobbyGames handles the game commands of a mail to the lobby. Not built
// yet: it takes none, and the mail is answered as a stranger's.
func (s *Server) lobbyGames(ctx context.Context, in store.Inbound, m parser.Mail, cmds []parser.LobbyCommand) (mailer.Verdict, bool, error) {
	return mailer.Rejected, false, nil
}
