package lobby

import (
	"context"
	"strconv"

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

// Handle handles m, a mail to the bare address: handled is false when it
// holds no command the lobby takes and is no player's, and the mail goes
// on its way (a stranger's). Threads decide, text refines: a reply to a
// confirmation or an invitation answers it, whatever it says, unless it
// says no (lobby_confirm.go).
func (lb Lobby) Handle(ctx context.Context, in store.Inbound, m parser.Mail, vouched bool) (verdict mailer.Verdict, handled bool, err error) {
	m.Text = lb.Core.WithoutGuide(nil, m.Text)
	cmds, err := lb.threadCommands(ctx, m, parser.LobbyCommands(m.Text))
	if err != nil {
		return mailer.Rejected, true, err
	}
	switch {
	case len(cmds) == 0:
	case cmds[0].Verb == cancelVerb:
		return mailer.Accepted, true, lb.cancelConfirmation(ctx, in, m, cmds[0].Args[0])
	case cmds[0].Verb == undecidedVerb:
		id, _ := strconv.ParseInt(cmds[0].Args[0], 10, 64)
		return mailer.Accepted, true, lb.lobbyAnswer(ctx, in, m, store.Ignored, lang.T("your invitation"),
			lang.T("Your reply to the invitation to challenge %d said neither accept nor decline, so your seat still waits: reply again with accept, or decline, on a line of its own.", id))
	}
	if held, err := lb.floodHeld(ctx, in, m); held || err != nil {
		return mailer.Rejected, true, err
	}
	if len(cmds) == 0 {
		return lb.lobbyWithoutCommand(ctx, in, m, vouched)
	}
	if cmds[0].Verb == parser.Lobby {
		return mailer.Accepted, true, lb.lobbyAnswer(ctx, in, m, store.Applied, lang.T("help"), Help(lb.Core.Address()))
	}
	return lb.lobbyDo(ctx, in, m, cmds, vouched)
}

// lobbyDo does the first of cmds, the lobby commands of m: at once when
// it changes nothing of the sender's or m proves its sender (vouched),
// else once the sender confirms it (lobby_proof.go).
func (lb Lobby) lobbyDo(ctx context.Context, in store.Inbound, m parser.Mail, cmds []parser.LobbyCommand, vouched bool) (mailer.Verdict, bool, error) {
	if !vouched {
		_, registered, err := lb.Store.Registered(ctx, parser.CanonicalAddress(m.From))
		if err != nil {
			return mailer.Rejected, true, err
		}
		if needsProof(cmds[0], m, registered) {
			err := lb.AskCommand(ctx, in, m, cmds[0].Written)
			if engine.IsRefusal(err) {
				return mailer.Rejected, true, lb.lobbyRefuse(ctx, in, m, cmds[0], err)
			}
			return mailer.Accepted, true, err
		}
	}
	if parser.IsAccountVerb(cmds[0].Verb) {
		return lb.lobbyAccount(ctx, in, m, cmds)
	}
	return lb.lobbyGames(ctx, in, m, cmds)
}
