package account

import (
	"context"

	"pbem/lang"
	"pbem/parser"
	"pbem/server/core"
	"pbem/store"
	"pbem/templates"
)

// choice is a player's new account choice, as read from what they wrote:
// what they are told of it, in the language they are told it in, and how
// it is written with the mail that tells them.
type choice struct {
	tag   lang.Tag
	text  string // in tag
	write func(mails []store.OutMail) error
}

// setChoice changes an account choice of the player who owns address, as
// read makes it of what was written (a refusal when it cannot): the
// player is mailed the confirmation, written with the change in one
// transaction, and setChoice returns its text. It serves a mail (in,
// answered) as well as the command line (in nil): a confirmation asked
// for by mail goes to the address it came from, one of the player's, and
// the operator's to the player's own address, whatever case the operator
// wrote it in.
func (a Accounts) setChoice(ctx context.Context, address string, in *store.Inbound, answered parser.Mail, subject lang.Msg, read func(p store.Player) (choice, error)) (string, error) {
	p, err := a.Core.PlayerOf(ctx, address)
	if err != nil {
		return "", err
	}
	c, err := read(p)
	if err != nil {
		return "", err
	}
	to := address
	if in == nil {
		to = p.Email
	}
	m, err := a.Core.ComposeTo(ctx, c.tag, to, "notice", subject, templates.Notice{Player: core.Label(p), Text: c.text}, answered)
	if err != nil {
		return "", err
	}
	return c.text, c.write([]store.OutMail{m})
}
