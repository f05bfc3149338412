package pairing

import (
	"cmp"
	"slices"
)

// Standings are the entrants' lines after the games over (those not over
// are left out), by place: the package's doc says the order of each
// format. Entrants equal on every criterion share a place; the seed then
// orders their lines.
func Standings(f Format, entrants []Entrant, games []Game) []Standing {
	fd, _ := newField(entrants)
	recs, done, _ := fd.history(games, 0, false)
	n := len(fd.entrants)
	st := make([]Standing, n)
	for i, e := range fd.entrants {
		r := recs[i]
		st[i] = Standing{ID: e.ID, Points: r.points, Played: r.played, Byes: r.byes, Withdrawn: e.Withdrawn > 0}
	}
	for _, g := range done {
		best, atBest := g.points[0], 0
		for _, p := range g.points {
			best = max(best, p)
		}
		for _, p := range g.points {
			if p > best-eps {
				atBest++
			}
		}
		for s, i := range g.seats {
			p := g.points[s]
			switch {
			case p > best-eps && atBest == 1:
				st[i].Won++
			case p > best-eps:
				st[i].Drawn++
			default:
				st[i].Lost++
			}
			for o, j := range g.seats {
				if o != s {
					st[i].Buchholz += recs[j].points
					st[i].SonnebornBerger += pairScore(p, g.points[o], false) * recs[j].points
				}
			}
		}
	}
	keys := make([][]float64, n) // higher is better, compared in order
	if f == Knockout {
		out := outIn(fd, done)
		for i := range st {
			st[i].Out, st[i].OutIn = out[i] > 0, out[i]
			in := float64(out[i]) // out later is better; in is best
			if out[i] == 0 {
				in = 1e9
			}
			keys[i] = []float64{in}
		}
	} else {
		for i, s := range st {
			tb := []float64{s.Buchholz, s.SonnebornBerger}
			if f == RoundRobin {
				tb[0], tb[1] = tb[1], tb[0]
			}
			keys[i] = append([]float64{s.Points}, tb...)
		}
		directEncounter(keys, done)
	}
	order := make([]int, n)
	for i := range order {
		order[i] = i
	}
	slices.SortStableFunc(order, func(a, b int) int {
		return cmp.Or(compareKeys(keys[b], keys[a]), comparePoints(st[b].Points, st[a].Points),
			comparePoints(st[b].Buchholz, st[a].Buchholz), comparePoints(st[b].SonnebornBerger, st[a].SonnebornBerger))
	})
	out := make([]Standing, n)
	for k, i := range order {
		out[k] = st[i]
		out[k].Place = k + 1
		if k > 0 && compareKeys(keys[i], keys[order[k-1]]) == 0 {
			out[k].Place = out[k-1].Place
		}
	}
	return out
}

// compareKeys compares two lists of keys with the points' tolerance.
func compareKeys(a, b []float64) int {
	for k := range min(len(a), len(b)) {
		if c := comparePoints(a[k], b[k]); c != 0 {
			return c
		}
	}
	return cmp.Compare(len(a), len(b))
}

// directEncounter adds a key to the entrants equal on all their keys
// when they all met one another: what each scored against the others of
// the group (the pairwise score of each game: 1 for placing above one of
// them, ½ equal). A group that did not all meet stays equal.
func directEncounter(keys [][]float64, games []played) {
	width := len(keys[0])
	for i := range keys {
		keys[i] = append(keys[i], 0)
	}
	seen := make([]bool, len(keys))
	for i := range keys {
		if seen[i] {
			continue
		}
		var group []int
		for j := i; j < len(keys); j++ {
			if !seen[j] && compareKeys(keys[i][:width], keys[j][:width]) == 0 {
				group = append(group, j)
				seen[j] = true
			}
		}
		if len(group) < 2 {
			continue
		}
		in := map[int]bool{}
		for _, j := range group {
			in[j] = true
		}
		met := map[[2]int]bool{}
		score := map[int]float64{}
		for _, g := range games {
			for s, a := range g.seats {
				for o, b := range g.seats {
					if s != o && in[a] && in[b] {
						met[[2]int{a, b}] = true
						score[a] += pairScore(g.points[s], g.points[o], false)
					}
				}
			}
		}
		if len(met) < len(group)*(len(group)-1) {
			continue
		}
		for _, j := range group {
			keys[j][width] = score[j]
		}
	}
}
