package server

import (
	"strings"

	"pbem/mailer"
	"pbem/parser"
)

// withConfirmReply is cmds, the lobby commands of m, with a confirm
// command first when m replies to a confirmation (its reply address among
// the recipients, or its Message-ID in References) and does not open with
// one: a plain reply confirms. The word resign or keep (abandonner,
// garder) opening a line of the reply is the sign-off's choice.
func withConfirmReply(cmds []parser.LobbyCommand, m parser.Mail) []parser.LobbyCommand {
	token, ok := confirmTokenOf(m)
	if !ok || (len(cmds) > 0 && cmds[0].Verb == parser.Confirm) {
		return cmds
	}
	args := []string{token}
	if choice := signoffChoice(m.Text); choice != "" {
		args = append(args, choice)
	}
	c := parser.LobbyCommand{Written: "(your reply to the confirmation)", Verb: parser.Confirm, Args: args}
	return append([]parser.LobbyCommand{c}, cmds...)
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
