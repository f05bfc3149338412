package e2e

import (
	"context"
	"fmt"
	"os"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"pbem/internal/scaledb"
)

// scaleGames is how many games TestServeMemoryAtScale's database holds,
// shaped as a club's after a few years (internal/scaledb: 85% finished,
// about 12% active, the seats of 20,000 people).
const scaleGames = 100_000

// scaleMoves is the moves of each finished game there: what the daemon
// reads of a game over is its row and seats, never its moves, so a
// shorter history than production's 30 builds the database in a fraction
// of the time and changes nothing the test measures.
const scaleMoves = 6

// rssBar is issue 15's bar for the daemon's peak resident set with
// 10,000 active games and every game type's computer player run, issue
// 26's with scaleGames games;
// rssBound is what the test asserts. Measured: 58–60 MiB before issue 15's
// fixes, 36–40 MiB after them (about 20 MiB of it the binary's own pages,
// RssFile), and 44–46 MiB once every mail showed a board picture and came
// in two languages (issue 16: the fonts, a picture's canvas, the templates
// and catalogs of each language; 41 MiB with GOMEMLIMIT=20MiB), then
// 37.7–39.4 MiB (median 38.1 of 8 runs) once Ludicitude's search table was
// sized to a quarter of its budget and serve collects at GOGC 50. At
// 100,000 games (issue 26): 41–48 MiB before it (the outbox's purge at
// start in a connection's page cache), 45 MiB with the full check of the
// database at start in the daemon's process, 37.1–38.5 MiB (median 37.4) with that check
// in a process of its own and the pictures' pieces kept once. The test
// logs the figure against the bar and fails at rssBound, on memory that
// grows again, not on a run that peaks a little higher than the others.
const (
	rssBar   = 40 << 20
	rssBound = 42 << 20
)

// listBar is issue 15's bar for one pbem game list (its default page)
// against the scaleGames, as the process's own run time (user + system
// CPU); listBound is what the test asserts. Measured on the shared 2-core
// machine: 15 to 22 ms, medians of 5, of which the query is about 4 ms and
// the rest the process's start (Go runtime, opening the database, the
// server): the bar is met when the machine is quiet and not when it is
// busy, so the test logs the figure and fails at twice the bar, on a list
// that costs with the games stored again, not on a loaded machine.
const (
	listBar   = 20 * time.Millisecond
	listBound = 2 * listBar
)

