package server

import (
	"context"
	"fmt"
	"math"
	"regexp"
	"slices"
	"strings"
	"unicode/utf8"

	"pbem/engine"
	"pbem/lang"
	"pbem/store"
	"pbem/templates"
)

// Rated games. A finished game between people is rated per game type: each
// pair of its seats counts as a game between the two, the better placed
// scoring 1 and equals 0.5 (store.Elo has the arithmetic). The rules of
// which game counts and who placed where are here:
//
//   - A game with any computer seat is unrated, even between its people: a
//     computer's play is not a person's, and a seat beaten by it would move
//     the others' ratings through a result they had no part in. Players
//     may practise against the computer freely.
//   - An aborted game is unrated: it never finishes through a move.
//   - The final placing: the winners first (several share the place), then
//     the seats that played to the end by score (equal scores share a
//     place; in a game without winners, a draw, they all share the first),
//     then the seats that resigned or forfeited, the last to leave best.
//     So a draw by agreement is a half point between every pair that drew.

// resigner is a state that says which seats left the game (Amplitude and
// Chiffres, where play goes on without them). Without it no seat counts
// as resigned: in a two-player game the winner alone says who placed
// where.
type resigner interface{ Resigned(seat int) bool }

// places are the seats' places in finished game st, 1 the best: see the
// rules above. left lists the seats that resigned, in the order they
// left, so that of two seats who resigned the later places better.
func places(st engine.State, left []int) []int {
	scores, winners := st.Scores(), st.Winners()
	n := len(scores)
	order := make(map[int]int, len(left))
	for i, seat := range left {
		order[seat] = i
	}
	res, canResign := st.(resigner)
	// key orders the seats: the lower the better.
	type key struct{ tier, value int }
	keys := make([]key, n)
	for seat := range n {
		switch {
		case slices.Contains(winners, seat):
			keys[seat] = key{0, 0}
		case canResign && res.Resigned(seat):
			keys[seat] = key{2, -order[seat]}
		case len(winners) == 0:
			keys[seat] = key{1, 0}
		default:
			keys[seat] = key{1, -scores[seat]}
		}
	}
	out := make([]int, n)
	for seat := range n {
		out[seat] = 1
		for other := range n {
			a, b := keys[other], keys[seat]
			if a.tier < b.tier || a.tier == b.tier && a.value < b.value {
				out[seat]++
			}
		}
	}
	return out
}

// ratedResult is the placings the store applies to the ratings when the
// moves a brings to game l finish it, and nil when they do not or the game
// is unrated. It goes in the commit of those moves, so the game counts
// once however often the commit is tried.
func (s *Server) ratedResult(ctx context.Context, l loaded, a acted) ([]store.Placing, error) {
	if l.row.Status != store.StatusActive || a.state == nil || !a.state.Over() {
		return nil, nil
	}
	for _, seat := range l.row.Seats {
		if seat.Bot != "" || seat.PlayerID == 0 {
			return nil, nil
		}
	}
	left, err := s.resignations(ctx, l, a)
	if err != nil {
		return nil, err
	}
	p := places(a.state, left)
	out := make([]store.Placing, len(l.row.Seats))
	for i, seat := range l.row.Seats {
		out[i] = store.Placing{PlayerID: seat.PlayerID, Place: p[i]}
	}
	return out, nil
}

// resignations lists the seats of finished game l (after the moves of a)
// that left it, in the order they left: a seat's resignation is the last
// move it made, whatever its notation ("resign", a forfeit on time).
func (s *Server) resignations(ctx context.Context, l loaded, a acted) ([]int, error) {
	res, ok := a.state.(resigner)
	if !ok {
		return nil, nil
	}
	var left []int
	for seat := range l.row.Seats {
		if res.Resigned(seat) {
			left = append(left, seat)
		}
	}
	if len(left) < 2 {
		return left, nil
	}
	stored, err := s.store.Moves(ctx, l.row.ID)
	if err != nil {
		return nil, err
	}
	last := map[int]int{}
	for i, m := range append(stored, a.moves...) {
		last[m.Seat] = i
	}
	slices.SortFunc(left, func(a, b int) int { return last[a] - last[b] })
	return left, nil
}

// Ratings lists the ratings of game type game, best first, or every
// type's when game is "", for the operator's ratings command; an unknown
// game type is a refusal.
func (s *Server) Ratings(ctx context.Context, game string) ([]store.Rating, error) {
	if game != "" {
		if _, err := s.games.Lookup(game); err != nil {
			return nil, err
		}
	}
	return s.store.Ratings(ctx, game)
}

