package ladder

import (
	"context"
	"errors"
	"fmt"
	"slices"

	"pbem/engine"
	"pbem/lang"
	"pbem/parser"
	"pbem/server/core"
	"pbem/store"
)

// Join puts player p at the bottom of ladder l and tells them so; in is
// the mail that asked (nil for the operator), answered by the mail.
func (ls Ladders) Join(ctx context.Context, l store.Ladder, p store.Player, in *store.Inbound, answered parser.Mail) (int, error) {
	game := ls.gameName(l)
	for try := 1; ; try++ {
		order, _, err := ls.order(ctx, l.ID)
		if err != nil {
			return 0, err
		}
		if i := slices.Index(order, p.ID); i >= 0 {
			return 0, engine.Refuse("you are on the %s ladder already, on rung %d", game, i+1)
		}
		rung := len(order) + 1
		text := lang.T("You are on the %s ladder, on rung %d, the bottom. You may challenge anyone up to %d rungs above you: write ladder challenge NAME %s to %s. Write ladder %s to see it.",
			game, rung, l.Reach, l.Game, ls.Core.Address(), l.Game)
		out, err := ls.notice(ctx, p.Email, p.Name, lang.T("the %s ladder", game), text, nil, answered)
		if err != nil {
			return 0, err
		}
		if in != nil {
			in.Outcome, in.Detail = store.Applied, fmt.Sprintf("joined ladder %d", l.ID)
		}
		err = ls.Store.WriteLadder(ctx, store.LadderWrite{Ladder: l.ID, Before: order, After: append(slices.Clone(order), p.ID), Mails: []store.OutMail{out}, Inbound: in})
		if errors.Is(err, store.ErrConflict) && try < attempts {
			continue
		}
		return rung, err
	}
}

// Leave takes player p off ladder l, everyone below moving up one, and
// withdraws their open challenges there, each other player told; p is
// told unless quiet (a player who signed off wants no mail).
func (ls Ladders) Leave(ctx context.Context, l store.Ladder, p store.Player, in *store.Inbound, answered parser.Mail) error {
	return ls.leave(ctx, l, p, in, answered, false)
}

func (ls Ladders) leave(ctx context.Context, l store.Ladder, p store.Player, in *store.Inbound, answered parser.Mail, quiet bool) error {
	game := ls.gameName(l)
	for try := 1; ; try++ {
		order, _, err := ls.order(ctx, l.ID)
		if err != nil {
			return err
		}
		if !slices.Contains(order, p.ID) {
			return engine.Refuse("you are not on the %s ladder", game)
		}
		w := store.LadderWrite{Ladder: l.ID, Before: order, After: Without(order, p.ID), Inbound: in}
		open, err := ls.Store.OpenLadderChallenges(ctx, l.ID)
		if err != nil {
			return err
		}
		for _, c := range open {
			other := c.Challenger
			switch p.ID {
			case c.Challenger:
				other = c.Defender
			case c.Defender:
			default:
				continue
			}
			st := store.LadderSettle{Challenge: c.Challenge, Outcome: store.LadderWithdrawn}
			text := lang.T("%s left the %s ladder, so their challenge %d with you is withdrawn: nothing moves.", core.Label(p), game, c.Challenge)
			if c.Status == store.ChallengePending {
				st.End = store.ChallengeCancelled
			} else if c.GameID != 0 {
				text = lang.T("%s left the %s ladder, so their challenge %d with you is withdrawn: game %d plays on, but its result moves no one.", core.Label(p), game, c.Challenge, c.GameID)
			}
			w.Settle = append(w.Settle, st)
			o, err := ls.Store.Player(ctx, other)
			if err != nil {
				return err
			}
			out, err := ls.notice(ctx, o.Email, o.Name, lang.T("the %s ladder", game), text, nil, parser.Mail{})
			if err != nil {
				return err
			}
			w.Mails = append(w.Mails, out)
		}
		if !quiet {
			out, err := ls.notice(ctx, p.Email, p.Name, lang.T("the %s ladder", game),
				lang.T("You left the %s ladder; everyone below you moves up one. To come back, write ladder join %s: you start at the bottom.", game, l.Game), nil, answered)
			if err != nil {
				return err
			}
			w.Mails = append(w.Mails, out)
		}
		if in != nil {
			in.Outcome, in.Detail = store.Applied, fmt.Sprintf("left ladder %d", l.ID)
		}
		err = ls.Store.WriteLadder(ctx, w)
		if errors.Is(err, store.ErrConflict) && try < attempts {
			continue
		}
		return err
	}
}

// gameName is l's game as the mails name it.
func (ls Ladders) gameName(l store.Ladder) string {
	if kind, err := ls.Games.Lookup(l.Game); err == nil {
		return kind.Name()
	}
	return l.Game
}
