package server

import (
	"pbem/server/core"

	"context"
	"pbem/lang"
	"strings"
	"time"

	"pbem/engine"
	"pbem/store"
	"pbem/templates"
)

// How often the rate-limited answers may go: a stranger gets one
// explanation a day, and all strangers together Config.StrangersPerHour; a
// player whose mail held no command gets the game's status at most once an
// hour; refusals go at most Config.AnswersPerHour an hour to a seat and to
// an address. So an auto-responder that ignores Auto-Submitted cannot loop
// with the server, and forged senders cannot make it spray backscatter.
const (
	answerWindow = time.Hour
)

// Default rate limits, when the configuration sets none.
const (
	DefaultAnswersPerHour   = 5
	DefaultStrangersPerHour = 20
)

// noCommand records a player's mail that held no command (a thank-you, a
// comment) and answers it with where the game stands and how to write a
// move — unless that seat got such an answer within the hour. When the
// mail's subject holds a command, the answer says that commands go in the
// text.
func (rp *replies) noCommand(ctx context.Context, in store.Inbound, l loaded, seat int, subject string) error {
	m, err := rp.mail.statusMail(l, seat, subjectCommand(subject, l.game))
	if err != nil {
		return err
	}
	in.Outcome, in.Detail = store.Ignored, "no command: answered with the game's status, at most once an hour"
	err = rp.store.RecordInbound(ctx, store.Record{Inbound: &in, GameID: l.row.ID,
		Limited: &store.LimitedMail{Mail: m, Limits: []store.Limit{{Key: store.StatusKey(l.row.ID, seat), Every: core.StatusEvery}}}})
	return err
}

// statusMail is the "status" mail to seat of l, inSubject the command its
// mail wrote in its subject alone ("" for none).
func (c *composer) statusMail(l loaded, seat int, inSubject string) (store.OutMail, error) {
	g, st := l.row, l.state
	names := core.Names(g)
	to := l.answerTo(seat)
	tag := c.langOf(to)
	data := templates.Status{
		Game: l.game.Name(), GameID: g.ID, Player: g.Seats[seat].Label(), Moves: g.Turns,
		YourTurn: st.ToMove() == seat, MoveNumber: core.NextTurn(g, nil), Over: st.Over(), Notation: core.Notation(l.game, tag),
		InSubject: inSubject,
	}
	if to := st.ToMove(); to >= 0 {
		data.ToMove = names[to]
	}
	if insp, ok := st.(engine.Inspector); ok && !data.Over {
		data.Hand = strings.Join(strings.Split(insp.Hand(seat), ""), " ")
	}
	switch {
	case g.Status == store.StatusAborted:
		data.Over, data.Ending = true, lang.T("It was stopped by its operator.").In(tag)
	case data.Over:
		data.Ending = core.WithNames(core.Sentence(engine.Ending(st, engine.View{Names: names, Lang: tag})), names)
	}
	return c.templated(g, to, "status", lang.T("where the game stands"), data, c.footer(g, st, core.NextTurn(g, nil), seat))
}
