package amplitude

import (
	"cmp"
	"slices"

	"pbem/engine"
)

// The strong level's look ahead. It weighs each pose by the lead it
// leaves, less what the next seat's best reply takes back, averaged over
// racks that seat might hold, drawn from the tokens the mover cannot see
// (the bag and that rack together), the same racks for every pose. A pose
// or a reply that ends the game (the bag cannot refill the rack) counts
// as the win or the loss it makes: the strong level ends a game it leads,
// and fears the end an opponent behind could make.
//
// Points in Amplitude are products of long lines, and one pose of seven
// or eight digits across two earlier ones can outscore a whole game: what
// a pose opens for the reply weighs more than its points. So the level
// looks at many poses, not only its best by points, with few racks each,
// then at fewer with more racks (strongStages): the poses it keeps after
// each stage are those its racks so far rank highest. Over 100 games
// against greedy (seed 1, docs/amplitude.md): its best 16 poses by points
// with 4 racks each won 58; its best 200 with one rack, then 32 with 4
// and 12 with 12 won 79 to 86, by the racks drawn.
//
// The poses of the last stage are weighed once more by what they leave
// the level itself (follow): after the reply, over the first
// strongFollowRacks racks, its own best pose with what it kept and tokens
// drawn from those it cannot see, at weight strongFollow. One reply ahead
// is what a player who blocks sees; the turn after is where the level
// keeps a second opening when the first is blocked. Against the blocker
// over 50 games (seed 1): 0.46 without, 0.64 at weight 1/2, 0.70 at 1;
// the level as it stands scored 0.59 over 100.
var strongStages = []strongStage{{keep: 200, racks: 1}, {keep: 32, racks: 4}, {keep: 12, racks: 12}}

// The weight and the racks of the strong level's look at its own next
// pose.
const (
	strongFollow      = 1.0
	strongFollowRacks = 4
)

// strongStage is one stage of the strong level's look ahead: the poses
// it keeps, and the racks it has looked at the reply over for each once
// the stage is done.
type strongStage struct{ keep, racks int }

// winLead is what ending the game ahead adds to a lead: more than any
// score.
const winLead = 1 << 20

// scoredPose is a pose with its score.
type scoredPose struct {
	move  Move
	score int
}

func (p scoredPose) points() int { return p.score }

// scoredPoses are seat's poses that score, with their scores, in the
// order eachPose finds them.
func (s *State) scoredPoses(seat int) []scoredPose {
	var poses []scoredPose
	s.eachPose(seat, func(q square, down bool, line []byte, score int) bool {
		if score > 0 {
			poses = append(poses, scoredPose{Move{Kind: Pose, At: q, Down: down, Line: slices.Clone(line)}, score})
		}
		return true
	})
	return poses
}

// weighed is a pose the strong level looks at: the state after it, the
// lead it leaves, and the reply's gain summed over the racks looked at.
type weighed struct {
	move   Move
	after  *State
	lead   int
	gained int
	racks  int
	follow float64 // strongFollow times its own next pose's mean points
}

// value is what the pose is worth so far: its lead less the reply's mean
// gain, and its follow once weighed.
func (w *weighed) value() float64 {
	v := float64(w.lead) + w.follow
	if w.racks > 0 {
		v -= float64(w.gained) / float64(w.racks)
	}
	return v
}

// strongMove is the strong level's choice for seat, seed drawing the
// opponent's racks.
func (s *State) strongMove(seat int, seed uint64) (engine.Move, error) {
	if err := s.checkTurn(seat, Move{Kind: Pass}); err != nil {
		return nil, err
	}
	poses := s.scoredPoses(seat)
	if len(poses) == 0 {
		return s.BotMove(seat)
	}
	slices.SortStableFunc(poses, func(a, b scoredPose) int { return b.score - a.score })
	poses = poses[:min(len(poses), strongStages[0].keep)]
	if len(poses) == 1 {
		return poses[0].move, nil
	}
	looked := make([]*weighed, len(poses))
	for i, p := range poses {
		next, _, err := s.Apply(seat, p.move)
		if err != nil {
			return nil, err
		}
		after := next.(*State)
		looked[i] = &weighed{move: p.move, after: after, lead: after.leadOf(seat)}
	}
	opp := s.nextSeat(seat)
	deals := s.sampleDeals(seat, opp, engine.NewRand(seed), strongStages[len(strongStages)-1].racks)
	for i, stage := range strongStages {
		if i > 0 {
			slices.SortStableFunc(looked, func(a, b *weighed) int { return cmp.Compare(b.value(), a.value()) })
			looked = looked[:min(len(looked), stage.keep)]
		}
		inParallel(len(looked), func(i int) {
			w := looked[i]
			for ; w.racks < min(stage.racks, len(deals)); w.racks++ {
				w.gained += w.after.replyGain(seat, opp, deals[w.racks].rack)
			}
		})
	}
	if strongFollow != 0 {
		follows := deals[:min(len(deals), strongFollowRacks)]
		inParallel(len(looked), func(i int) {
			w, points := looked[i], 0
			for _, d := range follows {
				points += s.follow(seat, opp, w, d)
			}
			w.follow = strongFollow * float64(points) / float64(max(len(follows), 1))
		})
	}
	best := looked[0]
	for _, w := range looked[1:] {
		if w.value() > best.value() {
			best = w
		}
	}
	return best.move, nil
}

