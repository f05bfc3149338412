package server

import (
	"pbem/server/core"

	"context"
	"fmt"
	"slices"
	"strings"
	"time"
	"unicode"
	"unicode/utf8"

	"pbem/engine"
	"pbem/lang"
	"pbem/parser"
	"pbem/server/ratings"
	"pbem/store"
	"pbem/templates"
)

// acted is what a player's commands did to a game, before it is stored.
type acted struct {
	moves []store.Move     // moves applied, in order
	state engine.State     // the game after them
	mails []store.OutMail  // answers to the player, chat relayed to others
	chat  []store.ChatLine // what the player said
	// at is when the moves were played, zero for now: the instant a
	// timeout fell due, however late the clock loop played it.
	at time.Time
	// offer is the game's offer to take back a turn as the commands left
	// it (undo.go): nil for none; read from the store once (offerRead),
	// written with the mail when the commands changed it and played no
	// move (offerChanged), a move dropping it.
	offer                   *store.UndoOffer
	offerRead, offerChanged bool
	// leave, when set, is the player's seat changing hands as they
	// resign, under the game's replace option (replace.go): no move.
	leave *leaving
}

// act runs a player's commands against game l: moves through the engine,
// the shared verbs (board, history, help, say) as mails. The first refused
// command, a mistyped one included, refuses them all: nothing of them is
// kept.
func (s *Server) act(ctx context.Context, l loaded, seat int, cmds []parser.Command) (acted, error) {
	a := acted{state: l.state}
	for _, c := range cmds {
		number := core.NextTurn(l.row, a.moves)
		if c.Guard > number {
			return acted{}, core.LineRefusal(c, engine.Refuse("#%d is ahead of the game: it is at move %d", c.Guard, number))
		}
		if c.Guard != 0 && c.Guard != number {
			return acted{}, core.LineRefusal(c, engine.Refuse("#%d is stale: the game is at move %d now", c.Guard, number))
		}
		switch c.Verb {
		case parser.Move:
			if l.row.Status != store.StatusActive {
				return acted{}, core.LineRefusal(c, engine.Refuse("game %d is %s: it takes no more moves, but board, history and help still answer", l.row.ID, store.StatusWord(l.row.Status)))
			}
			if c.Err != nil {
				return acted{}, core.LineRefusal(c, c.Err)
			}
			if isTimeout(c.Move) {
				return acted{}, core.LineRefusal(c, engine.Refuse("a timeout is what the server plays when a player's time runs out; to let your turn go, write pass, or resign to leave the game"))
			}
			if leave, err := s.leavesBy(l, seat, c.Move, a); leave != nil || err != nil {
				if err != nil {
					return acted{}, core.LineRefusal(c, err)
				}
				a.leave = leave
				continue
			}
			if isDecline(c) {
				if declined, err := s.declineUndo(ctx, l, &a, seat); err != nil || declined {
					if err != nil {
						return acted{}, err
					}
					continue
				}
			}
			offer, err := s.standingUndo(ctx, l, &a)
			if err != nil {
				return acted{}, err
			}
			if offer != nil && a.offerChanged {
				return acted{}, core.LineRefusal(c, engine.Refuse("a move would drop the offer to take back turn %d that your mail makes: write it in a mail of its own", offer.Turn))
			}
			if len(a.moves) > 0 {
				offer = nil // dropped by the first
			}
			next, m, err := s.apply(a.state, seat, c.Text, c.Move)
			if err != nil {
				return acted{}, core.LineRefusal(c, err)
			}
			if offer != nil {
				m.Events = append(slices.Clip(m.Events), lang.T("%s plays on: the offer to take back turn %d lapses.", engine.Capital(engine.SeatName(seat)), offer.Turn))
				a.offer, a.offerChanged = nil, false
			}
			a.moves, a.state = append(a.moves, m), next
			numberTurns(l.row, a.moves)
		case parser.Say:
			if strings.TrimSpace(c.Text) == "" {
				return acted{}, core.LineRefusal(c, engine.Refuse("say what? Write say, then your message"))
			}
			if n := utf8.RuneCountInString(c.Text); n > MaxSayLength {
				return acted{}, core.LineRefusal(c, engine.Refuse("that message is %d characters long; a say line holds at most %d, so split it over several say lines (a mail holds at most %d commands)", n, MaxSayLength, parser.MaxCommands))
			}
			text := printable(c.Text)
			a.chat = append(a.chat, store.ChatLine{Seat: seat, Text: text})
			relays, err := s.mail.relay(l.row, a.state, number, seat, text)
			if err != nil {
				return acted{}, err
			}
			a.mails = append(a.mails, relays...)
		case parser.Board, parser.History, parser.Help:
			answer, err := s.mail.answer(ctx, l, a, number, seat, c.Verb)
			if err != nil {
				return acted{}, err
			}
			a.mails = append(a.mails, answer)
		case parser.Try:
			answer, err := s.try(l, a, number, seat, c)
			if err != nil {
				return acted{}, err
			}
			a.mails = append(a.mails, answer)
		case parser.Standings:
			answer, err := ratings.Standings(ctx, s.store, s.kit(), l.core(), a.state, a.moves, number, seat)
			if err != nil {
				return acted{}, err
			}
			a.mails = append(a.mails, answer)
		case parser.Undo, parser.Accept:
			if err := s.undo(ctx, l, &a, seat, c); err != nil {
				return acted{}, core.LineRefusal(c, err)
			}
		case parser.Rematch:
			// A mail's rematch goes to the lobby before act (rematch.go):
			// this is the command line's game move.
			return acted{}, core.LineRefusal(c, engine.Refuse("a rematch is offered by mail, in reply to the game's mail; the operator starts one at once with pbem game rematch %d", l.row.ID))
		default:
			return acted{}, core.LineRefusal(c, engine.Refuse("%s is not a command this server knows yet", core.VerbWord(c.Verb)))
		}
	}
	return a, nil
}

