package e2e

import (
	"database/sql"
	"fmt"
	"os"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"
)

// activeGames is how many active games TestServeMemoryAtScale holds.
const activeGames = 10_000

// rssBar is issue 15's bar for the daemon's peak resident set with
// activeGames active games and every game type's computer player run;
// rssBound is what the test asserts. Measured: 58–60 MiB before issue 15's
// fixes, 36–40 MiB after them (about 20 MiB of it the binary's own pages,
// RssFile), and 44–46 MiB once every mail showed a board picture and came
// in two languages (issue 16: the fonts, a picture's canvas, the templates
// and catalogs of each language; 41 MiB with GOMEMLIMIT=20MiB), then
// 37.7–39.4 MiB (median 38.1 of 8 runs) once Ludicitude's search table was
// sized to a quarter of its budget and serve collects at GOGC 50: the test
// logs the figure against the bar and fails at rssBound, on memory that
// grows again, not on a run that peaks a little higher than the others.
const (
	rssBar   = 40 << 20
	rssBound = 42 << 20
)

// listBar is issue 15's bar for one pbem game list (its default page)
// against the activeGames, as the process's own run time (user + system
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
// created with pbem game new, a person against a computer, cloned by SQL
// into activeGames active games (their seats spread over 1,000 players);
// pbem serve then takes a reply in each real game, and each game's computer
// seat answers, Amplitude's, Chiffres' and Ludicitude's alike. The peak
// resident set of the serve process (VmHWM in /proc/PID/status) must stay
// under rssBound (the bar: rssBar), and pbem game list against that database under listBound.
func TestServeMemoryAtScale(t *testing.T) {
	if testing.Short() {
		t.Skip("builds 10,000 games and runs every computer player: not under -short")
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
	cloneGames(t, db, gs, activeGames)
	if n := queryInt(t, db, `SELECT COUNT(*) FROM games WHERE status = 'active'`); n != activeGames {
		t.Fatalf("%d active games, want %d", n, activeGames)
	}

	d := w.env.serve(t, w.log)
	waitFor(t, time.Minute, "the people's invitations", func() (bool, string) {
		n := w.sink.count()
		return n >= len(gs), fmt.Sprintf("%d of %d", n, len(gs))
	})
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
	waitFor(t, time.Minute, "the outbox sent", func() (bool, string) {
		n := queryInt(t, db, `SELECT COUNT(*) FROM outbox WHERE sent_at IS NULL AND abandoned_at IS NULL`)
		return n == 0, fmt.Sprintf("%d mails to send", n)
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
	t.Logf("pbem serve with %d active games, %d computer answers: peak RSS (VmHWM) %.1f MiB, RSS at the end %.1f MiB",
		activeGames, len(gs), float64(hwm)/(1<<20), float64(rss)/(1<<20))
	if hwm >= rssBound {
		t.Errorf("pbem serve peaked at %.1f MiB resident, over the %d MiB bound (the bar is %d MiB)", float64(hwm)/(1<<20), rssBound>>20, rssBar>>20)
	}

	cpu, wall := timeList(t, w.env, 5)
	t.Logf("pbem game list against %d games: %v CPU (user+system), %v wall, medians of 5 (the bar: %v)", activeGames, cpu, wall, listBar)
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

// cloneGames copies the rows of the games gs (games, seats) into clones
// until the database holds total games, the clones' seats of people spread
// over 1,000 players. A clone is a game as pbem game new leaves it: active,
// the person to move, its invitation taken as sent.
func cloneGames(t testing.TB, db *sql.DB, gs []*created, total int) {
	t.Helper()
	tx, err := db.Begin()
	if err != nil {
		t.Fatal(err)
	}
	defer tx.Rollback()
	exec := func(q string, args ...any) sql.Result {
		t.Helper()
		r, err := tx.Exec(q, args...)
		if err != nil {
			t.Fatalf("%s: %v", q, err)
		}
		return r
	}
	const people = 1000
	exec(`WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < ?)
		INSERT INTO players (email, name, created_at) SELECT 'p' || i || '@example.test', 'P' || i, datetime('now') FROM n`, people)
	var cols []string
	rows, err := tx.Query(`SELECT name FROM pragma_table_info('games') WHERE name <> 'id'`)
	if err != nil {
		t.Fatal(err)
	}
	for rows.Next() {
		var c string
		if err := rows.Scan(&c); err != nil {
			t.Fatal(err)
		}
		cols = append(cols, c)
	}
	rows.Close()
	list := strings.Join(cols, ", ")
	each := (total - len(gs)) / len(gs)
	for i, g := range gs {
		n := each
		if i == len(gs)-1 {
			n = total - len(gs) - each*(len(gs)-1)
		}
		r := exec(`WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < ?)
			INSERT INTO games (`+list+`) SELECT `+list+` FROM games, n WHERE games.id = ?`, n, g.ID)
		last, err := r.LastInsertId()
		if err != nil {
			t.Fatal(err)
		}
		exec(`INSERT INTO seats (game_id, seat, player_id, bot)
			SELECT c.id, s.seat,
				CASE WHEN s.player_id IS NULL THEN NULL ELSE (SELECT MAX(id) FROM players) - (c.id % ?) END, s.bot
			FROM games c JOIN seats s ON s.game_id = ? WHERE c.id BETWEEN ? AND ?`, people, g.ID, last-int64(n)+1, last)
	}
	if err := tx.Commit(); err != nil {
		t.Fatal(err)
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
