package lobby

import (
	"pbem/server/core"

	"context"
	"fmt"
	"strings"

	"pbem/engine"
	"pbem/lang"
	"pbem/mailer"
	"pbem/parser"
	"pbem/store"
	"pbem/templates"
)

// gamesAnswer answers "games": the sender's active games, each with its
// opponents, whose turn it is, the move number and the reply address that
// plays in it, then the challenges waiting with a seat of theirs.
func (lb Lobby) gamesAnswer(ctx context.Context, in store.Inbound, m parser.Mail, pid int64) error {
	ids, err := lb.Store.ActiveGamesOf(ctx, pid)
	if err != nil {
		return err
	}
	var lines []lang.Msg
	for _, id := range ids {
		l, err := lb.Core.Load(ctx, id)
		if err != nil {
			return err
		}
		seat := core.SeatOfPlayer(l.Row, pid)
		if seat < 0 {
			continue
		}
		var others []string
		for _, o := range l.Row.Seats {
			if o.Seat != seat {
				others = append(others, o.Label())
			}
		}
		turn := lang.T("nobody's turn")
		if to := l.State.ToMove(); to == seat {
			turn = lang.T("your turn")
		} else if to >= 0 {
			turn = lang.T("%s's turn", l.Row.Seats[to].Label())
		}
		reply, err := lb.replyAddress(l.Row, seat)
		if err != nil {
			return err
		}
		lines = append(lines, lang.T("Game %d, %s, with %s: %s, move %d. To play, write to %s (board %d sends its board again).",
			id, l.Kind.Name(), strings.Join(others, ", "), turn, core.NextTurn(l.Row, nil), reply, id))
	}
	cids, err := lb.Store.ChallengesOf(ctx, pid, parser.CanonicalAddress(m.From))
	if err != nil {
		return err
	}
	for _, id := range cids {
		c, err := lb.Store.Challenge(ctx, id)
		if err != nil {
			return err
		}
		kind, err := lb.Games.Lookup(c.Game)
		if err != nil {
			return err
		}
		var waiting []lang.Msg
		mine := false
		for i, cs := range c.Seats {
			if !cs.Accepted {
				waiting = append(waiting, seatNames(c)[i])
				mine = mine || ownsSeat(cs, pid, m.From)
			}
		}
		next := lang.T("waiting for %s; decline %d calls it off", commaList(waiting), id)
		if mine {
			next = lang.T("waiting for your answer: write accept %d or decline %d", id, id)
		}
		lines = append(lines, lang.T("Challenge %d, %s, seats: %s: %s. It expires %s.",
			id, kind.Name(), seatsText(c), next, core.WhenMsg(c.ExpiresAt)))
	}
	if len(lines) == 0 {
		lines = []lang.Msg{lang.T("You have no game here now. Start one: write new %s with ADDRESS, new %s open 1 or new %s with computer; games open lists the games waiting for players.",
			lb.Games.IDs()[0], lb.Games.IDs()[0], lb.Games.IDs()[0])}
	}
	return lb.lobbyAnswer(ctx, in, m, store.Applied, lang.T("your games"), core.Paragraphs(lines))
}

// openGamesAnswer answers "games open": the challenges with open seats.
func (lb Lobby) openGamesAnswer(ctx context.Context, in store.Inbound, m parser.Mail) error {
	ids, err := lb.Store.OpenChallenges(ctx)
	if err != nil {
		return err
	}
	var lines []lang.Msg
	for _, id := range ids {
		c, err := lb.Store.Challenge(ctx, id)
		if err != nil {
			return err
		}
		kind, err := lb.Games.Lookup(c.Game)
		if err != nil {
			return err
		}
		lines = append(lines, lang.T("Challenge %d, %s: %d of %d seats taken (%s); options: %s; expires %s. Write join %d to take a seat.",
			id, kind.Name(), c.Taken(), len(c.Seats), seatsText(c), optionsText(c.Options), core.WhenMsg(c.ExpiresAt), id))
	}
	if len(lines) == 0 {
		lines = []lang.Msg{lang.T("No game waits for players now. Start one that does: write new %s open 1.", lb.Games.IDs()[0])}
	}
	return lb.lobbyAnswer(ctx, in, m, store.Applied, lang.T("games open"), core.Paragraphs(lines))
}

// boardAnswer answers "board ID": the board of one of the sender's own
// games, as the game's own board answer, its reply address playing in
// it. Another's game, or none, is refused alike, telling nothing of it.
func (lb Lobby) boardAnswer(ctx context.Context, in store.Inbound, m parser.Mail, pid int64, args []string) error {
	id, err := idArg(parser.BoardOf, args)
	if err != nil {
		return err
	}
	notYours := engine.Refuse("you have no game %d here: games lists yours", id)
	l, err := lb.Core.Load(ctx, id)
	if engine.IsRefusal(err) {
		return notYours
	}
	if err != nil {
		return err
	}
	seat := core.SeatOfPlayer(l.Row, pid)
	if seat < 0 {
		return notYours
	}
	next := core.NextTurn(l.Row, nil)
	to := l.AnswerTo(seat)
	tag := lb.Core.LangOf(to)
	text := lang.T("The board after move %d.", next-1).In(tag)
	if next == 1 {
		text = lang.T("The board before the first move.").In(tag)
	}
	switch to := l.State.ToMove(); {
	case l.State.Over() || l.Row.Status != store.StatusActive:
		text = lang.T("The game is over; its last board.").In(tag)
	case to == seat:
		text += " " + lang.T("It is your turn: reply to this mail with your move, as #%d followed by it.", next).In(tag)
	default:
		text += " " + lang.T("It is %s's turn; reply to this mail to say something or resign.", l.Row.Seats[to].Label()).In(tag)
	}
	data := templates.Notice{Game: l.Kind.Name(), GameID: id, Player: l.Row.Seats[seat].Label(), Text: text}
	data.Board, data.Flow = core.Rendered(l.State, engine.View{Seat: seat, Names: core.Names(l.Row), Lang: tag})
	out, err := lb.Core.Templated(l.Row, to, "notice", lang.T("the board"), data, lb.Core.Footer(l.Row, l.State, next, seat))
	if err != nil {
		return err
	}
	in.Outcome, in.Detail = store.Applied, fmt.Sprintf("board of game %d", id)
	return lb.Store.RecordInbound(ctx, store.Record{Inbound: &in, Mails: []store.OutMail{out}})
}

// replyAddress is the reply address of seat of g.
func (lb Lobby) replyAddress(g store.Game, seat int) (string, error) {
	token := mailer.Token(g.Secret, g.ID, seat, g.Seats[seat].TokenGen)
	return mailer.ReplyAddress(lb.Core.Address(), g.ID, token)
}