// MaxSayLength is the most characters one say line may hold. With
// parser.MaxCommands it bounds what one mail can queue for every other
// player (20 lines of 2,000 characters each), so a pasted file or a
// runaway client cannot fill their mailboxes.
const MaxSayLength = 2000

// printable is a say line without the control characters (an escape
// sequence, a NUL, a bidirectional override) that would act on the other
// players' screens rather than be read; a tab becomes a space.
func printable(text string) string {
	return strings.Map(func(r rune) rune {
		switch {
		case r == '\t':
			return ' '
		case unicode.IsControl(r) || isBidiControl(r):
			return -1
		}
		return r
	}, text)
}

// relay is the mail telling the other players what seat said, the game
// standing as st with next the move to write.
func (c *composer) relay(g store.Game, st engine.State, next, seat int, text string) ([]store.OutMail, error) {
	names := core.Names(g)
	var out []store.OutMail
	for _, other := range g.Seats {
		if other.Bot != "" || other.Seat == seat {
			continue
		}
		m, err := c.templated(g, other, "chat", lang.T("%s says", names[seat]), templates.Chat{
			Game: c.gameName(g), GameID: g.ID, Player: other.Label(), From: names[seat], Text: text,
		}, c.footer(g, st, next, other.Seat))
		if err != nil {
			return nil, err
		}
		out = append(out, m)
	}
	return out, nil
}

// answer is the mail answering board, history or help, the game standing
// as the commands before it in the mail left it (a), with next the move to
// write: "history" after a move lists it.
func (c *composer) answer(ctx context.Context, l loaded, a acted, next, seat int, verb string) (store.OutMail, error) {
	st := a.state
	g := l.row
	to := l.answerTo(seat)
	tag := c.langOf(to)
	view := engine.View{Seat: seat, Names: core.Names(g), Lang: tag}
	var title, topic lang.Msg
	var body, flow string
	var pic *boardPicture
	switch verb {
	case parser.Board:
		title, topic = lang.T("The board"), lang.T("the board")
		body, flow = core.Rendered(st, view)
		pic = c.pictures(g, l.game).forSeat(to, st, view)
	case parser.History:
		moves, err := c.store.Moves(ctx, g.ID)
		if err != nil {
			return store.OutMail{}, err
		}
		moves = append(moves, a.moves...)
		title, topic = lang.T("The history"), lang.T("the history")
		body, flow = history(l.game, moves, view.Names, seat, tag, false), history(l.game, moves, view.Names, seat, tag, true)
	default:
		title, topic, body = lang.T("Help"), lang.T("help"), c.helpText(l.game, tag)
	}
	return c.composeWith(g, to, "answer", topic, c.newMessageID(g.ID, "answer"), templates.Answer{
		Game: l.game.Name(), GameID: g.ID, Player: g.Seats[seat].Label(), Title: title.In(tag), Body: body, Flow: flow,
		Picture: pic.cid(), PictureWidth: pic.px(),
	}, c.footer(g, st, next, seat), pic)
}

