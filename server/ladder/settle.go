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

// Ended settles ladder challenge id, which the lobby ends without a game:
// status is its end (store.ChallengeDeclined, Expired or Cancelled), seat
// the seat that declined (-1 for none), in the mail that declined (nil
// for none), recorded with the result. The defender's decline and the
// expiry forfeit (the challenger takes the defender's rung); the
// challenger's own decline and the operator's cancel withdraw it.
func (ls Ladders) Ended(ctx context.Context, id int64, status string, seat int, in *store.Inbound) error {
	lc, err := ls.Store.LadderChallengeByID(ctx, id)
	if err != nil {
		return err
	}
	if lc.Outcome != "" || lc.Status != store.ChallengePending {
		return errSettled
	}
	outcome := store.LadderForfeited
	if status == store.ChallengeCancelled || (status == store.ChallengeDeclined && seat == 1) {
		outcome = store.LadderWithdrawn
	}
	if in != nil {
		in.Outcome, in.Detail = store.Applied, fmt.Sprintf("ladder challenge %d %s", id, outcome)
	}
	err = ls.settle(ctx, lc, outcome, status, in)
	if errors.Is(err, errSettled) && in != nil {
		return engine.Refuse("ladder challenge %d is settled already: write ladder to see the ladders", id)
	}
	if errors.Is(err, errSettled) {
		return nil
	}
	return err
}

// errSettled says that a challenge was settled, or accepted, meanwhile:
// nothing is left to do.
var errSettled = errors.New("settled meanwhile")

// GameOver applies the result of game id when it is a ladder's game and
// over, once: the challenger's win moves rungs, the defender's or a draw
// moves none, an aborted game is withdrawn.
func (ls Ladders) GameOver(ctx context.Context, id int64) error {
	return ls.gameOver(ctx, id)
}

func (ls Ladders) gameOver(ctx context.Context, id int64) error {
	lc, err := ls.Store.LadderChallengeOfGame(ctx, id)
	if errors.Is(err, store.ErrNotFound) {
		return nil
	}
	if err != nil || lc.Outcome != "" {
		return err
	}
	g, err := ls.Core.Load(ctx, id)
	if err != nil {
		return err
	}
	var outcome string
	switch g.Row.Status {
	case store.StatusActive:
		return nil
	case store.StatusFinished:
		outcome = store.LadderDrawn
		if w := g.State.Winners(); len(w) == 1 {
			outcome = store.LadderDefended
			if g.Row.Seats[w[0]].PlayerID == lc.Challenger {
				outcome = store.LadderWon
			}
		}
	default:
		outcome = store.LadderWithdrawn
	}
	if err := ls.settle(ctx, lc, outcome, "", nil); !errors.Is(err, errSettled) {
		return err
	}
	return nil
}

// settle writes outcome of lc once — the rungs it moves, end (the status
// its challenge ends with, "" when it started as a game), the mails to
// both players — trying again over rungs another process moved; errSettled
// when another settled it meanwhile (or, to be ended, it was accepted).
func (ls Ladders) settle(ctx context.Context, lc store.LadderChallenge, outcome, end string, in *store.Inbound) error {
	l, err := ls.Store.LadderByID(ctx, lc.Ladder)
	if err != nil {
		return err
	}
	for try := 1; ; try++ {
		order, rungs, err := ls.order(ctx, l.ID)
		if err != nil {
			return err
		}
		after := order
		if outcome == store.LadderWon || outcome == store.LadderForfeited {
			after = Won(order, lc.Challenger, lc.Defender)
		}
		mails, err := ls.resultMails(ctx, l, lc, outcome, end, rungs, after)
		if err != nil {
			return err
		}
		err = ls.Store.WriteLadder(ctx, store.LadderWrite{Ladder: l.ID, Before: order, After: after, Mails: mails, Inbound: in,
			Settle: []store.LadderSettle{{Challenge: lc.Challenge, Outcome: outcome, End: end}}})
		if !errors.Is(err, store.ErrConflict) || try >= attempts {
			return err
		}
		if lc, err = ls.Store.LadderChallengeByID(ctx, lc.Challenge); err != nil {
			return err
		}
		if lc.Outcome != "" || end != "" && lc.Status != store.ChallengePending {
			return errSettled // its game, or its end, settles it
		}
	}
}

// resultMails tell lc's two players its outcome and who moved where, and
// those it moved down between them where they are now.
func (ls Ladders) resultMails(ctx context.Context, l store.Ladder, lc store.LadderChallenge, outcome, end string, rungs []store.Rung, after []int64) ([]store.OutMail, error) {
	challenger, err := ls.Store.Player(ctx, lc.Challenger)
	if err != nil {
		return nil, err
	}
	defender, err := ls.Store.Player(ctx, lc.Defender)
	if err != nil {
		return nil, err
	}
	c, d, game := core.Label(challenger), core.Label(defender), ls.gameName(l)
	moved := !slices.Equal(after, orderOf(rungs))
	var text lang.Msg
	switch outcome {
	case store.LadderWon, store.LadderForfeited:
		how := lang.T("%s won game %d", c, lc.GameID)
		switch end {
		case store.ChallengeDeclined:
			how = lang.T("%s declined the challenge, which forfeits it", d)
		case store.ChallengeExpired:
			how = lang.T("%s did not accept in time, which forfeits it", d)
		}
		text = lang.T("Challenge %d on the %s ladder: %s. %s was above %s already, so nothing moves.", lc.Challenge, game, how, c, d)
		if moved {
			text = lang.T("Challenge %d on the %s ladder: %s. %s takes rung %d; %s moves down to rung %d, and everyone between moves down one.",
				lc.Challenge, game, how, c, slices.Index(after, lc.Challenger)+1, d, slices.Index(after, lc.Defender)+1)
		}
	case store.LadderDefended:
		text = lang.T("Challenge %d on the %s ladder: %s won game %d against %s and keeps their rung; nothing moves. %s may challenge %s again from %s.",
			lc.Challenge, game, d, lc.GameID, c, c, d, core.WhenMsg(ls.Core.Now().Add(l.Answer)))
	case store.LadderDrawn:
		text = lang.T("Challenge %d on the %s ladder: game %d between %s and %s is a draw; nothing moves. %s may challenge %s again from %s.",
			lc.Challenge, game, lc.GameID, c, d, c, d, core.WhenMsg(ls.Core.Now().Add(l.Answer)))
	default:
		text = lang.T("Challenge %d on the %s ladder, %s against %s, is withdrawn: nothing moves.", lc.Challenge, game, c, d)
	}
	var out []store.OutMail
	for _, p := range []store.Player{defender, challenger} {
		if r := rungOf(rungs, p.ID); r == nil {
			continue // left the ladder meanwhile (or signed off): no more ladder mail
		}
		m, err := ls.notice(ctx, p.Email, p.Name, lang.T("challenge %d on the %s ladder", lc.Challenge, game), text, nil, parser.Mail{})
		if err != nil {
			return nil, err
		}
		out = append(out, m)
	}
	if !moved {
		return out, nil
	}
	bumped, err := ls.bumpedMails(ctx, l, lc, c, d, rungs, after)
	return append(out, bumped...), err
}

// orderOf is rungs' players from the top down.
func orderOf(rungs []store.Rung) []int64 {
	out := make([]int64, len(rungs))
	for i, r := range rungs {
		out[i] = r.PlayerID
	}
	return out
}
