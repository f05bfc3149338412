package e2e

import (
	"context"
	"database/sql"
	"fmt"
	"os"
	"sort"
	"testing"
	"time"

	"pbem/internal/scaledb"
	"pbem/mailer"
)

// scaled is an installation whose database was grown to many games in
// production's shape (scaledb.Production: most finished, each with its
// moves, replies and mails) from two Amplitude games that pbem made and
// played the first move of by mail; it hands out replies that each play
// the next move of one of its newest active games, going round them, a
// new game taking the place of one that ends: the same moves whatever
// the database holds besides.
type scaled struct {
	*env
	script []play  // every game's, all of one seed
	active []int64 // the games played in
	i      int     // the next of them to play in
	played []int64 // the games next played in, in order
}

// scaledGames is how many games a scaled installation plays in at once;
// scaledSeed is the seed of every game it plays (newWaitingGame's).
const (
	scaledGames = 3
	scaledSeed  = 4
)

// newScaled builds a scaled installation of games games.
func newScaled(tb testing.TB, games int) *scaled {
	tb.Helper()
	e := newEnv(tb, nil)
	start := time.Now()
	w := []waiting{newWaitingGame(tb, e, 0), newWaitingGame(tb, e, 0)}
	for _, t := range w {
		if got := e.ingest(tb, t.reply); got != "processed" {
			tb.Fatalf("the template's first move: %q", got)
		}
	}
	s := &scaled{env: e}
	db, err := sql.Open("sqlite", "file:"+e.db+"?_pragma=busy_timeout(10000)&_pragma=journal_mode(WAL)")
	if err != nil {
		tb.Fatal(err)
	}
	if err := scaledb.Fill(context.Background(), db, []int64{w[0].id, w[1].id}, scaledb.Shape{Games: games}); err != nil {
		tb.Fatal(err)
	}
	rows, err := db.Query(`SELECT id FROM games WHERE status = 'active' ORDER BY id DESC LIMIT ?`, scaledGames)
	if err != nil {
		tb.Fatal(err)
	}
	for rows.Next() {
		var id int64
		if err := rows.Scan(&id); err != nil {
			tb.Fatal(err)
		}
		s.active = append(s.active, id)
	}
	if err := rows.Err(); err != nil {
		tb.Fatal(err)
	}
	closeDB(tb, db)
	info, err := os.Stat(e.db)
	if err != nil {
		tb.Fatal(err)
	}
	tb.Logf("a database of %d games, %d MB, built in %v", games, info.Size()>>20, time.Since(start).Round(time.Second))
	s.script = scripts(tb, []spec{{Kind: "amplitude", Seed: scaledSeed, Seats: players[:2]}}, 100)[0]
	return s
}

// next is the reply of the person to move in the next game, playing its
// script's move there.
func (s *scaled) next(tb testing.TB) []byte {
	tb.Helper()
	db := openDB(tb, s.db)
	defer db.Close()
	k := s.i % len(s.active)
	s.i++
	id := s.active[k]
	var moves, gen int
	var secret []byte
	var email string
	if err := db.QueryRow(`SELECT move_number, secret FROM games WHERE id = ?`, id).Scan(&moves, &secret); err != nil {
		tb.Fatal(err)
	}
	if moves >= len(s.script) {
		id = s.newGame(tb, "amplitude", scaledSeed, players[:2], nil)
		s.active[k], moves = id, 0
		if err := db.QueryRow(`SELECT secret FROM games WHERE id = ?`, id).Scan(&secret); err != nil {
			tb.Fatal(err)
		}
	}
	s.played = append(s.played, id)
	p := s.script[moves]
	if err := db.QueryRow(`SELECT p.email, s.token_gen FROM seats s JOIN players p ON p.id = s.player_id
		WHERE s.game_id = ? AND s.seat = ?`, id, p.Seat).Scan(&email, &gen); err != nil {
		tb.Fatal(err)
	}
	token := mailer.Token(secret, id, p.Seat, gen)
	to, err := mailer.ReplyAddress(serverAddress, id, token)
	if err != nil {
		tb.Fatal(err)
	}
	return fmt.Appendf(nil, "From: Player <%s>\r\nTo: %s\r\nSubject: Re: %s Amplitude\r\nMessage-ID: <scaled.%d.%d@example.test>\r\n"+
		"Date: %s\r\nContent-Type: text/plain; charset=utf-8\r\n\r\n#%d %s\r\n\r\nMy move.\r\n",
		email, to, mailer.SubjectTag(id, token), id, moves+1, time.Now().UTC().Format(time.RFC1123Z), moves+1, p.Text)
}

// ingest pipes raw into pbem ingest, which must play it, and returns how
// long the command took.
func (s *scaled) ingest(tb testing.TB, raw []byte) time.Duration {
	tb.Helper()
	r := s.ingestWith(tb, raw, nil, 0)
	if r.code != 0 || r.stdout != "processed" {
		tb.Fatalf("pbem ingest: exit %d, %q, stderr:\n%s", r.code, r.stdout, r.stderr)
	}
	return r.took
}

// TestIngestScaled plays moves by pbem ingest in the active games of a
// database grown by scaledb (10 games here; BenchmarkIngestBinary has
// 100,000): each reply is played, each game so played still replays
// exactly, and the time a mail took is logged.
func TestIngestScaled(t *testing.T) {
	s := newScaled(t, 10)
	var took []time.Duration
	for range 5 {
		took = append(took, s.ingest(t, s.next(t)))
	}
	sort.Slice(took, func(i, j int) bool { return took[i] < took[j] })
	t.Logf("pbem ingest on 10 games: median %v a mail (%v)", took[len(took)/2], took)
	for _, id := range s.played {
		// The finished clones replay no more (scaledb), the active ones do.
		s.pbem(t, "game", "verify", fmt.Sprint(id))
	}
}

// BenchmarkIngestBinary is the built pbem ingest, as the MTA runs it for
// every mail (a process started, the database opened, the mail read from
// its standard input and played, the process gone), on databases of 10,
// 10,000 and 100,000 games in production's shape (the largest built
// in minutes for each run).
func BenchmarkIngestBinary(b *testing.B) {
	for _, games := range []int{10, 10_000, 100_000} {
		b.Run(fmt.Sprintf("games=%d", games), func(b *testing.B) {
			s := newScaled(b, games)
			var took []time.Duration
			for b.Loop() {
				b.StopTimer()
				raw := s.next(b)
				b.StartTimer()
				took = append(took, s.ingest(b, raw))
			}
			// The median too: a shared machine makes the mean noisy.
			sort.Slice(took, func(i, j int) bool { return took[i] < took[j] })
			b.ReportMetric(float64(took[len(took)/2].Microseconds())/1000, "median-ms/mail")
		})
	}
}