// standings is the answer to "standings": the ratings of the game's type,
// the asker's line marked. A game the mail's own moves (a) finish counts
// already, as "history" after a move lists it.
func (s *Server) standings(ctx context.Context, l loaded, a acted, next, seat int) (store.OutMail, error) {
	g := l.row
	rs, err := s.store.Ratings(ctx, g.Type)
	if err != nil {
		return store.OutMail{}, err
	}
	placings, err := s.ratedResult(ctx, l, a)
	if err != nil {
		return store.OutMail{}, err
	}
	if placings != nil {
		rs = withResult(rs, g, placings)
	}
	to := l.answerTo(seat)
	tag := s.langOf(to)
	pid := g.Seats[seat].PlayerID
	return s.templated(g, to, "answer", lang.T("standings"), templates.Answer{
		Game: l.game.Name(), GameID: g.ID, Player: g.Seats[seat].Label(), Title: lang.T("The standings").In(tag),
		Body: standingsText(l.game.Name(), rs, pid, tag, false), Flow: standingsText(l.game.Name(), rs, pid, tag, true),
	}, s.footer(g, a.state, next, seat))
}

// withResult is the ratings rs of g's type after g's result, as the
// commit finishing g will store them.
func withResult(rs []store.Rating, g store.Game, placings []store.Placing) []store.Rating {
	rated := store.RateGame(g.Type, rs, placings)
	by := map[int64]store.Rating{}
	for _, seat := range g.Seats {
		by[seat.PlayerID] = store.Rating{Email: seat.Email, Name: seat.Name}
	}
	out := make([]store.Rating, 0, len(rs)+len(rated))
	changed := map[int64]bool{}
	for _, r := range rated {
		if r.Email == "" {
			r.Email, r.Name = by[r.PlayerID].Email, by[r.PlayerID].Name
		}
		changed[r.PlayerID] = true
		out = append(out, r)
	}
	for _, r := range rs {
		if !changed[r.PlayerID] {
			out = append(out, r)
		}
	}
	store.SortRatings(out)
	return out
}

// columnGap parts the headings of the standings' table.
var columnGap = regexp.MustCompile(` {2,}`)

// maxStandingName bounds a name in the standings, which keeps the table
// within a mail's 78 columns.
const maxStandingName = 24

// standingsText is the table of ratings rs of the game called game, for a
// player's mail: ranks, names (a player without one by the part of their
// address before the @, so that the standings give away nobody's address),
// ratings rounded, and the games; player's own line is marked. With flow,
// for a mail's HTML part, the sentence is on one line and the table's
// cells are separated by tabs (engine.View.Flow).
func standingsText(game string, rs []store.Rating, player int64, t lang.Tag, flow bool) string {
	var b strings.Builder
	intro := lang.T("%s ratings (Elo: everyone starts at %.0f; games with a computer\nseat are not rated):\n\n", game, store.StartRating).In(t)
	if flow {
		intro = oneLineIf(flow, intro) + "\n\n"
	}
	b.WriteString(intro)
	if len(rs) == 0 {
		b.WriteString(lang.T("No rated game has finished yet.").In(t) + "\n")
		return b.String()
	}
	head := lang.T("    #  %-*s  rating  games  won  drawn  lost", maxStandingName, lang.T("player")).In(t)
	if flow {
		head = strings.Join(columnGap.Split(strings.TrimSpace(head), -1), "\t")
	}
	b.WriteString(head + "\n")
	mine := false
	for i, r := range rs {
		format, width, mark, yours := "%s %3d  %-*s  %6.0f  %5d  %3d  %5d  %4d\n", maxStandingName, " ", "*"
		if flow {
			format, width, mark, yours = "%s%d\t%-*s\t%.0f\t%d\t%d\t%d\t%d\n", 0, "", "* "
		}
		if r.PlayerID == player {
			mark, mine = yours, true
		}
		fmt.Fprintf(&b, format, mark, Rank(rs, i), width, publicName(r), math.Round(r.Rating), r.Games, r.Wins, r.Draws, r.Losses)
	}
	if mine {
		b.WriteString("\n" + lang.T("* is you.").In(t) + "\n")
	} else {
		b.WriteString("\n" + lang.T("You have no rated game of %s yet: you start at %.0f.", game, store.StartRating).In(t) + "\n")
	}
	return b.String()
}

// Rank is the place of rs[i] in standings rs, for the players' mail and
// the operator's table alike: one more than the players of its game type
// rated higher, so that equal ratings share a rank.
func Rank(rs []store.Rating, i int) int {
	rank := 1
	for _, r := range rs {
		if r.Game == rs[i].Game && r.Rating > rs[i].Rating {
			rank++
		}
	}
	return rank
}

// publicName is how the standings name a player to other players: their
// name, else their address's local part, never the whole address.
func publicName(r store.Rating) string {
	name := r.Name
	if name == "" {
		local, _, _ := strings.Cut(r.Email, "@")
		name = local + "@…"
	}
	if utf8.RuneCountInString(name) > maxStandingName {
		name = string([]rune(name)[:maxStandingName-1]) + "…"
	}
	return name
}
