package server

import (
	"context"

	"pbem/engine"
	"pbem/mailer"
	"pbem/parser"
	"pbem/store"
)

// Account commands are about the player rather than one game: a vacation
// stops their clocks in every game, mail every|turn|digest HH:MM says how
// much mail they get from all of them, lang fr|en their language,
// pictures on|off whether those mails show the board as a picture. Each
// goes alone in its mail, recorded in one transaction with all it changes.

// accountChange is how an account command changes the account of the
// player who owns address, as spec says, for a mail (in, answered); it
// returns what the player is told.
type accountChange func(ctx context.Context, address, spec string, in *store.Inbound, answered parser.Mail) (string, error)

// changeOf is the change account command verb makes: vacation (and back),
// mail, lang or pictures.
func (s *Server) changeOf(verb string) accountChange {
	switch verb {
	case parser.MailPref:
		return s.mailPref
	case parser.Lang:
		return s.langPref
	case parser.Pictures:
		return s.picturesPref
	}
	return s.clocks().ChangeVacation
}

// accountCommand finds the account command among cmds, if any.
func accountCommand(cmds []parser.Command) (parser.Command, bool) {
	for _, c := range cmds {
		switch c.Verb {
		case parser.Vacation, parser.Back, parser.MailPref, parser.Lang, parser.Pictures:
			return c, true
		}
	}
	return parser.Command{}, false
}

// account handles a mail holding account command c, sent through game l
// by the player at seat.
func (s *Server) account(ctx context.Context, in store.Inbound, l loaded, seat int, cmds []parser.Command, c parser.Command, m parser.Mail) (mailer.Verdict, error) {
	if len(cmds) > 1 {
		return s.refuse(ctx, in, l, seat, refusal(c, engine.Refuse("%s goes alone in its mail: it is about all your games", verbWord(c.Verb))))
	}
	if c.Err != nil {
		return s.refuse(ctx, in, l, seat, refusal(c, c.Err))
	}
	spec := c.Text
	if c.Verb == parser.Back {
		spec = parser.Back
	}
	in.Outcome, in.Detail = store.Applied, c.Written
	_, err := s.changeOf(c.Verb)(ctx, l.answerTo(seat).Email, spec, &in, m)
	if engine.IsRefusal(err) {
		return s.refuse(ctx, in, l, seat, refusal(c, err))
	}
	if err != nil {
		return mailer.Rejected, err
	}
	return mailer.Accepted, nil
}
