package ratings

import (
	"context"

	"pbem/engine"
	"pbem/lang"
	"pbem/server/core"
	"pbem/store"
	"pbem/templates"
)

// Mailer is what the standings' answer needs of the server's core: a
// mail composed in its recipient's language, with a game's status block.
type Mailer interface {
	Templated(g store.Game, to store.Seat, name string, topic lang.Msg, data any, foot *templates.Footer) (store.OutMail, error)
	Footer(g store.Game, st engine.State, next, seat int) *templates.Footer
	LangOf(seat store.Seat) lang.Tag
}

// Standings is the answer to "standings" from seat of game l: the
// ratings of the game's type, the asker's line marked. A game that moves,
// the mail's own, finish (leaving it in state after) counts already, as
// "history" after a move lists it; next is the move number after them.
func Standings(ctx context.Context, st Store, m Mailer, l core.Game, after engine.State, moves []store.Move, next, seat int) (store.OutMail, error) {
	g := l.Row
	rs, err := st.Ratings(ctx, g.Type)
	if err != nil {
		return store.OutMail{}, err
	}
	placings, err := Result(ctx, st, g, after, moves)
	if err != nil {
		return store.OutMail{}, err
	}
	if placings != nil {
		rs = withResult(rs, g, placings)
	}
	to := l.AnswerTo(seat)
	tag := m.LangOf(to)
	pid := g.Seats[seat].PlayerID
	return m.Templated(g, to, "answer", lang.T("standings"), templates.Answer{
		Game: l.Kind.Name(), GameID: g.ID, Player: g.Seats[seat].Label(), Title: lang.T("The standings").In(tag),
		Body: standingsText(l.Kind.Name(), rs, pid, tag, false), Flow: standingsText(l.Kind.Name(), rs, pid, tag, true),
	}, m.Footer(g, after, next, seat))
}
