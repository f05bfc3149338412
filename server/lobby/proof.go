package lobby

import (
	"pbem/server/core"

	"context"
	"errors"
	"fmt"
	"strings"
	"time"

	"pbem/engine"
	"pbem/lang"
	"pbem/mailer"
	"pbem/parser"
	"pbem/store"
)

// What a mail to the lobby asks that changes its sender's state — stop,
// watch, unwatch, name, alias, new, accept, decline, join — is done at
// once only when the mail proves that its sender reads the mailbox its
// From names (vouched: a token that came only to that mailbox, or the
// operator's mail server vouching for the sender). Otherwise the server
// mails that mailbox a confirmation holding the command, and does it when
// the reply comes: a forged From changes nothing of the victim's, who
// may ignore the confirmation. (Sign-up and sign-off confirm by their own
// mails already.) What the lobby sends meanwhile is capped per mailbox
// (lobbyLimits), so that forged mail cannot make the server flood anyone.

// Vouched reports whether m proves that its sender reads the mailbox
// of its From: it carries the current lobby token of that mailbox
// (vouched), a confirmation's token mailed to it (replying to the
// confirmation, or writing confirm TOKEN) or an invitation's, or the
// operator's mail server vouches for its sender.
func (lb Lobby) Vouched(ctx context.Context, m parser.Mail) (bool, error) {
	if ok, err := lb.Core.Vouched(ctx, m); ok || err != nil {
		return ok, err
	}
	if ok, err := lb.confirmationVouches(ctx, m); ok || err != nil {
		return ok, err
	}
	return lb.invitationVouches(ctx, m)
}

// confirmationVouches reports whether m carries the token of a
// confirmation mailed to its sender: replying to it, or writing confirm
// TOKEN first.
func (lb Lobby) confirmationVouches(ctx context.Context, m parser.Mail) (bool, error) {
	token, ok := confirmTokenOf(m)
	if cmds := parser.LobbyCommands(m.Text); !ok && len(cmds) > 0 && cmds[0].Verb == parser.Confirm && len(cmds[0].Args) > 0 {
		token, ok = cmds[0].Args[0], true
	}
	if !ok {
		return false, nil
	}
	c, err := lb.Store.ConfirmationOf(ctx, mailer.ConfirmHash(token))
	if errors.Is(err, store.ErrNotFound) {
		return false, nil
	}
	return err == nil && parser.SameAddress(c.Address, m.From), err
}

// invitationVouches reports whether m answers an invitation to a
// challenge (its token in a recipient's address or References) whose
// seat is m's sender's.
func (lb Lobby) invitationVouches(ctx context.Context, m parser.Mail) (bool, error) {
	id, token, err := challengeNamed(m, parser.LobbyCommand{})
	if err != nil || token == "" {
		return false, nil
	}
	c, err := lb.Store.Challenge(ctx, id)
	if errors.Is(err, store.ErrNotFound) {
		return false, nil
	}
	if err != nil {
		return false, err
	}
	key, err := lb.Core.Key(ctx, core.ChallengeKeyName)
	if err != nil {
		return false, err
	}
	seat, ok := mailer.ChallengeSeatOf(key, id, len(c.Seats), token)
	return ok && parser.SameAddress(c.Seats[seat].Address, m.From), nil
}

// needsProof reports whether lobby command c of m, from a sender who is
// registered or not, changes the sender's state, so that an unproven mail
// must be confirmed first. A command the lobby refuses an unregistered
// sender anyway (name, alias, new, join, entering a ladder or a
// tournament) is left to that refusal, which says what to do, but leaving
// a ladder, challenging on it or withdrawing from a tournament is done for
// a player the operator seated there whether they signed up or not
// (ownCommand), so it needs the proof either way; an answer to an invitation that carries its token is
// proven by the token, checked where it is answered.
func needsProof(c parser.LobbyCommand, m parser.Mail, registered bool) bool {
	switch c.Verb {
	case parser.Rename, parser.Alias, parser.New, parser.Join:
		return registered
	case parser.Takeover:
		return registered && len(c.Args) > 0
	case parser.Tournament: // but its standings, which change nothing
		return !isTournamentShow(c.Args) && (registered || !enters(c.Args))
	case parser.Accept, parser.Refuse:
		_, token, err := challengeNamed(m, c)
		return err != nil || token == ""
	case parser.Ladder:
		return len(c.Args) > 1 && (registered || !enters(c.Args)) // join, leave, challenge; not the ladder shown
	}
	return false
}

