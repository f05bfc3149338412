package lobby

import (
	"pbem/server/core"

	"context"
	"errors"
	"strconv"
	"strings"

	"pbem/lang"
	"pbem/mailer"
	"pbem/parser"
	"pbem/store"
)

// Threads decide, text refines. A reply to a confirmation (its reply
// address among the recipients, or its Message-ID as the mail answered)
// confirms it whatever it says — nothing, "confirm", "yes please", a
// phone's footer — unless it says no ("no", "cancel", "non"…:
// parser.ReadAnswer), which cancels it. Once the confirmation is used, a
// mail in its thread is an ordinary lobby mail. A reply to an invitation
// accepts or declines the seat by its words, found among chatter and
// quotes; one that says neither, to a challenge still waiting, is asked
// again. Only "confirm TOKEN" written out names another confirmation.

// cancelVerb is the pseudo-command of a reply that says no to its
// confirmation, its token the argument.
const cancelVerb = "cancel"

// threadCommands are the commands of m, whose own are cmds, as its thread
// makes them: the answer to the open confirmation or invitation it
// replies to, else cmds (a bare "confirm" dropped when the confirmation
// it replies to is used: the mail is an ordinary one).
func (lb Lobby) threadCommands(ctx context.Context, m parser.Mail, cmds []parser.LobbyCommand) ([]parser.LobbyCommand, error) {
	explicit := len(cmds) > 0 && cmds[0].Verb == parser.Confirm && len(cmds[0].Args) > 0
	if token, ok := confirmTokenOf(m); ok && !explicit {
		c, err := lb.Store.ConfirmationOf(ctx, mailer.ConfirmHash(token))
		switch {
		case err == nil && !c.Used:
			if parser.ReadAnswer(m.Text) == parser.No && parser.SameAddress(c.Address, m.From) {
				return []parser.LobbyCommand{{Written: "(your reply to the confirmation)", Verb: cancelVerb, Args: []string{token}}}, nil
			}
			args := []string{token}
			if choice := signoffChoice(m.Text); choice != "" {
				args = append(args, choice)
			}
			return []parser.LobbyCommand{{Written: "(your reply to the confirmation)", Verb: parser.Confirm, Args: args}}, nil
		case err != nil && !errors.Is(err, store.ErrNotFound):
			return nil, err
		}
		if len(cmds) > 0 && cmds[0].Verb == parser.Confirm {
			cmds = cmds[1:]
		}
	}
	if len(cmds) == 0 || (cmds[0].Verb != parser.Accept && cmds[0].Verb != parser.Refuse) {
		if id, token, err := challengeNamed(m, parser.LobbyCommand{}); err == nil && token != "" {
			switch parser.ReadAnswer(m.Text) {
			case parser.Yes:
				return []parser.LobbyCommand{{Written: "(your reply to the invitation)", Verb: parser.Accept}}, nil
			case parser.No:
				return []parser.LobbyCommand{{Written: "(your reply to the invitation)", Verb: parser.Refuse}}, nil
			}
			if len(cmds) == 0 && len(parser.AccountCommands(m.Text)) == 0 {
				c, err := lb.Store.Challenge(ctx, id)
				if err != nil && !errors.Is(err, store.ErrNotFound) {
					return nil, err
				}
				if err == nil && c.Status == store.ChallengePending {
					return []parser.LobbyCommand{{Written: "(your reply to the invitation)", Verb: undecidedVerb, Args: []string{strconv.FormatInt(id, 10)}}}, nil
				}
			}
		}
	}
	return cmds, nil
}

// undecidedVerb is the pseudo-command of a reply to an invitation that
// says neither yes nor no, the challenge's number the argument.
const undecidedVerb = "undecided"

// cancelConfirmation cancels the confirmation whose token m replies to
// with a no: nothing is done, and the sender is told so — in the language
// the request was written in (a sign-up's "inscription Zoé" answered
// "non"), for a newcomer who chose none yet.
func (lb Lobby) cancelConfirmation(ctx context.Context, in store.Inbound, m parser.Mail, token string) error {
	in.Confirms = mailer.ConfirmHash(token)
	switch c, err := lb.Store.ConfirmationOf(ctx, in.Confirms); {
	case err == nil && c.Lang != "":
		ctx = core.WithLangOf(ctx, m.From, lang.Tag(c.Lang))
	case err != nil && !errors.Is(err, store.ErrNotFound):
		return err
	}
	return lb.lobbyAnswer(ctx, in, m, store.Applied, lang.T("cancelled"),
		lang.T("Nothing was done: your reply said no, so that request is cancelled. To ask again, write it again."))
}

// confirmTokenOf finds the confirmation m replies to: its reply address
// among the recipients, else its Message-ID as the mail m answers
// (In-Reply-To, or the last of References). A reply further down the
// thread — to the "you are signed up" that answered the confirmation —
// answers that mail, not the confirmation.
func confirmTokenOf(m parser.Mail) (string, bool) {
	for _, addr := range append(append([]string{}, m.To...), m.Cc...) {
		if token, ok := mailer.ParseConfirmAddress(addr); ok {
			return token, true
		}
	}
	parent := m.InReplyTo
	if parent == "" && len(m.References) > 0 {
		parent = m.References[len(m.References)-1]
	}
	return mailer.ParseConfirmID(parent)
}

// signoffChoice is resign or keep when a line of text (not quoted) opens
// with that word, the first such line winning; "" when none does.
func signoffChoice(text string) string {
	for _, line := range strings.Split(text, "\n") {
		fields := strings.Fields(line)
		if len(fields) == 0 || strings.HasPrefix(fields[0], ">") {
			continue
		}
		switch w := parser.LobbyWord(strings.TrimRight(fields[0], ".,;:!?")); w {
		case choiceResign, choiceKeep:
			return w
		}
	}
	return ""
}