// TestServeMemoryAtScale is the daemon at scale: a few games per type
// created with pbem game new, a person against a computer, grown by SQL
// into a club's database of scaleGames games (internal/scaledb);
// pbem serve then takes a reply in each real game, and each game's computer
// seat answers, Amplitude's, Chiffres' and Ludicitude's alike. The peak
// resident set of the serve process (VmHWM in /proc/PID/status) must stay
// under rssBound (the bar: rssBar), and pbem game list against that database under listBound.
func TestServeMemoryAtScale(t *testing.T) {
	if testing.Short() {
		t.Skip("builds 100,000 games and runs every computer player: not under -short")
	}
	t.Parallel()
	w := newWorld(t)
	var gs []*created
	for _, kind := range []string{"amplitude", "chiffres", "ludicitude"} {
		for i := range 3 {
			human := players[i%len(players)]
			s := spec{Kind: kind, Seats: []seat{human, {"robot", "Robot"}}}
			s.Seed = personFirst(t, s, uint64(100+10*i))
			args := []string{"game", "new", kind, "--seed", strconv.FormatUint(s.Seed, 10), "--player", human.Email + ":" + human.Name, "--bot", "Robot"}
			id, err := strconv.ParseInt(strings.TrimSpace(w.env.pbem(t, args...)), 10, 64)
			if err != nil {
				t.Fatal(err)
			}
			gs = append(gs, &created{spec: s, ID: id})
		}
	}
	specs := make([]spec, len(gs))
	for i, g := range gs {
		specs[i] = g.spec
	}
	for i, sc := range scripts(t, specs, 1) { // the person's first move
		if len(sc) != 1 || sc[0].Seat != 0 {
			t.Fatalf("game %d: the person is not first to move: %v", gs[i].ID, sc)
		}
		gs[i].Script = sc
	}
	db := openDB(t, w.env.db)
	ids := make([]int64, len(gs))
	for i, g := range gs {
		ids[i] = g.ID
	}
	built := time.Now()
	if err := scaledb.Fill(context.Background(), db, ids, scaledb.Shape{Games: scaleGames, Moves: scaleMoves}); err != nil {
		t.Fatal(err)
	}
	active := queryInt(t, db, `SELECT COUNT(*) FROM games WHERE status = 'active'`)
	t.Logf("%d games, %d of them active, built in %v", scaleGames, active, time.Since(built).Round(time.Second))

	d := w.env.serve(t, w.log)
	phases := sampleRSS(d.cmd.Process.Pid, "start")
	defer func() { t.Logf("the daemon's peak resident set by phase: %s", phases.stop()) }()
	waitFor(t, time.Minute, "the people's invitations", func() (bool, string) {
		n := w.sink.count()
		return n >= len(gs), fmt.Sprintf("%d of %d", n, len(gs))
	})
	phases.enter("moves")
	writeReplies(t, w.sink, gs)
	for _, g := range gs {
		if err := w.imap.Append("", g.Replies[0]); err != nil {
			t.Fatal(err)
		}
	}
	waitFor(t, 2*time.Minute, "every computer seat's answer", func() (bool, string) {
		answered := 0
		for _, g := range gs {
			if queryInt(t, db, `SELECT COUNT(*) FROM moves WHERE game_id = ?`, g.ID) >= 2 {
				answered++
			}
		}
		return answered == len(gs), fmt.Sprintf("%d of %d games answered", answered, len(gs))
	})
	phases.enter("sending")
	waitFor(t, time.Minute, "the outbox sent", func() (bool, string) {
		n := queryInt(t, db, `SELECT COUNT(*) FROM outbox WHERE sent_at IS NULL AND abandoned_at IS NULL`)
		return n == 0, fmt.Sprintf("%d mails to send", n)
	})
	// Its check of the whole database at its start, in a process of its
	// own (pbem check), is over before the figure is read.
	waitFor(t, time.Minute, "the daemon's check of the database", func() (bool, string) {
		return strings.Contains(readLog(t, w.log), "database check: sound"), "not logged yet"
	})
	hwm, rss := memoryOf(t, d.cmd.Process.Pid)
	if status, err := os.ReadFile(fmt.Sprintf("/proc/%d/status", d.cmd.Process.Pid)); err == nil {
		for _, line := range strings.Split(string(status), "\n") {
			if strings.HasPrefix(line, "Rss") {
				t.Log(line) // anonymous (heaps) and file-backed (the binary's pages)
			}
		}
	}
	d.stop(t, 15*time.Second)
	t.Logf("pbem serve with %d games, %d computer answers: peak RSS (VmHWM) %.1f MiB, RSS at the end %.1f MiB",
		scaleGames, len(gs), float64(hwm)/(1<<20), float64(rss)/(1<<20))
	if hwm >= rssBound {
		t.Errorf("pbem serve peaked at %.1f MiB resident, over the %d MiB bound (the bar is %d MiB)", float64(hwm)/(1<<20), rssBound>>20, rssBar>>20)
	}

	cpu, wall := timeList(t, w.env, 5)
	t.Logf("pbem game list against %d games: %v CPU (user+system), %v wall, medians of 5 (the bar: %v)", scaleGames, cpu, wall, listBar)
	if cpu >= listBound {
		t.Errorf("pbem game list took %v of CPU, over the %v bound (the bar is %v)", cpu, listBound, listBar)
	}
}

// personFirst is the first seed from seed on where seat 0, the person,
// moves first in a game of s (in Amplitude the seed chooses who begins).
func personFirst(t testing.TB, s spec, seed uint64) uint64 {
	t.Helper()
	for ; ; seed++ {
		s.Seed = seed
		sc, err := script(s, 1)
		if err != nil {
			t.Fatal(err)
		}
		if len(sc) == 1 && sc[0].Seat == 0 {
			return seed
		}
	}
}

