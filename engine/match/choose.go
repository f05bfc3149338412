package match

import (
	"cmp"
	"fmt"
	"slices"

	"pbem/engine"
)

// BlockerWidth is how many of its moves the blocker looks one reply ahead
// of, unless the match says otherwise (Match.BlockerWidth): its best by
// greedy's measure (ties in a random order). Each costs the opponent's
// every reply, and an Amplitude rack has hundreds of poses and exchanges,
// each scored anew when applied, so looking at all would take seconds a
// move; 16 takes about half a second.
const BlockerWidth = 16

// BlockerWorlds is how many guesses of the tokens it cannot see the
// blocker looks at each reply in (engine.Guess), the same guesses for each
// of its moves: two, as each costs what the seer's one look costs.
const BlockerWorlds = 2

// turn is what a player is given to choose one move with: rng draws among
// equals, seed is a level's seed for the move, width the blocker's; moves
// are the moves of the game so far.
type turn struct {
	rng   *engine.Rand
	seed  uint64
	width int
	moves int
}

// winValue is what a win adds to the lead Lead measures: more than any
// score, so that a player measuring leads takes a win above all.
const winValue = 1 << 24

// Lead is how far seat leads in st (engine.Lead): its score minus the
// best score of the other seats; once st is over, a win by seat alone is
// worth winValue more and a game others won winValue less.
func Lead(st engine.State, seat int) int {
	return engine.Lead(st.Scores(), nil, seat, st.Over(), st.Winners(), winValue)
}

// asides are the notations of the moves every game shares that random,
// greedy and blocker never choose: resigning and the answers about draws.
var asides = []string{
	engine.WordResign.Notation(false),
	engine.WordDraw.Notation(false),
	engine.WordDecline.Notation(false),
}

// playable is legal without the moves random, greedy and blocker never
// choose: a draw offer or answer, a resignation.
func playable(legal []engine.Move) []engine.Move {
	return slices.DeleteFunc(legal, func(m engine.Move) bool {
		return slices.Contains(asides, m.String())
	})
}

// declining is the move among legal that declines a pending draw offer,
// nil when there is none: no offer waits.
func declining(legal []engine.Move) engine.Move {
	word := engine.WordDecline.Notation(false)
	for _, m := range legal {
		if m.String() == word {
			return m
		}
	}
	return nil
}

// tried is a move applied: the state after it and seat's lead there.
type tried struct {
	move engine.Move
	next engine.State
	lead int
}

// tryAll applies each move for seat, leaving out those refused and those
// that leave the turn where it was (Outcome.Aside).
func tryAll(st engine.State, seat int, moves []engine.Move) []tried {
	out := make([]tried, 0, len(moves))
	for _, m := range moves {
		next, o, err := st.Apply(seat, m)
		if err != nil || o.Aside {
			continue
		}
		out = append(out, tried{m, next, Lead(next, seat)})
	}
	return out
}

// choose is p's move for seat in st. Random, greedy and blocker decline a draw
// offered to them (declined, true: a move that leaves the turn where it
// was, which their choice then follows), and choose among their playable
// moves otherwise.
func (p Player) choose(st engine.State, seat int, t turn) (m engine.Move, declined bool, err error) {
	if p.Kind == KindLevel {
		m, err = engine.BotMoveAt(st, seat, p.Level, t.seed)
		return m, false, err
	}
	legal := st.LegalMoves(seat)
	if m := declining(legal); m != nil {
		return m, true, nil
	}
	moves := playable(legal)
	switch p.Kind {
	case KindRandom:
		m, err = randomMove(st, seat, moves, t.rng)
	case KindGreedy:
		m, err = greedyMove(st, seat, moves, t.rng)
	case KindBlocker, KindSeer:
		m, err = blockerMove(st, seat, moves, t.rng, t.width, p.Kind == KindSeer)
	default:
		err = fmt.Errorf("no player of kind %q", p.Kind)
	}
	return m, false, err
}

