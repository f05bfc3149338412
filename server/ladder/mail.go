package ladder

import (
	"context"
	"slices"
	"strings"

	"pbem/engine"
	"pbem/lang"
	"pbem/parser"
	"pbem/server/core"
	"pbem/store"
)

// FromMail does "ladder ARGS" for registered player pid, written in mail
// m (recorded as in): ladder lists the ladders; ladder GAME shows one;
// ladder join GAME, ladder leave GAME, ladder challenge NAME|ADDRESS
// [GAME] act. A refusal changes nothing; the lobby answers it.
func (ls Ladders) FromMail(ctx context.Context, in store.Inbound, m parser.Mail, pid int64, args []string) error {
	if !ls.Mail {
		return engine.Refuse("ladders are off on this server")
	}
	me, err := ls.Store.Player(ctx, pid)
	if err != nil {
		return err
	}
	if len(args) == 0 {
		return ls.listAnswer(ctx, in, m, me)
	}
	verb := parser.Subcommand(args[0])
	ok := verb == parser.SubJoin || verb == parser.SubLeave || verb == parser.SubChallenge
	if !ok {
		l, err := ls.Find(ctx, args[0])
		if err != nil {
			return err
		}
		return ls.showAnswer(ctx, in, m, me, l)
	}
	if len(args) < 2 {
		if verb == "challenge" {
			return engine.Refuse("ladder challenge needs whom: ladder challenge NAME or ADDRESS, and the game when you are on several ladders")
		}
		return engine.Refuse("ladder %s needs the game, as ladder %s amplitude: ladder lists the ladders", verb, verb)
	}
	switch verb {
	case "join":
		l, err := ls.Find(ctx, args[1])
		if err != nil {
			return err
		}
		_, err = ls.Join(ctx, l, me, &in, m)
		return err
	case "leave":
		l, err := ls.Find(ctx, args[1])
		if err != nil {
			return err
		}
		return ls.Leave(ctx, l, me, &in, m)
	}
	// ladder challenge NAME [GAME]: a name may hold blanks, so the last
	// word is the game only when it names a ladder.
	who, game := args[1:], []string(nil)
	if n := len(who); n > 1 {
		if _, err := ls.Find(ctx, who[n-1]); err == nil {
			who, game = who[:n-1], who[n-1:]
		}
	}
	defender, err := ls.player(ctx, strings.Join(who, " "))
	if err != nil {
		return err
	}
	l, err := ls.common(ctx, me, defender, game)
	if err != nil {
		return err
	}
	_, err = ls.Challenge(ctx, l, me, defender, &in, m)
	return err
}

// common is the ladder a challenge is on: the one named in rest, else
// the only one both players are on.
func (ls Ladders) common(ctx context.Context, me, them store.Player, rest []string) (store.Ladder, error) {
	if len(rest) > 0 {
		return ls.Find(ctx, rest[0])
	}
	mine, err := ls.Store.LaddersOf(ctx, me.ID)
	if err != nil {
		return store.Ladder{}, err
	}
	theirs, err := ls.Store.LaddersOf(ctx, them.ID)
	if err != nil {
		return store.Ladder{}, err
	}
	var both []int64
	for _, id := range mine {
		if slices.Index(theirs, id) >= 0 {
			both = append(both, id)
		}
	}
	switch len(both) {
	case 0:
		return store.Ladder{}, engine.Refuse("you and %s are on no ladder together: ladder lists the ladders", core.Label(them))
	case 1:
		return ls.Store.LadderByID(ctx, both[0])
	}
	return store.Ladder{}, engine.Refuse("you and %s are on several ladders together: write the game after the name, as ladder challenge %s amplitude", core.Label(them), core.Label(them))
}

// showAnswer answers m with ladder l as it stands, in the "ladder" mail.
func (ls Ladders) showAnswer(ctx context.Context, in store.Inbound, m parser.Mail, me store.Player, l store.Ladder) error {
	v, err := ls.Show(ctx, l)
	if err != nil {
		return err
	}
	who, tag, err := ls.Core.Greeting(ctx, m.From, me.Name)
	if err != nil {
		return err
	}
	data := v.Mail(me.ID, who, ls.Summary(l, v.Rungs, me.ID), tag)
	out, err := ls.Core.ComposeTo(ctx, tag, m.From, "ladder", lang.T("pbem: %s", lang.T("the %s ladder", ls.gameName(l))), data, m)
	if err != nil {
		return err
	}
	in.Outcome, in.Detail = store.Applied, "ladder"
	return ls.Store.RecordInbound(ctx, store.Record{Inbound: &in, Mails: []store.OutMail{out}})
}

// listAnswer answers m with the ladders, a line each.
func (ls Ladders) listAnswer(ctx context.Context, in store.Inbound, m parser.Mail, me store.Player) error {
	ladders, err := ls.Store.Ladders(ctx)
	if err != nil {
		return err
	}
	if len(ladders) == 0 {
		return ls.answer(ctx, in, m, me, lang.T("ladders"), lang.T("This server has no ladder yet: its operator makes them."), nil)
	}
	var lines []lang.Msg
	for _, l := range ladders {
		rungs, err := ls.Store.Rungs(ctx, l.ID)
		if err != nil {
			return err
		}
		lines = append(lines, ls.Summary(l, rungs, me.ID))
	}
	text := lang.T("The ladders: write ladder GAME to see one, ladder join GAME to join it at the bottom.")
	return ls.answer(ctx, in, m, me, lang.T("ladders"), text, func(t lang.Tag) string {
		return strings.Join(lang.All(lines, t), "\n\n")
	})
}

// answer records in, applied, with its answer to me.
func (ls Ladders) answer(ctx context.Context, in store.Inbound, m parser.Mail, me store.Player, topic, text lang.Msg, board func(lang.Tag) string) error {
	out, err := ls.notice(ctx, m.From, me.Name, topic, text, board, m)
	if err != nil {
		return err
	}
	in.Outcome, in.Detail = store.Applied, "ladder"
	return ls.Store.RecordInbound(ctx, store.Record{Inbound: &in, Mails: []store.OutMail{out}})
}