// memoryOf reads a process's peak and current resident set, in bytes,
// from /proc/PID/status (VmHWM, VmRSS).
func memoryOf(t testing.TB, pid int) (hwm, rss int64) {
	t.Helper()
	data, err := os.ReadFile(fmt.Sprintf("/proc/%d/status", pid))
	if err != nil {
		t.Fatalf("read the daemon's memory: %v", err)
	}
	for _, line := range strings.Split(string(data), "\n") {
		key, value, ok := strings.Cut(line, ":")
		if !ok || (key != "VmHWM" && key != "VmRSS") {
			continue
		}
		kb, err := strconv.ParseInt(strings.TrimSuffix(strings.TrimSpace(value), " kB"), 10, 64)
		if err != nil {
			t.Fatalf("/proc/%d/status: %q: %v", pid, line, err)
		}
		if key == "VmHWM" {
			hwm = kb << 10
		} else {
			rss = kb << 10
		}
	}
	if hwm == 0 {
		t.Fatalf("/proc/%d/status has no VmHWM", pid)
	}
	return hwm, rss
}

// timeList runs pbem game list runs times and returns the medians of its
// CPU time (user + system, the process's own) and of its wall time.
func timeList(t testing.TB, e *env, runs int) (cpu, wall time.Duration) {
	t.Helper()
	var cpus, walls []time.Duration
	for range runs {
		cmd := e.command(t.Context(), "game", "list")
		start := time.Now()
		out, err := cmd.Output()
		walls = append(walls, time.Since(start))
		if err != nil {
			t.Fatalf("pbem game list: %v", err)
		}
		if n := strings.Count(string(out), "\n"); n < 50 {
			t.Fatalf("pbem game list printed %d lines, want its page of 50 games:\n%s", n, out)
		}
		cpus = append(cpus, cmd.ProcessState.UserTime()+cmd.ProcessState.SystemTime())
	}
	slices.Sort(cpus)
	slices.Sort(walls)
	return cpus[runs/2], walls[runs/2]
}

// rssPhases samples a process's resident set every 10 ms and keeps its
// peak in each phase of a test, to tell which work raised it.
type rssPhases struct {
	mu    sync.Mutex
	phase string
	order []string
	peaks map[string]int64 // KiB
	done  chan struct{}
}

// sampleRSS starts sampling process pid, in phase first.
func sampleRSS(pid int, first string) *rssPhases {
	p := &rssPhases{phase: first, order: []string{first}, peaks: map[string]int64{}, done: make(chan struct{})}
	go func() {
		tick := time.NewTicker(10 * time.Millisecond)
		defer tick.Stop()
		for {
			select {
			case <-p.done:
				return
			case <-tick.C:
			}
			data, err := os.ReadFile(fmt.Sprintf("/proc/%d/status", pid))
			if err != nil {
				continue
			}
			for _, line := range strings.Split(string(data), "\n") {
				if v, ok := strings.CutPrefix(line, "VmRSS:"); ok {
					kb, _ := strconv.ParseInt(strings.TrimSpace(strings.TrimSuffix(v, " kB")), 10, 64)
					p.mu.Lock()
					p.peaks[p.phase] = max(p.peaks[p.phase], kb)
					p.mu.Unlock()
				}
			}
		}
	}()
	return p
}

// enter starts phase.
func (p *rssPhases) enter(phase string) {
	p.mu.Lock()
	defer p.mu.Unlock()
	p.phase, p.order = phase, append(p.order, phase)
}

// stop ends the sampling and says the peaks, phase by phase, in MiB.
func (p *rssPhases) stop() string {
	close(p.done)
	p.mu.Lock()
	defer p.mu.Unlock()
	var out []string
	for _, ph := range p.order {
		out = append(out, fmt.Sprintf("%s %.1f MiB", ph, float64(p.peaks[ph])/1024))
	}
	return strings.Join(out, ", ")
}
