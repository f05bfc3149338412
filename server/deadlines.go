package server

import (
	"context"
	"errors"
	"fmt"
	"time"
)

// dueBatch is how many due games, or digests, Deadlines reads at a time.
const dueBatch = 100

// Done is what one pass of Deadlines did.
type Done struct {
	Games   int // the games it acted on
	Digests int // the digests it sent
	// Challenges is the challenges it ended, expired.
	Challenges int
	Ladders    int // the ladder results and sign-offs it applied (ladder.Settle)
	// Tournaments is the tournaments it moved on: started, a round
	// paired, a result recorded the hook after a game missed, ended.
	Tournaments int
}

// Deadlines does what the games' clocks asked for up to now: the
// reminders at half time and on the last day, the timeouts of the players
// whose time ran out, the clocks a vacation stopped and that must run
// again, the clocks whose turn mail the relay accepted — each event as of
// the instant it fell due, however long ago the
// last pass ran (clock.Clocks.CatchUp); then
// the digests due, to the players who chose mail digest HH:MM; then the
// challenges whose time to be accepted ran out, their players told. Each is
// written in one transaction with its mails, only if the game (or the
// player's digest) is still as it was read, so that two processes never
// do it twice. It returns how many games it acted on and digests it sent;
// one that fails is reported and does not keep the others waiting.
func (s *Server) Deadlines(ctx context.Context, now time.Time) (Done, error) {
	games, errGames := eachDue(ctx, now, s.store.DueGames, func(id int64) (bool, bool, error) {
		did, err := s.Clocks().Deadline(ctx, id, now)
		if err != nil {
			err = fmt.Errorf("game %d: %w", id, err)
		}
		return did, did, err
	})
	digests, errDigests := eachDue(ctx, now, s.store.DueDigests, func(pid int64) (bool, bool, error) {
		sent, moved, err := s.digests().Send(ctx, pid, now)
		if err != nil {
			err = fmt.Errorf("digest of player %d: %w", pid, err)
		}
		return sent, moved, err
	})
	challenges, errChallenges := eachDue(ctx, now, s.store.DueChallenges, func(id int64) (bool, bool, error) {
		did, err := s.Lobby().ExpireChallenge(ctx, id, now)
		if err != nil {
			err = fmt.Errorf("challenge %d: %w", id, err)
		}
		return did, did, err
	})
	offers, errOffers := s.expireOffers(ctx, now) // seats on offer nobody took: to a computer (takeover.go)
	ladders, errLadders := s.Ladders().Settle(ctx)
	tournaments, errTournaments := eachDue(ctx, now, s.store.DueTournaments, func(id int64) (bool, bool, error) {
		did, err := s.Tournaments().Step(ctx, id, now)
		if err != nil {
			err = fmt.Errorf("tournament %d: %w", id, err)
		}
		return did, did, err
	})
	return Done{Games: games + offers, Digests: digests, Challenges: challenges, Ladders: ladders, Tournaments: tournaments},
		errors.Join(errGames, errDigests, errChallenges, errOffers, errLadders, errTournaments)
}

// eachDue does what is due at now for every ID that due lists, a batch at
// a time, and returns how many of them count: do reports whether one
// counts and whether it is no longer due. An ID whose do fails is
// reported and not tried again in this pass.
func eachDue(ctx context.Context, now time.Time, due func(context.Context, time.Time, int) ([]int64, error),
	do func(id int64) (counts, moved bool, err error)) (int, error) {
	n := 0
	var errs []error
	failed := map[int64]bool{}
	for round := 0; round < 10; round++ {
		ids, err := due(ctx, now, dueBatch)
		if err != nil {
			return n, errors.Join(append(errs, err)...)
		}
		progress := false
		for _, id := range ids {
			if failed[id] {
				continue
			}
			counts, moved, err := do(id)
			if err != nil {
				failed[id] = true
				errs = append(errs, err)
				continue
			}
			if counts {
				n++
			}
			progress = progress || moved
		}
		if !progress || len(ids) < dueBatch {
			break
		}
	}
	return n, errors.Join(errs...)
}

// KeepDeadlines runs Deadlines now and every period until ctx is done,
// reporting each pass to report. Each pass runs to its end.
func (s *Server) KeepDeadlines(ctx context.Context, every time.Duration, report func(done Done, err error)) {
	t := time.NewTicker(every)
	defer t.Stop()
	for {
		done, err := s.Deadlines(context.WithoutCancel(ctx), s.cfg.Now())
		report(done, err)
		select {
		case <-ctx.Done():
			return
		case <-t.C:
		}
	}
}
