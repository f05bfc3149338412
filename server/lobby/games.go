package lobby

import (
	"pbem/server/core"

	"context"
	"strconv"
	"strings"

	"pbem/engine"
	"pbem/lang"
	"pbem/mailer"
	"pbem/parser"
	"pbem/store"
	"pbem/templates"
)

// lobbyGames handles the game commands of a mail to the lobby: new,
// accept, decline, join, games, board, takeover; ladder goes to the
// ladders (Core.LadderMail), tournament to the tournaments
// (Core.Tournament). Only the first command of the mail is done; one
// mail, one answer. Only a registered player may start or join a game, a
// ladder or a tournament; an invited address answers its invitation
// whether registered or not, as an operator's game lets anyone play, and
// a player the operator seated in games, ladders or tournaments may see
// them and act on what they are in (ownCommand).
func (lb Lobby) lobbyGames(ctx context.Context, in store.Inbound, m parser.Mail, cmds []parser.LobbyCommand) (mailer.Verdict, bool, error) {
	c := cmds[0]
	address := parser.CanonicalAddress(m.From)
	pid, registered, err := lb.Store.Registered(ctx, address)
	if err != nil {
		return mailer.Rejected, true, err
	}
	own := ownCommand(c)
	if c.Verb == parser.Accept || c.Verb == parser.Refuse {
		err = lb.answerChallenge(ctx, in, m, c, pid)
	} else if !registered && !(own && pid != 0) {
		err = lb.lobbyAnswer(ctx, in, m, store.Refused, lang.T("sign up first"), lang.T("Sign up first: write signup YOUR NAME to %s, then start or join a game.", lb.Core.Address()))
	} else {
		switch c.Verb {
		case parser.New:
			err = lb.newFromMail(ctx, in, m, pid, c.Args)
		case parser.Join:
			err = lb.join(ctx, in, m, pid, c.Args)
		case parser.Games:
			if len(c.Args) > 0 && strings.EqualFold(c.Args[0], "open") {
				err = lb.openGamesAnswer(ctx, in, m)
			} else {
				err = lb.gamesAnswer(ctx, in, m, pid)
			}
		case parser.BoardOf:
			err = lb.boardAnswer(ctx, in, m, pid, c.Args)
		case parser.Ladder:
			err = lb.Core.LadderMail(ctx, in, m, pid, c.Args)
		case parser.Takeover, parser.Takeovers:
			err = lb.takeover(ctx, in, m, pid, c.Args)
		case parser.Tournament, parser.Tournaments:
			err = lb.Core.Tournament(ctx, in, m, c, pid)
		default:
			return mailer.Rejected, false, nil
		}
	}
	if engine.IsRefusal(err) {
		err = lb.lobbyAnswer(ctx, in, m, store.Refused, lang.T("not done"), core.RefusalSentence(err))
	}
	if err != nil {
		return mailer.Rejected, true, err
	}
	return mailer.Accepted, true, nil
}

// lobbyAnswer records in with outcome and answers its sender with text.
func (lb Lobby) lobbyAnswer(ctx context.Context, in store.Inbound, m parser.Mail, outcome string, topic, text lang.Msg) error {
	out, err := lb.Notice(ctx, m.From, topic, text, m)
	if err != nil {
		return err
	}
	in.Outcome, in.Detail = outcome, text.String()
	return lb.Store.RecordInbound(ctx, store.Record{Inbound: &in, Mails: []store.OutMail{out}})
}

// Notice is a notice mail to address, named as the player who owns
// it is, outside any game (answered: the mail it answers, if any), in
// their language (the server's default for an address of no player's).
func (lb Lobby) Notice(ctx context.Context, address string, topic, text lang.Msg, answered parser.Mail) (store.OutMail, error) {
	return lb.namedNotice(ctx, address, "", topic, text, answered)
}

// namedNotice is lobbyNotice greeting name (see greeting).
func (lb Lobby) namedNotice(ctx context.Context, address, name string, topic, text lang.Msg, answered parser.Mail) (store.OutMail, error) {
	who, tag, err := lb.Core.Greeting(ctx, address, name)
	if err != nil {
		return store.OutMail{}, err
	}
	return lb.Core.ComposeTo(ctx, tag, address, "notice", lang.T("pbem: %s", topic), templates.Notice{Player: who, Text: text.In(tag)}, answered)
}

// idArg reads the number a command names, as "join 12" or "board #12";
// the refusal of none is join's or board's (another verb's caller says
// its own).
func idArg(verb string, args []string) (int64, error) {
	if len(args) > 0 {
		if id, err := strconv.ParseInt(strings.TrimPrefix(args[0], "#"), 10, 64); err == nil && id > 0 {
			return id, nil
		}
	}
	switch verb {
	case parser.Join:
		return 0, engine.Refuse("join needs a number, as join 12: games open lists the games waiting for players")
	case parser.Takeover:
		return 0, engine.Refuse("takeover needs a game's number, as takeover 12: takeovers lists the seats on offer")
	}
	return 0, engine.Refuse("board needs a number, as board 12: games lists yours")
}

// ownCommand reports whether c is about what its sender is in already, or
// only looks: games and board of their own games; a ladder or the
// tournaments shown, leaving a ladder or challenging on it, withdrawing
// from a tournament. A player the operator put in a game, on a ladder or
// in a tournament without their signing up may do these; entering
// something new — a game, a ladder, a tournament, a seat to take over —
// takes an account.
func ownCommand(c parser.LobbyCommand) bool {
	switch c.Verb {
	case parser.BoardOf:
		return true
	case parser.Games:
		return len(c.Args) == 0 || !strings.EqualFold(c.Args[0], "open")
	case parser.Tournaments:
		return true
	case parser.Ladder, parser.Tournament:
		return !enters(c.Args)
	}
	return false
}

// enters reports whether the arguments of a ladder or tournament command
// enter the sender in something — join, or a new tournament — in either
// language.
func enters(args []string) bool {
	if len(args) == 0 {
		return false
	}
	sub := parser.Subcommand(args[0])
	return sub == parser.SubJoin || sub == parser.SubNew
}
