package server

import (
	"context"

	"pbem/engine"
	"pbem/lang"
	"pbem/mailer"
	"pbem/parser"
	"pbem/store"
)

// The lobby is the server's bare address: players sign up there, start
// and find games, and ask for their games' list. A mail there that holds
// no lobby command is a stranger's, answered as before (not a reply to a
// game). Accounts (signup, confirm, name, alias, signoff) are in
// lobby_accounts.go (a reply to a confirmation in lobby_confirm.go, the
// sign-off in lobby_signoff.go, the operator's side in
// lobby_operator.go), games (new, accept, decline, join, games, board) in
// lobby_games.go, the operator's policy (who may sign up, how many games,
// how many mails an hour) in lobby_policy.go.

// lobby handles m, a mail to the bare address, when it holds lobby
// commands: handled is false when it holds none, or when the lobby does
// not take them, and the mail goes on its way.
func (s *Server) lobby(ctx context.Context, in store.Inbound, m parser.Mail, vouched bool) (verdict mailer.Verdict, handled bool, err error) {
	cmds := withConfirmReply(parser.LobbyCommands(m.Text), m)
	if len(cmds) == 0 {
		if id, _, err := challengeNamed(m, parser.LobbyCommand{}); err == nil && id != 0 {
			// A reply to an invitation that says neither yes nor no.
			return mailer.Accepted, true, s.lobbyAnswer(ctx, in, m, store.Ignored, lang.T("your invitation"),
				lang.T("Your reply to the invitation to challenge %d said neither accept nor decline, so your seat still waits: reply again with accept, or decline, on a line of its own.", id))
		}
		return mailer.Rejected, false, nil
	}
	if held, err := s.floodHeld(ctx, in, m); held || err != nil {
		return mailer.Rejected, true, err
	}
	if cmds[0].Verb == parser.Lobby {
		return mailer.Accepted, true, s.lobbyAnswer(ctx, in, m, store.Applied, lang.T("help"), lobbyHelp(s.cfg.Address))
	}
	return s.lobbyDo(ctx, in, m, cmds, vouched)
}

// lobbyDo does the first of cmds, the lobby commands of m: at once when
// it changes nothing of the sender's or m proves its sender (vouched),
// else once the sender confirms it (lobby_proof.go).
func (s *Server) lobbyDo(ctx context.Context, in store.Inbound, m parser.Mail, cmds []parser.LobbyCommand, vouched bool) (mailer.Verdict, bool, error) {
	if !vouched {
		_, registered, err := s.store.Registered(ctx, parser.CanonicalAddress(m.From))
		if err != nil {
			return mailer.Rejected, true, err
		}
		if needsProof(cmds[0], m, registered) {
			err := s.askCommand(ctx, in, m, cmds[0].Written)
			if engine.IsRefusal(err) {
				return mailer.Rejected, true, s.lobbyRefuse(ctx, in, m, cmds[0], err)
			}
			return mailer.Accepted, true, err
		}
	}
	if parser.IsAccountVerb(cmds[0].Verb) {
		return s.lobbyAccount(ctx, in, m, cmds)
	}
	return s.lobbyGames(ctx, in, m, cmds)
}
