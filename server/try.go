package server

import (
	"pbem/server/core"

	"fmt"
	"strings"

	"pbem/engine"
	"pbem/lang"
	"pbem/parser"
	"pbem/store"
	"pbem/templates"
)

// try answers a "try MOVE" line of seat: the board as c.Move would leave
// the game, the move completed by the engine (Amplitude's formula) with its
// score and events, or why the engine would refuse it. It plays nothing:
// the engine's Apply returns a new state and a.state, the game as the
// commands before the try left it, stays as it was. An illegal move is an
// answer, not a refusal of the mail, since asking about one is a fair
// question; only a try that does not read (c.Err) refuses the mail, as a
// mistyped move does.
func (s *Server) try(l loaded, a acted, next, seat int, c parser.Command) (store.OutMail, error) {
	g := l.row
	to := l.answerTo(seat)
	tag := s.mail.langOf(to)
	var body, flow string
	switch {
	case g.Status != store.StatusActive || a.state.Over():
		status := store.StatusWord(g.Status)
		if g.Status == store.StatusActive {
			status = lang.T("over") // a move earlier in the mail ended it
		}
		body = lang.T("Game %d is %s: it takes no more moves, so there is nothing to try.\nThe board and history commands still answer.", g.ID, status).In(tag) + "\n"
		flow = body
	case c.Err != nil:
		return store.OutMail{}, core.LineRefusal(c, c.Err)
	default:
		var err error
		if body, flow, err = tried(l.game, a.state, c.Move, core.Names(g), next, seat, tag); err != nil {
			return store.OutMail{}, err
		}
	}
	what := engine.NotationIn(l.game, triedText(c), tag)
	return s.mail.templated(g, to, "answer", lang.T("trying %s", what), templates.Answer{
		Game: l.game.Name(), GameID: g.ID, Player: g.Seats[seat].Label(), Title: lang.T("Trying %s", what).In(tag), Body: body, Flow: flow,
	}, s.mail.footer(g, a.state, next, seat))
}

// tried is the body of the answer to trying m for seat on st, the seats
// named names, with next the move number a reply must write: the would-be board, the score and
// how to play it; or, when the engine refuses the move, why, and whose
// turn it is when it is not seat's. Errors other than a refusal are
// returned. It is written twice: for the text part, and without the
// board's grid and with a sentence a line for the HTML part
// (engine.View.Flow).
func tried(kind engine.Game, st engine.State, m engine.Move, names []string, next, seat int, t lang.Tag) (text, flow string, err error) {
	after, out, err := st.Apply(seat, m)
	if engine.IsRefusal(err) {
		return refusedTry(kind, st, m, err, names, next, seat, t, false), refusedTry(kind, st, m, err, names, next, seat, t, true), nil
	}
	if err != nil {
		return "", "", err
	}
	return triedBody(kind, st, after, out, names, next, seat, t, false), triedBody(kind, st, after, out, names, next, seat, t, true), nil
}

// triedBody is tried's answer to a move the engine plays, after and out
// what it did, as tried says; for the HTML part with flow.
func triedBody(kind engine.Game, st, after engine.State, out engine.Outcome, names []string, next, seat int, t lang.Tag, flow bool) string {
	view := engine.View{Seat: seat, Names: names, Before: st, Lang: t, Flow: flow}
	hidden := handOf(st, seat) != ""
	if hidden {
		// The seat's rack after the move holds the tokens it would draw:
		// showing them would let a try pick moves by the bag's secrets.
		view.Seat = -1
	}
	var b strings.Builder
	b.WriteString(after.Render(view))
	if hidden {
		b.WriteString(core.OneLineIf(flow, lang.T("(Your tokens after it are not shown: the ones you would draw stay secret\nuntil you play.)").In(t)) + "\n")
	}
	move := engine.NotationIn(kind, out.Move, t)
	switch out.Score {
	case 0:
		b.WriteString("\n" + lang.T("%s would score no points.", move).In(t) + "\n")
	case 1, -1:
		b.WriteString("\n" + lang.T("%s would score %d point.", move, out.Score).In(t) + "\n")
	default:
		b.WriteString("\n" + lang.T("%s would score %d points.", move, out.Score).In(t) + "\n")
	}
	events := core.AllWithNames(lang.All(out.Events, t), names)
	if after.Over() {
		events = withoutEnding(events, after, names, t) // the board says it
	}
	for _, e := range events {
		b.WriteString("  " + e + "\n")
	}
	b.WriteString("\n" + lang.T("Nothing was played: this was only a try. To play it, reply with this line:").In(t))
	fmt.Fprintf(&b, "\n\n  #%d %s\n", next, move)
	return b.String()
}

// refusedTry is the answer to a try of kind the engine refuses (why), the
// move in its reader's words: the reason, and when it is not seat's turn,
// whose it is, since the board may change before the seat can play. With
// flow, each sentence is on one line, for the HTML part.
func refusedTry(kind engine.Game, st engine.State, m engine.Move, why error, names []string, next, seat int, t lang.Tag, flow bool) string {
	var b strings.Builder
	// The move does not open the sentence: capitalised, "b1-b2" would
	// read as another square.
	b.WriteString(core.WithNames(core.Sentence(lang.T("you could not play %s: %s", engine.NotationIn(kind, m.String(), t), engine.RefusalIn(why, t)).In(t)), names) + "\n")
	if to := st.ToMove(); to >= 0 && to != seat {
		b.WriteString(core.OneLineIf(flow, lang.T("%s is to play move #%d; try it again once it is your turn, as the board may\nchange before then.", names[to], next).In(t)) + "\n")
	}
	b.WriteString("\n" + lang.T("Nothing was played: the game is as it was.").In(t) + "\n")
	return b.String()
}

// triedText is what c tried, for the subject and the title: the move in
// the game's notation, else the text as written, cut short and without
// control characters, since it comes from the mail.
func triedText(c parser.Command) string {
	if c.Move != nil {
		return c.Move.String()
	}
	if text := printable(parser.QuoteStart(c.Text)); strings.TrimSpace(text) != "" {
		return text
	}
	return "a move"
}