// replyGain is what opp's best reply with rack takes from seat's lead in
// s, the position after seat's pose: 0 when the pose ended the game or
// left the turn to another seat.
func (s *State) replyGain(seat, opp int, rack []byte) int {
	if s.over || s.toMove != opp {
		return 0
	}
	gain, _ := s.withRack(opp, rack).bestReply(opp, seat)
	return gain
}

// withRack is a copy of s where seat holds rack, for a look ahead: only
// the racks are its own.
func (s *State) withRack(seat int, rack []byte) *State {
	hyp := *s
	hyp.racks = slices.Clone(s.racks)
	hyp.racks[seat] = rack
	return &hyp
}

// follow is seat's best next pose after pose w and opp's best reply, in
// points, with opp holding d's rack and seat what it kept of its rack and
// the first tokens of d's rest, as many as it placed (as the bag allows):
// 0 where the pose or the reply ends the game.
func (s *State) follow(seat, opp int, w *weighed, d deal) (points int) {
	if w.after.over || w.after.toMove != opp {
		return 0
	}
	kept := s.kept(seat, w.move)
	drawn := min(len(s.racks[seat])-len(kept), len(s.bag), len(d.rest))
	hyp := w.after.withRack(opp, d.rack)
	hyp.racks[seat] = slices.Sorted(slices.Values(append(kept, d.rest[:drawn]...)))
	next := hyp
	if _, reply := hyp.bestReply(opp, seat); reply != nil {
		n, _, err := hyp.Apply(opp, *reply)
		if err != nil {
			return 0
		}
		next = n.(*State)
	}
	if next.over {
		return 0
	}
	next.eachPose(seat, func(_ square, _ bool, _ []byte, score int) bool {
		points = max(points, score)
		return true
	})
	return points
}

// kept is what seat keeps of its rack after pose m.
func (s *State) kept(seat int, m Move) []byte {
	kept := slices.Clone(s.racks[seat])
	for i, d := range m.Line {
		if s.board[m.At.step(m.Down, i)] == 0 {
			if j := slices.Index(kept, d); j >= 0 {
				kept = slices.Delete(kept, j, j+1)
			}
		}
	}
	return kept
}

// deal is a rack the opponent might hold and the rest of the tokens the
// mover cannot see, in the order they might be drawn.
type deal struct{ rack, rest []byte }

// sampleDeals are n deals as seat sees the game before its pose: opp's
// rack drawn with r from the tokens seat cannot see, opp's rack and the
// bag together, the size of opp's, the rest shuffled after it; opp's own
// rack alone when the bag is empty. The tokens are drawn from their
// sorted list: the deals depend on nothing seat cannot see but r.
func (s *State) sampleDeals(seat, opp int, r *engine.Rand, n int) []deal {
	if opp == seat {
		return nil
	}
	if len(s.bag) == 0 {
		return []deal{{rack: slices.Clone(s.racks[opp])}}
	}
	unseen := slices.Sorted(slices.Values(append(slices.Clone(s.bag), s.racks[opp]...)))
	size := len(s.racks[opp])
	out := make([]deal, n)
	for k := range out {
		r.Shuffle(len(unseen), func(i, j int) { unseen[i], unseen[j] = unseen[j], unseen[i] })
		out[k] = deal{slices.Sorted(slices.Values(unseen[:size])), slices.Clone(unseen[size:])}
	}
	return out
}

// bestReply is opp's best pose by what it takes from seat's lead, and
// that: its points, or, when it ends the game (the bag cannot refill
// opp's rack), the lead it leaves seat turned into a win or a loss; 0 and
// nil without a pose that takes anything.
func (s *State) bestReply(opp, seat int) (best int, reply *Move) {
	lead := s.leadOf(seat)
	s.eachPose(opp, func(q square, down bool, line []byte, score int) bool {
		gain := score
		if s.newTokens(q, down, len(line)) > len(s.bag) {
			after := lead - score
			switch {
			case after < 0:
				after -= winLead
			case after > 0:
				after += winLead
			}
			gain = lead - after
		}
		if gain > best {
			best = gain
			reply = &Move{Kind: Pose, At: q, Down: down, Line: slices.Clone(line)}
		}
		return true
	})
	return best, reply
}

// newTokens counts the empty squares of the line of n squares from q:
// the tokens a pose there places.
func (s *State) newTokens(q square, down bool, n int) int {
	k := 0
	for i := range n {
		if s.board[q.step(down, i)] == 0 {
			k++
		}
	}
	return k
}

// leadOf is seat's lead (engine.Lead), a win worth winLead.
func (s *State) leadOf(seat int) int {
	var winners []int
	if s.over {
		winners = s.Winners()
	}
	return engine.Lead(s.scores, s.resigned, seat, s.over, winners, winLead)
}