// randomMove draws among seat's moves until one applies as a
// move of the game (not aside).
func randomMove(st engine.State, seat int, moves []engine.Move, rng *engine.Rand) (engine.Move, error) {
	for len(moves) > 0 {
		i := rng.IntN(len(moves))
		if _, o, err := st.Apply(seat, moves[i]); err == nil && !o.Aside {
			return moves[i], nil
		}
		moves[i] = moves[len(moves)-1]
		moves = moves[:len(moves)-1]
	}
	return nil, fmt.Errorf("seat %d has no move to play", seat)
}

// greedyMove is seat's move with the highest lead, ties drawn at random.
func greedyMove(st engine.State, seat int, moves []engine.Move, rng *engine.Rand) (engine.Move, error) {
	all := tryAll(st, seat, moves)
	best := pickBest(all, rng, func(a, b tried) int { return cmp.Compare(a.lead, b.lead) })
	if best < 0 {
		return nil, fmt.Errorf("seat %d has no move to play", seat)
	}
	return all[best].move, nil
}

// blockerMove is, among seat's width greediest moves, the one after
// which the opponent's best immediate reply leads by the least; then the
// greediest of those; then one drawn at random. The reply is looked at in
// BlockerWorlds guesses of the position (engine.Guess), or, when sees,
// in the position itself.
func blockerMove(st engine.State, seat int, moves []engine.Move, rng *engine.Rand, width int, sees bool) (engine.Move, error) {
	all := tryAll(st, seat, moves)
	if len(all) == 0 {
		return nil, fmt.Errorf("seat %d has no move to play", seat)
	}
	rng.Shuffle(len(all), func(i, j int) { all[i], all[j] = all[j], all[i] })
	slices.SortStableFunc(all, func(a, b tried) int { return cmp.Compare(b.lead, a.lead) })
	type blocked struct {
		move         engine.Move
		threat, lead int
	}
	if _, hides := st.(engine.Guesser); !hides {
		sees = true // nothing hidden: the position is the one guess
	}
	var worlds []engine.State
	if !sees {
		for range BlockerWorlds {
			worlds = append(worlds, engine.Guess(st, seat, rng))
		}
	}
	looked := make([]blocked, 0, width)
	for _, t := range all[:min(len(all), max(width, 1))] {
		threat := 0
		if sees {
			threat = bestReply(t.next, 1-seat)
		}
		for _, w := range worlds {
			next, _, err := w.Apply(seat, t.move)
			if err != nil {
				return nil, fmt.Errorf("seat %d's move %s in a guessed position: %w", seat, t.move, err)
			}
			threat += bestReply(next, 1-seat)
		}
		looked = append(looked, blocked{t.move, threat, t.lead})
	}
	best := pickBest(looked, rng, func(a, b blocked) int {
		return cmp.Or(cmp.Compare(b.threat, a.threat), cmp.Compare(a.lead, b.lead))
	})
	return looked[best].move, nil
}

// bestReply is the lead opp can reach in st with its best immediate reply;
// its lead as it stands when it is not opp's turn or it has no reply.
func bestReply(st engine.State, opp int) int {
	if st.Over() || st.ToMove() != opp {
		return Lead(st, opp)
	}
	best, found := 0, false
	for _, t := range tryAll(st, opp, playable(st.LegalMoves(opp))) {
		if !found || t.lead > best {
			best, found = t.lead, true
		}
	}
	if !found {
		return Lead(st, opp)
	}
	return best
}

// pickBest is the index of the greatest of all by compare, equals drawn
// uniformly with rng; -1 when all is empty.
func pickBest[T any](all []T, rng *engine.Rand, compare func(a, b T) int) int {
	best, ties := -1, 0
	for i, t := range all {
		c := 1
		if best >= 0 {
			c = compare(t, all[best])
		}
		switch {
		case c > 0:
			best, ties = i, 1
		case c == 0:
			ties++
			if rng.IntN(ties) == 0 {
				best = i
			}
		}
	}
	return best
}
