package tournament

import (
	"context"
	"errors"
	"time"

	"pbem/store"
)

// maxSteps bounds the steps one call of Step takes: a round of byes alone
// is over as soon as paired, and the next may be too.
const maxSteps = 64

// Step takes every step tournament id has to take at now: it starts once
// its sign-up closed, records the results of its games that are over,
// creates the games of its round not created yet, pairs the next round
// when every game of the last is recorded, or ends. It reports whether it
// did anything. Another pass doing a step first is no error.
func (ts Tournaments) Step(ctx context.Context, id int64, now time.Time) (bool, error) {
	did := false
	for range maxSteps {
		t, err := ts.Store.Tournament(ctx, id)
		if err != nil {
			return did, err
		}
		moved, err := ts.stepOnce(ctx, t, now)
		if errors.Is(err, store.ErrConflict) {
			moved, err = true, nil // another pass took it: read it again
		}
		if err != nil || !moved {
			return did, err
		}
		did = true
	}
	return did, nil
}

// stepOnce takes the next step of t, reporting whether it took one.
func (ts Tournaments) stepOnce(ctx context.Context, t store.Tournament, now time.Time) (bool, error) {
	switch t.Status {
	case store.TournamentSignup:
		if !signupClosed(t, now) {
			return false, nil
		}
		return true, ts.start(ctx, t)
	case store.TournamentRunning:
	default:
		return false, nil
	}
	recorded, err := ts.recordOver(ctx, t)
	if err != nil || recorded {
		return recorded, err
	}
	created, err := ts.createGames(ctx, t)
	if err != nil || created {
		return created, err
	}
	for _, tt := range t.Tables {
		if !tt.Done() {
			return false, nil // games going on
		}
	}
	return true, ts.nextRound(ctx, t)
}

// signupClosed reports whether t's sign-up is over at now: its date
// passed, or its places are taken.
func signupClosed(t store.Tournament, now time.Time) bool {
	if !t.ClosesAt.IsZero() && !now.Before(t.ClosesAt) {
		return true
	}
	return t.MaxEntrants > 0 && joined(t) >= t.MaxEntrants
}

// joined counts t's entrants who joined.
func joined(t store.Tournament) int {
	n := 0
	for _, e := range t.Entrants {
		if e.Joined {
			n++
		}
	}
	return n
}

// GameOver is the hook after game id ended (finished, or aborted): when it
// is a tournament's, its result is recorded and the tournament takes its
// next steps. A game of no tournament is nothing to do.
func (ts Tournaments) GameOver(ctx context.Context, id int64) error {
	tid, _, err := ts.Store.TableOfGame(ctx, id)
	if errors.Is(err, store.ErrNotFound) {
		return nil
	}
	if err != nil {
		return err
	}
	_, err = ts.Step(ctx, tid, ts.Core.Now())
	return err
}