// helpText is the game's rules and notation, and the shared commands.
func (c *composer) helpText(g engine.Game, t lang.Tag) string {
	var b strings.Builder
	if d, ok := g.(engine.Documented); ok {
		b.WriteString(d.Rules().In(t) + "\n\n" + lang.T("Moves:").In(t) + "\n" + d.Notation().In(t) + "\n\n")
	}
	b.WriteString(lang.T(sharedHelp).In(t))
	return b.String()
}

// sharedHelp is the help on the commands every game shares: a row a
// command, the command and what it does separated by a tab (the answer's
// template lays the rows out).
const sharedHelp = "Also:\n" +
	"board\tthe board as it is now\n" +
	"history\tevery move so far\n" +
	"try MOVE\tthe board as MOVE would leave it, its score, or why it is illegal: plays nothing\n" +
	"say TEXT\ta message to the other players\n" +
	"standings\tevery player's rating at this game, yours marked\n" +
	"undo\toffers to take back the last turn and the moves after it; every other player answers undo (or accept) or decline; against the computer it is taken back at once\n" +
	"rematch\tonce the game is over: offers its players a new game, each seat moved on by one; they answer rematch (or accept) or decline\n" +
	"rekey\ta new reply address (alone in its mail), after a mail of the game was forwarded or seen by someone else\n" +
	"vacation 5d\tyour clocks stop in every game for 5 days (or 72h, or until 2026-12-24), each keeping its time; alone in its mail\n" +
	"back\tthe end of your vacation, now\n" +
	"mail turn\ta mail only when it is your turn or a game ends (or mail every, the default; or mail digest 08:30, one mail a day listing the games waiting for you); alone in its mail\n" +
	"pictures off\tthe board as text alone in your mails, no picture (or pictures on, the default); alone in its mail\n" +
	"lang fr\tyour mails in French (lang en: in English); commands are read in both languages; alone in its mail\n" +
	"stop\tno more mail from this server to your address, in any game, until you write to a game again\n" +
	"help\tthis help\n" +
	"Start a line with #N, the move number given in the last mail, so that a\n" +
	"late reply is refused rather than played on a board that has changed."

// gameName is the display name of a stored game's type.
func (c *composer) gameName(g store.Game) string {
	if kind, err := c.games.Lookup(g.Type); err == nil {
		return kind.Name()
	}
	return g.Type
}

// history is the text of moves as seat may read them, a line each: the
// turn's number, who, the move, and its points where it can score; an
// aside (a draw offer, its answer) shares its turn's line number. With
// flow, for a mail's HTML part, the numbers are not padded into a column
// and an aside is an item of its turn's line (engine.View.Flow).
func history(kind engine.Game, moves []store.Move, names []string, seat int, t lang.Tag, flow bool) string {
	if len(moves) == 0 {
		return lang.T("No move yet.").In(t) + "\n"
	}
	var b strings.Builder
	for _, m := range moves {
		number := fmt.Sprintf("%3d. ", m.Turn)
		switch {
		case flow && m.Aside:
			number = "  "
		case flow:
			number = fmt.Sprintf("%d. ", m.Turn)
		case m.Aside:
			number = "     "
		}
		fmt.Fprintf(&b, "%s%s: %s (%d)\n", number, names[m.Seat], seenBy(kind, t, m, seat), m.Score)
	}
	return b.String()
}
