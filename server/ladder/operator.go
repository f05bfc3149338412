package ladder

import (
	"context"
	"errors"
	"strings"
	"time"

	"pbem/engine"
	"pbem/parser"
	"pbem/server/core"
	"pbem/store"
)

// The defaults of a new ladder.
const (
	DefaultReach  = 3
	DefaultAnswer = 7 * 24 * time.Hour
)

// New makes the ladder of game at the operator's word: reach rungs up
// (0: DefaultReach), answer time (0: DefaultAnswer), its games played at
// options (checked as a new game's). A game has one ladder at most.
func (ls Ladders) New(ctx context.Context, game string, reach int, answer time.Duration, options map[string]string) (store.Ladder, error) {
	kind, err := ls.Games.Lookup(strings.ToLower(game))
	if err != nil {
		return store.Ladder{}, err
	}
	if lo, hi := kind.Seats(); lo > 2 || hi < 2 {
		return store.Ladder{}, engine.Refuse("%s is not played by two players: a ladder's games are", kind.Name())
	}
	if reach == 0 {
		reach = DefaultReach
	}
	if answer == 0 {
		answer = DefaultAnswer
	}
	if reach < 1 || answer < time.Hour {
		return store.Ladder{}, engine.Refuse("a ladder's reach is 1 rung or more, its answer time an hour or more")
	}
	if options == nil {
		options = map[string]string{}
	}
	if err := core.RefuseOwnOptions(options); err != nil {
		return store.Ladder{}, err
	}
	if _, err := core.ReadSettings(options, kind); err != nil {
		return store.Ladder{}, err
	}
	if _, _, err := core.PlayableSeed(kind, core.EngineOptions(options), 2, core.RandomSeed); err != nil {
		return store.Ladder{}, err
	}
	l := store.Ladder{Game: kind.ID(), Options: options, Reach: reach, Answer: answer}
	id, err := ls.Store.CreateLadder(ctx, l)
	if errors.Is(err, store.ErrConflict) {
		return store.Ladder{}, engine.Refuse("%s has its ladder already: pbem ladder show %s", kind.Name(), kind.ID())
	}
	if err != nil {
		return store.Ladder{}, err
	}
	return ls.Store.LadderByID(ctx, id)
}

// JoinNow puts the player at address on ladder ref at the operator's
// word, and returns their rung.
func (ls Ladders) JoinNow(ctx context.Context, ref, address string) (int, error) {
	l, p, err := ls.ladderAndPlayer(ctx, ref, address)
	if err != nil {
		return 0, err
	}
	return ls.Join(ctx, l, p, nil, parser.Mail{})
}

// LeaveNow takes the player at address off ladder ref at the operator's
// word.
func (ls Ladders) LeaveNow(ctx context.Context, ref, address string) error {
	l, p, err := ls.ladderAndPlayer(ctx, ref, address)
	if err != nil {
		return err
	}
	return ls.Leave(ctx, l, p, nil, parser.Mail{})
}

// ChallengeNow makes challenger's challenge of defender on ladder ref at
// the operator's word (both addresses or names), the rules as by mail.
func (ls Ladders) ChallengeNow(ctx context.Context, ref, challenger, defender string) (int64, error) {
	l, c, err := ls.ladderAndPlayer(ctx, ref, challenger)
	if err != nil {
		return 0, err
	}
	d, err := ls.player(ctx, defender)
	if err != nil {
		return 0, err
	}
	return ls.Challenge(ctx, l, c, d, nil, parser.Mail{})
}

func (ls Ladders) ladderAndPlayer(ctx context.Context, ref, who string) (store.Ladder, store.Player, error) {
	l, err := ls.Find(ctx, ref)
	if err != nil {
		return l, store.Player{}, err
	}
	p, err := ls.player(ctx, who)
	return l, p, err
}
