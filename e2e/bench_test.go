package e2e

import (
	"fmt"
	"math/rand/v2"
	"os"
	"testing"
	"time"
)

// BenchmarkServeLoad is the daemon under load, end to end: 100 games (40
// Amplitude, 30 Chiffres, 30 Ludicitude, two human seats each) get up to 20
// moves each (an Amplitude game of two ends after 17) as replies put in
// the inbox of the in-memory IMAP server all at once, interleaved; a pbem
// serve process reads them, plays them and sends both players'
// notifications to the relay. mails/s counts the replies, from the first
// put in the inbox to the last notification the relay receives;
// cpu-ms/mail is the daemon's CPU time (user + system) over that run, a
// reply, and harness-cpu-ms/mail the test process's (the IMAP server, the
// relay, the waiting), which shares the machine's cores with it.
//
// It runs once whatever -benchtime says (its set-up, the games and their
// moves, takes longer than the run): use -benchtime 1x.
func BenchmarkServeLoad(b *testing.B) {
	b.StopTimer()
	const maxMoves = 20
	w := newWorld(b)
	setup := time.Now()
	gs := createGames(b, w.env, mix(100, 40, 30, 5000), maxMoves)
	b.Logf("set-up: 100 games created and their moves computed in %v", time.Since(setup).Round(time.Millisecond))
	if path := os.Getenv("PBEM_CPU_PROFILE"); path != "" {
		w.env.vars["PBEM_CPU_PROFILE"] = path // the daemon's profile, for go tool pprof
	}
	d := w.env.serve(b, w.log)
	waitInvitations(b, w.sink, gs, time.Minute)
	writeReplies(b, w.sink, gs)
	perGame := make([][][]byte, len(gs))
	notifications := 0
	for i, g := range gs {
		perGame[i] = g.Replies
		notifications += len(g.Replies) * len(g.Seats)
	}
	inbox := interleave(rand.New(rand.NewPCG(5, 5)), perGame)
	before := w.sink.count()
	want := before + notifications

	b.StartTimer()
	start, cpu, ours := time.Now(), processCPU(b, d.cmd.Process.Pid), processCPU(b, os.Getpid())
	for _, raw := range inbox {
		if err := w.imap.Append("", raw); err != nil {
			b.Fatal(err)
		}
	}
	db := openDB(b, w.env.db)
	var played time.Duration // when the last move was committed, about
	waitFor(b, 10*time.Minute, "every notification", func() (bool, string) {
		if played == 0 && queryInt(b, db, `SELECT COUNT(*) FROM moves`) == len(inbox) {
			played = time.Since(start)
		}
		n := w.sink.count()
		return n >= want, fmt.Sprintf("%d of %d", n-before, notifications)
	})
	elapsed := time.Since(start)
	cpu, ours = processCPU(b, d.cmd.Process.Pid)-cpu, processCPU(b, os.Getpid())-ours
	b.StopTimer()

	d.stop(b, 15*time.Second)
	if n := queryInt(b, db, `SELECT COUNT(*) FROM moves`); n != len(inbox) {
		b.Fatalf("%d moves played, want %d", n, len(inbox))
	}
	if n := w.count("pbem/processed"); n != len(inbox) {
		b.Errorf("pbem/processed holds %d mails, want %d", n, len(inbox))
	}
	b.ReportMetric(float64(len(inbox))/elapsed.Seconds(), "mails/s")
	b.ReportMetric(float64(len(inbox)), "mails")
	b.ReportMetric(float64(cpu.Microseconds())/1000/float64(len(inbox)), "cpu-ms/mail")
	b.ReportMetric(float64(ours.Microseconds())/1000/float64(len(inbox)), "harness-cpu-ms/mail")
	b.ReportMetric(float64(w.sink.bytesSince(before))/1024/float64(notifications), "KiB/notification")
	b.Logf("%d replies of %d games played in %v, and answered (%d notifications) in %v",
		len(inbox), len(gs), played.Round(time.Millisecond), notifications, elapsed.Round(time.Millisecond))
}