// maxCommandLength caps a command kept for its confirmation.
const maxCommandLength = 500

// AskCommand records m, whose commands (lines, as written) change its
// sender's state but which proves no sender, and mails its From address a
// confirmation that holds them: a reply from there does them
// (confirmCommand); nothing happens otherwise.
func (lb Lobby) AskCommand(ctx context.Context, in store.Inbound, m parser.Mail, lines string) error {
	from := parser.CanonicalAddress(m.From)
	if len(lines) > maxCommandLength {
		return engine.Refuse("that command is too long: write it on one line of at most %d characters", maxCommandLength)
	}
	shown := strings.ReplaceAll("    "+strings.ReplaceAll(lines, "\n", "\n    "), "%", "%%")
	text := lang.T("Someone, probably you, wrote to this game server from %s:\n\n%s\n\nTo have it done, reply to this mail: your reply needs no text. Or write to %s the line\n\n    confirm %%s\n\nIf you did not write it, ignore this mail: nothing happens without your reply. (A reply to a mail of this server is done at once.)",
		from, shown, lb.Core.Address())
	verb, _, _ := strings.Cut(strings.TrimSpace(lines), " ")
	in.Outcome, in.Detail = store.Ignored, fmt.Sprintf("%s: waits for its confirmation by %s, the mail proving no sender", strings.ToLower(verb), from)
	return lb.askConfirmation(ctx, &in, m, store.Confirmation{Kind: store.ConfirmCommand, Address: from, Command: lines},
		lang.T("pbem: confirm what you wrote"), text)
}

// confirmCommand does the commands confirmation c held, once their
// sender confirmed them with m (hash is the confirmation's token hash),
// as a mail that proves its sender would: marked used in the transaction
// that records m.
func (lb Lobby) confirmCommand(ctx context.Context, in *store.Inbound, m parser.Mail, hash string, c store.Confirmation) error {
	in.Confirms = hash
	m.Text, m.From = c.Command, c.Address
	if ctl := parser.ControlCommands(c.Command); len(ctl) > 0 {
		_, _, err := lb.Core.Control(ctx, *in, m, ctl, true)
		return err
	}
	if choices := parser.AccountCommands(c.Command); len(choices) > 0 {
		_, _, err := lb.lobbyChoice(ctx, *in, m, choices[0], true)
		return err
	}
	cmds := parser.LobbyCommands(c.Command)
	if len(cmds) == 0 {
		return engine.Refuse("this confirmation holds no command any more: write it again")
	}
	_, _, err := lb.lobbyDo(ctx, *in, m, cmds, true)
	return err
}

// lobbyWindow is the period of the lobby's caps per mailbox.
const lobbyWindow = time.Hour

// Limits returns ctx with the caps on what the lobby sends while it
// handles m, vouched or not (whether m proves its sender): every mail
// about no game to a mailbox that is not m's proven sender counts against
// that mailbox's Lobby.MailsToAddressPerHour, whoever asked; and when m's
// sender is no player and proves nothing, the mails to them get one an
// hour at most. A mail held back is noted on m's record, which the
// daemon's log line shows.
func (lb Lobby) Limits(ctx context.Context, m parser.Mail, vouched bool) (context.Context, error) {
	from := parser.MailboxKey(m.From)
	_, err := lb.Store.PlayerID(ctx, parser.CanonicalAddress(m.From))
	stranger := errors.Is(err, store.ErrNotFound)
	if err != nil && !stranger {
		return ctx, err
	}
	most := lb.Policy.MailsToAddressPerHour
	return store.WithMailLimits(ctx, func(game int64, out store.OutMail) []store.Limit {
		if game != 0 {
			return nil // a game's mails: its players asked for them
		}
		to := parser.MailboxKey(out.Recipient)
		if vouched && to == from {
			return nil // an answer to its proven sender
		}
		limits := []store.Limit{{Key: "lobby-to:" + to, Every: lobbyWindow, Max: most}}
		if stranger && to == from {
			limits = append(limits, store.Limit{Key: "lobby-stranger:" + to, Every: lobbyWindow})
		}
		return limits
	}), nil
}
