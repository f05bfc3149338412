package lobby

import (
	"context"
	"errors"

	"pbem/engine"
	"pbem/lang"
	"pbem/mailer"
	"pbem/parser"
	"pbem/store"
)

// A mail to the bare address that holds no lobby command is not left
// unanswered: an account choice (lang, mail, pictures) is done as in a
// game's mail, for a player with or without games; a mistyped command gets
// the lobby's help with what it meant ("did you mean signup Dave?"); a
// mail with neither from a player with no game going gets the help. The
// chatter of a stranger, or of a player with games, goes on its way, to
// the stranger's answer (which tells a player where to write).

// lobbyWithoutCommand handles m, a mail to the bare address with no lobby
// command; handled is false for a stranger's chatter.
func (lb Lobby) lobbyWithoutCommand(ctx context.Context, in store.Inbound, m parser.Mail, vouched bool) (mailer.Verdict, bool, error) {
	if choices := parser.AccountCommands(m.Text); len(choices) > 0 {
		return lb.lobbyChoice(ctx, in, m, choices[0], vouched)
	}
	if line, ok := parser.SuggestLobby(m.Text); ok {
		text := lang.T("Nothing was done: your mail held no command this server knows. Did you mean\n\n    %s\n\n%s", line, Help(lb.Core.Address()))
		in.Detail = "no lobby command; suggested: " + line
		return mailer.Rejected, true, lb.lobbyAnswer(ctx, in, m, store.Refused, lang.T("did you mean %s?", line), text)
	}
	p, err := lb.Store.PlayerByAddress(ctx, parser.CanonicalAddress(m.From))
	if errors.Is(err, store.ErrNotFound) {
		return mailer.Rejected, false, nil
	}
	if err != nil {
		return mailer.Rejected, true, err
	}
	if games, err := lb.Store.ActiveGamesOf(ctx, p.ID); err != nil || len(games) > 0 {
		// A player with games who wrote here lost their way to one: the
		// stranger's answer tells them where to write.
		return mailer.Rejected, err != nil, err
	}
	text := lang.T("Your mail held no command this server knows, so nothing was done. To play a move, reply to the game's latest mail, not to this address.\n\n%s", Help(lb.Core.Address()))
	return mailer.Rejected, true, lb.lobbyAnswer(ctx, in, m, store.Ignored, lang.T("help"), text)
}

// lobbyChoice does c, an account choice (lang, mail, pictures) written to
// the bare address, as a game's mail would: at once when m proves its
// sender (vouched), else once they confirm it; a stranger is told to sign
// up first.
func (lb Lobby) lobbyChoice(ctx context.Context, in store.Inbound, m parser.Mail, c parser.Command, vouched bool) (mailer.Verdict, bool, error) {
	asked := parser.LobbyCommand{Written: c.Written, Verb: c.Verb}
	_, err := lb.Store.PlayerByAddress(ctx, parser.CanonicalAddress(m.From))
	switch {
	case errors.Is(err, store.ErrNotFound):
		return mailer.Rejected, true, lb.lobbyAnswer(ctx, in, m, store.Refused, lang.T("sign up first"),
			lang.T("Sign up first: write signup YOUR NAME to %s, then start or join a game.", lb.Core.Address()))
	case err != nil:
		return mailer.Rejected, true, err
	case c.Err != nil:
		return mailer.Rejected, true, lb.lobbyRefuse(ctx, in, m, asked, c.Err)
	case !vouched:
		return mailer.Accepted, true, lb.AskCommand(ctx, in, m, c.Written)
	}
	in.Outcome, in.Detail = store.Applied, c.Written
	if _, err := lb.Core.AccountChange(c.Verb)(ctx, parser.CanonicalAddress(m.From), c.Text, &in, m); engine.IsRefusal(err) {
		return mailer.Rejected, true, lb.lobbyRefuse(ctx, in, m, asked, err)
	} else if err != nil {
		return mailer.Rejected, true, err
	}
	return mailer.Accepted, true, nil
}
