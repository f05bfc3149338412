package tournament

import (
	"context"
	"errors"
	"slices"

	"pbem/engine"
	"pbem/store"
)

// Withdraw takes player pid out of tournament id. While it signs up they
// just leave; once it runs, they are withdrawn after its last round
// paired: their game going on is resigned for them, and they are paired
// no more (pairing forfeits what they had left to play). It returns the
// tournament as it stands after.
func (ts Tournaments) Withdraw(ctx context.Context, id, pid int64) (store.Tournament, error) {
	t, err := ts.load(ctx, id)
	if err != nil {
		return t, err
	}
	i := slices.IndexFunc(t.Entrants, func(e store.Entrant) bool { return e.PlayerID == pid })
	if i < 0 {
		return t, engine.Refuse("you are not in tournament %d", id)
	}
	e := t.Entrants[i]
	switch t.Status {
	case store.TournamentSignup:
		if err := ts.Store.LeaveSignup(ctx, id, pid); err != nil {
			return t, ts.conflict(err, id)
		}
		return ts.Store.Tournament(ctx, id)
	case store.TournamentRunning:
	default:
		return t, engine.Refuse("tournament %d is %s: there is nothing to withdraw from", id, StatusWord(t.Status))
	}
	if e.Withdrawn > 0 {
		return t, engine.Refuse("you withdrew from tournament %d already", id)
	}
	if err := ts.Store.WithdrawEntrant(ctx, id, e.ID, t.Round); err != nil {
		return t, ts.conflict(err, id)
	}
	for _, tt := range t.Tables {
		if tt.Round != t.Round || tt.Done() || tt.GameID == 0 || !slices.Contains(tt.Seats, e.ID) {
			continue
		}
		err := ts.Core.Play(ctx, tt.GameID, e.Email, "resign", "")
		if err != nil && !engine.IsRefusal(err) { // a refusal: the game ended meanwhile
			return t, err
		}
	}
	if _, err := ts.Step(ctx, id, ts.Core.Now()); err != nil {
		return t, err
	}
	return ts.Store.Tournament(ctx, id)
}

// load is tournament id, a refusal when there is none.
func (ts Tournaments) load(ctx context.Context, id int64) (store.Tournament, error) {
	t, err := ts.Store.Tournament(ctx, id)
	if errors.Is(err, store.ErrNotFound) {
		return t, engine.Refuse("there is no tournament %d", id)
	}
	return t, err
}

// conflict is err, a refusal when the tournament changed meanwhile.
func (ts Tournaments) conflict(err error, id int64) error {
	if errors.Is(err, store.ErrConflict) {
		return engine.Refuse("tournament %d changed meanwhile: look at it again (tournament %d)", id, id)
	}
	return err
}
