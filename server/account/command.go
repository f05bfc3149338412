package account

import (
	"context"

	"pbem/engine"
	"pbem/mailer"
	"pbem/parser"
	"pbem/server/core"
	"pbem/store"
)

// Account commands are about the player rather than one game: a vacation
// stops their clocks in every game, mail every|turn|digest HH:MM says how
// much mail they get from all of them, lang fr|en their language,
// pictures on|off whether those mails show the board as a picture. Each
// goes alone in its mail, recorded in one transaction with all it changes.

// Change is how an account command changes the account of the player
// who owns address, as spec says, for a mail (in, answered); it returns
// what the player is told.
type Change func(ctx context.Context, address, spec string, in *store.Inbound, answered parser.Mail) (string, error)

// ChangeOf is the change account command verb makes: vacation (and
// back), mail, lang or pictures.
func (a Accounts) ChangeOf(verb string) Change {
	switch verb {
	case parser.MailPref:
		return a.mailPref
	case parser.Lang:
		return a.langPref
	case parser.Pictures:
		return a.picturesPref
	}
	return a.Core.ChangeVacation
}

// Command finds the account command among cmds, if any.
func Command(cmds []parser.Command) (parser.Command, bool) {
	for _, c := range cmds {
		switch c.Verb {
		case parser.Vacation, parser.Back, parser.MailPref, parser.Lang, parser.Pictures:
			return c, true
		}
	}
	return parser.Command{}, false
}

// Handle handles a mail holding account command c, sent through game l
// by the player at seat.
func (a Accounts) Handle(ctx context.Context, in store.Inbound, l core.Game, seat int, cmds []parser.Command, c parser.Command, m parser.Mail) (mailer.Verdict, error) {
	if len(cmds) > 1 {
		return a.Core.Refuse(ctx, in, l, seat, core.LineRefusal(c, engine.Refuse("%s goes alone in its mail: it is about all your games", core.VerbWord(c.Verb))))
	}
	if c.Err != nil {
		return a.Core.Refuse(ctx, in, l, seat, core.LineRefusal(c, c.Err))
	}
	spec := c.Text
	if c.Verb == parser.Back {
		spec = parser.Back
	}
	in.Outcome, in.Detail = store.Applied, c.Written
	_, err := a.ChangeOf(c.Verb)(ctx, l.AnswerTo(seat).Email, spec, &in, m)
	if engine.IsRefusal(err) {
		return a.Core.Refuse(ctx, in, l, seat, core.LineRefusal(c, err))
	}
	if err != nil {
		return mailer.Rejected, err
	}
	return mailer.Accepted, nil
}
