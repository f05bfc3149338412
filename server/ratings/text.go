package ratings

import (
	"fmt"
	"math"
	"regexp"
	"strings"
	"unicode/utf8"

	"pbem/lang"
	"pbem/server/core"
	"pbem/store"
)

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
		intro = core.OneLineIf(flow, intro) + "\n\n"
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
