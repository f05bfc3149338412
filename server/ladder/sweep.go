package ladder

import (
	"context"
	"errors"
	"fmt"

	"pbem/parser"
	"pbem/store"
)

// Settle does what the clock loop owes the ladders: the ladder games over
// whose result was not applied (a crash between the game's last move and
// its result) applied, a challenge the lobby ended without telling the
// ladder settled, and the players who signed off taken off every ladder.
// It returns how many it did; one that fails does not keep the others
// waiting.
func (ls Ladders) Settle(ctx context.Context) (int, error) {
	n := 0
	var errs []error
	due, err := ls.Store.LadderChallengesToSettle(ctx)
	if err != nil {
		return 0, err
	}
	for _, lc := range due {
		if lc.Status == store.ChallengeStarted {
			err = ls.gameOver(ctx, lc.GameID)
		} else {
			outcome := store.LadderForfeited
			if lc.Status == store.ChallengeCancelled {
				outcome = store.LadderWithdrawn
			}
			if err = ls.settle(ctx, lc, outcome, "", nil); errors.Is(err, errSettled) {
				err = nil
			}
		}
		if err != nil {
			errs = append(errs, fmt.Errorf("ladder challenge %d: %w", lc.Challenge, err))
			continue
		}
		n++
	}
	gone, err := ls.Store.SignedOffOnLadders(ctx)
	if err != nil {
		return n, errors.Join(append(errs, err)...)
	}
	for _, lp := range gone {
		if err := ls.signedOff(ctx, lp[0], lp[1]); err != nil {
			errs = append(errs, fmt.Errorf("ladder %d, player %d signed off: %w", lp[0], lp[1], err))
			continue
		}
		n++
	}
	return n, errors.Join(errs...)
}

// SignedOff takes player pid, who signed off, off every ladder they are
// on, without a mail to them; the others of their open challenges are
// told.
func (ls Ladders) SignedOff(ctx context.Context, pid int64) error {
	ids, err := ls.Store.LaddersOf(ctx, pid)
	if err != nil {
		return err
	}
	var errs []error
	for _, id := range ids {
		errs = append(errs, ls.signedOff(ctx, id, pid))
	}
	return errors.Join(errs...)
}

// signedOff takes player pid, who signed off, off ladder id, without a
// mail to them.
func (ls Ladders) signedOff(ctx context.Context, id, pid int64) error {
	l, err := ls.Store.LadderByID(ctx, id)
	if err != nil {
		return err
	}
	p, err := ls.Store.Player(ctx, pid)
	if err != nil {
		return err
	}
	return ls.leave(ctx, l, p, nil, parser.Mail{}, true)
}
