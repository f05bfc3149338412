package tournament

import (
	"context"
	"errors"
	"fmt"
	"slices"

	"pbem/store"
)

// SignedOff takes player pid, who has just signed off ("no new game"),
// out of the tournaments they entered: out of those signing up; withdrawn
// from those running, their game of the round going on to its end, as
// the sign-off lets every game going on (resigned with the others when
// they chose to resign them), and no later round pairing them. Each
// tournament is tried whatever the others do.
func (ts Tournaments) SignedOff(ctx context.Context, pid int64) error {
	ids, err := ts.Store.TournamentsEntered(ctx, pid)
	if err != nil {
		return err
	}
	var errs []error
	for _, id := range ids {
		if err := ts.signedOff(ctx, id, pid); err != nil {
			errs = append(errs, fmt.Errorf("tournament %d: %w", id, err))
		}
	}
	return errors.Join(errs...)
}

func (ts Tournaments) signedOff(ctx context.Context, id, pid int64) error {
	t, err := ts.Store.Tournament(ctx, id)
	if err != nil {
		return err
	}
	i := slices.IndexFunc(t.Entrants, func(e store.Entrant) bool { return e.PlayerID == pid })
	switch {
	case i < 0:
		return nil
	case t.Status == store.TournamentSignup:
		return ts.Store.LeaveSignup(ctx, id, pid)
	case t.Status != store.TournamentRunning || t.Entrants[i].Withdrawn > 0:
		return nil
	}
	if err := ts.Store.WithdrawEntrant(ctx, id, t.Entrants[i].ID, t.Round); err != nil {
		return err
	}
	_, err = ts.Step(ctx, id, ts.Core.Now())
	return err
}
