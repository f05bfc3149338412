package tournament

import (
	"context"
	"errors"
	"fmt"
	"slices"

	"pbem/engine"
	"pbem/pairing"
	"pbem/server/core"
	"pbem/store"
)

// start closes t's sign-up: with fewer than two entrants, or too few for
// its rounds (a Swiss of 5 rounds needs 6), it is cancelled, each told
// why; else the entrants are seeded (by their rating at t's game,
// the unrated after, then in the order they joined) and it runs, its
// first round paired next.
func (ts Tournaments) start(ctx context.Context, t store.Tournament) error {
	if why := pairing.Validate(format(t), t.Rounds, t.Seats, joined(t)); why != nil {
		mails, err := ts.cancelMails(ctx, t, why)
		if err != nil {
			return err
		}
		return ts.Store.EndTournament(ctx, t.ID, store.TournamentSignup, store.TournamentCancelled, mails)
	}
	ratings, err := ts.Store.Ratings(ctx, t.Game)
	if err != nil {
		return err
	}
	rating := map[int64]float64{}
	for _, r := range ratings {
		rating[r.PlayerID] = r.Rating
	}
	var in []store.Entrant
	for _, e := range t.Entrants {
		if e.Joined {
			in = append(in, e)
		}
	}
	slices.SortStableFunc(in, func(a, b store.Entrant) int {
		ra, oka := rating[a.PlayerID]
		rb, okb := rating[b.PlayerID]
		switch {
		case oka && !okb:
			return -1
		case okb && !oka:
			return 1
		case ra > rb:
			return -1
		case ra < rb:
			return 1
		}
		return 0
	})
	seeds := make(map[int64]int, len(in))
	for i, e := range in {
		seeds[e.ID] = i + 1
	}
	return ts.Store.StartTournament(ctx, t.ID, seeds)
}

// recordOver records the result of each game of t's last round that is
// over and not recorded: each seat's points from its place
// (pairing.GamePoints); an aborted game scores nothing for anyone. It
// reports whether it recorded one.
func (ts Tournaments) recordOver(ctx context.Context, t store.Tournament) (bool, error) {
	did := false
	for _, tt := range t.Tables {
		if tt.Done() || tt.GameID == 0 {
			continue
		}
		var points []float64
		switch tt.GameStatus {
		case store.StatusActive:
			continue
		case store.StatusAborted:
			points = make([]float64, len(tt.Seats))
		default:
			places, err := ts.Core.Places(ctx, tt.GameID)
			if err != nil {
				return did, err
			}
			points = pairing.GamePoints(places)
		}
		err := ts.Store.RecordTable(ctx, tt.ID, points)
		if err != nil && !errors.Is(err, store.ErrConflict) {
			return did, err
		}
		did = true
	}
	return did, nil
}

// createGames creates the game of each table of t's last round that has
// none, as game new would with the tournament's options, its computer
// entrants computer seats of the game. A table whose game another pass
// created meanwhile is skipped. It reports whether it created one.
func (ts Tournaments) createGames(ctx context.Context, t store.Tournament) (bool, error) {
	did := false
	for _, tt := range t.Tables {
		if tt.Done() || tt.GameID != 0 {
			continue
		}
		opts := engine.Options{}
		for k, v := range t.Options {
			opts[k] = v
		}
		opts[core.OptTournament] = core.TournamentOption(t.ID, tt.Round)
		seated := make([]core.AskedSeat, len(tt.Seats))
		for i, id := range tt.Seats {
			e, ok := entrant(t, id)
			if !ok {
				return did, fmt.Errorf("tournament %d, round %d: no entrant %d", t.ID, tt.Round, id)
			}
			if e.Bot != "" {
				seated[i] = core.AskedSeat{Bot: true, Name: core.BotName(e.Bot, e.BotLevel)}
			} else {
				seated[i] = core.AskedSeat{Email: e.Email, Name: e.Name}
			}
		}
		_, err := ts.Core.Create(ctx, core.NewGame{Game: t.Game, Options: opts, Seated: seated, TournamentTable: tt.ID})
		if err != nil && !errors.Is(err, store.ErrConflict) {
			return did, fmt.Errorf("tournament %d, round %d, table %d: %w", t.ID, tt.Round, tt.Table, err)
		}
		did = true
	}
	return did, nil
}

// nextRound pairs the round after t's last, every table of which is
// recorded, with the standings mails of the round just over; or ends t,
// with the final standings, when it has played its rounds.
func (ts Tournaments) nextRound(ctx context.Context, t store.Tournament) error {
	entrants, games := entrantsOf(t), gamesOf(t)
	if t.Round > 0 && (t.Round >= rounds(t) || pairing.Finished(format(t), t.Rounds, t.Seats, entrants, games)) {
		mails, err := ts.standingsMails(ctx, t, nil)
		if err != nil {
			return err
		}
		return ts.Store.EndTournament(ctx, t.ID, store.TournamentRunning, store.TournamentFinished, mails)
	}
	round := t.Round + 1
	tables, err := pairing.Pair(format(t), t.Rounds, t.Seats, entrants, games, round)
	if err != nil {
		return fmt.Errorf("tournament %d, round %d: %w", t.ID, round, err)
	}
	stored := make([]store.NewTable, len(tables))
	for i, tb := range tables {
		stored[i].Seats = tb.Seats
		if len(tb.Seats) == 1 {
			stored[i].Points = []float64{1}
		}
	}
	mails, err := ts.standingsMails(ctx, t, tables)
	if err != nil {
		return err
	}
	return ts.Store.PairRound(ctx, t.ID, round, stored, mails)
}
