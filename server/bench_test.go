package server

import (
	"bytes"
	"context"
	"database/sql"
	"fmt"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	gomail "github.com/emersion/go-message/mail"
	"github.com/stretchr/testify/require"
	_ "modernc.org/sqlite"

	"pbem/engine"
	"pbem/engine/amplitude"
	"pbem/mailer"
	"pbem/parser"
	"pbem/store"
)

// botGameTexts plays a game between computers in the engine alone and
// returns each move's seat and canonical text, to be replayed through Play.
func botGameTexts(tb testing.TB, seed uint64) (seats []int, texts []string) {
	st, err := amplitude.Game{}.New(nil, seed, 2)
	require.NoError(tb, err)
	for !st.Over() {
		seat := st.ToMove()
		m, err := st.BotMove(seat)
		require.NoError(tb, err)
		next, out, err := st.Apply(seat, m)
		require.NoError(tb, err)
		seats, texts, st = append(seats, seat), append(texts, out.Move), next
	}
	return seats, texts
}

var emails = []string{"ann@example.org", "bob@example.org"}

// BenchmarkApplyMove is one durable Amplitude move. Its sub-benchmark move
// is the path a mail takes: a raw reply through HandleMail (read, dedupe,
// authenticate, parse, apply, the players' notifications composed, and the
// commit of the move, the game's state, the inbound mail and the outbox
// on a file database), with no computer seat to answer; play is the same
// move through Play, the command line's path, without a mail. raw-write is
// one bare SQLite transaction on the same file writing rows of the sizes
// one move writes (the game's state, the move with its state, the inbound
// mail, each notification), measured from a game played first: the floor
// a move's commit cannot go under, to compare with. fresh is move on a
// board no iteration saw before (bench_fresh_test.go), its mails finished
// by the sender's FinishMail within the iteration, pictures drawn;
// fresh-queued the same with the mails finished outside the timer.
func BenchmarkApplyMove(b *testing.B) {
	ctx := context.Background()
	srv, st := newTestServer(b)
	seats, texts := botGameTexts(b, 42)
	n := len(texts)
	for i, raw := range replyMails(b, srv, st, seats, texts, nil) {
		if v, err := srv.HandleMail(ctx, raw); err != nil || v != mailer.Accepted {
			b.Fatalf("mail %d: %v %v", i, v, err)
		}
	}
	sizes := moveRowSizes(b, st)
	rows := lastMoveRows(b, rawDB(b, st))
	b.Run("move", func(b *testing.B) {
		b.ReportAllocs()
		var mails [][]byte
		for i := 0; b.Loop(); i++ {
			if i%n == 0 {
				b.StopTimer()
				mails = replyMails(b, srv, st, seats, texts, nil)
				b.StartTimer()
			}
			if v, err := srv.HandleMail(ctx, mails[i%n]); err != nil || v != mailer.Accepted {
				b.Fatalf("mail %d: %v %v", i%n, v, err)
			}
		}
	})
	b.Run("fresh", func(b *testing.B) { benchmarkFresh(b, srv, st, nil, true) })
	b.Run("fresh-queued", func(b *testing.B) { benchmarkFresh(b, srv, st, nil, false) })
	b.Run("play", func(b *testing.B) {
		b.ReportAllocs()
		var id int64
		for i := 0; b.Loop(); i++ {
			if i%n == 0 {
				b.StopTimer()
				var err error
				id, err = srv.Create(ctx, twoPlayers(42))
				require.NoError(b, err)
				b.StartTimer()
			}
			if _, err := srv.Play(ctx, id, emails[seats[i%n]], texts[i%n], ""); err != nil {
				b.Fatal(err)
			}
		}
	})
	b.Run("raw-write", func(b *testing.B) {
		b.ReportAllocs()
		db := rawDB(b, st)
		_, err := db.Exec(`CREATE TABLE IF NOT EXISTS bench_game (id INTEGER PRIMARY KEY, v BLOB);
			CREATE TABLE IF NOT EXISTS bench_rows (id INTEGER PRIMARY KEY, v BLOB);
			INSERT OR IGNORE INTO bench_game (id, v) VALUES (1, x'')`)
		require.NoError(b, err)
		state := make([]byte, sizes[0])
		for b.Loop() {
			tx, err := db.Begin()
			require.NoError(b, err)
			_, err = tx.Exec(`UPDATE bench_game SET v = ? WHERE id = 1`, state)
			require.NoError(b, err)
			for _, size := range sizes {
				_, err = tx.Exec(`INSERT INTO bench_rows (v) VALUES (?)`, make([]byte, size))
				require.NoError(b, err)
			}
			require.NoError(b, tx.Commit())
		}
	})
	b.Run("same-rows", func(b *testing.B) {
		b.ReportAllocs()
		db := rawDB(b, st)
		for b.Loop() {
			require.NoError(b, rows.write(db))
		}
	})
}

// replyMails creates a game between emails' players and returns the
// reply mails that play texts in it, each from the seat's player to its
// reply address, as a mail client writes them.
func replyMails(tb testing.TB, srv *Server, st *store.Store, seats []int, texts []string, headers []string) [][]byte {
	ctx := context.Background()
	id, err := srv.Create(ctx, twoPlayers(42))
	require.NoError(tb, err)
	g, err := st.Game(ctx, id)
	require.NoError(tb, err)
	mails := make([][]byte, 0, len(texts))
	for j, text := range texts {
		mails = append(mails, replyMail(tb, g, j, seats[j], text, headers))
	}
	return mails
}

// replyMail is the reply mail from seat's player of game g that plays
// text as move j+1, to the seat's reply address, as a mail client writes
// it.
func replyMail(tb testing.TB, g store.Game, j, seat int, text string, headers []string) []byte {
	token := mailer.Token(g.Secret, g.ID, seat, 0)
	to, err := mailer.ReplyAddress(DefaultAddress, g.ID, token)
	require.NoError(tb, err)
	body := fmt.Sprintf("#%d %s\n\nOn Mon, 30 Nov 2026 at 12:00, pbem <pbem@localhost> wrote:\n> It is your turn: move #%d.\n", j+1, text, j+1)
	return raw(emails[seat], to, fmt.Sprintf("g%d.m%d@example.org", g.ID, j), mailer.ThreadID(g.ID, token, "localhost"), body, headers...)
}

// moveRowSizes is the bytes of the rows a move by mail writes, on average
// over the moves stored: the state (written twice, in the game and in the
// move), the inbound mail, each notification it queued, and the board
// pictures' diagrams stored for them.
func moveRowSizes(tb testing.TB, st *store.Store) []int {
	db := rawDB(tb, st)
	var state, inbound, mails, mailBytes float64
	require.NoError(tb, db.QueryRow(`SELECT AVG(length(state)) FROM moves`).Scan(&state))
	require.NoError(tb, db.QueryRow(`SELECT AVG(length(raw)) FROM inbound_mails`).Scan(&inbound))
	require.NoError(tb, db.QueryRow(`SELECT COUNT(*) * 1.0 / (SELECT COUNT(*) FROM inbound_mails), AVG(length(raw))
		FROM outbox WHERE inbound_id IS NOT NULL`).Scan(&mails, &mailBytes))
	var pictures, pictureBytes float64
	require.NoError(tb, db.QueryRow(`SELECT COUNT(*) * 1.0 / (SELECT COUNT(*) FROM inbound_mails), COALESCE(AVG(length(diagram)), 0)
		FROM pictures`).Scan(&pictures, &pictureBytes))
	sizes := []int{int(state), int(inbound)}
	for range int(mails + 0.5) {
		sizes = append(sizes, int(mailBytes))
	}
	for range int(pictures + 0.5) {
		sizes = append(sizes, int(pictureBytes))
	}
	tb.Logf("a move writes rows of %v bytes", sizes)
	return sizes
}

// rawDB opens the store's file with the store's settings, for raw writes.
func rawDB(tb testing.TB, st *store.Store) *sql.DB {
	db, err := sql.Open("sqlite", "file:"+st.Path()+"?_pragma=busy_timeout(10000)&_pragma=journal_mode(WAL)&_pragma=synchronous(FULL)&_txlock=immediate")
	require.NoError(tb, err)
	tb.Cleanup(func() { db.Close() })
	return db
}

// BenchmarkApplyMoveConcurrent plays 8 games at once, a goroutine each, and
// reports the moves applied per second across them.
func BenchmarkApplyMoveConcurrent(b *testing.B) {
	ctx := context.Background()
	srv, _ := newTestServer(b)
	const games = 8
	type script struct {
		seats []int
		texts []string
	}
	scripts := make([]script, games)
	for g := range scripts {
		scripts[g].seats, scripts[g].texts = botGameTexts(b, uint64(200+g))
	}
	var moves int
	var elapsed time.Duration
	for b.Loop() {
		b.StopTimer()
		ids := make([]int64, games)
		for g := range ids {
			var err error
			ids[g], err = srv.Create(ctx, twoPlayers(uint64(200+g)))
			require.NoError(b, err)
		}
		b.StartTimer()
		start := time.Now()
		var wg sync.WaitGroup
		for g := range ids {
			wg.Add(1)
			go func() {
				defer wg.Done()
				for i, text := range scripts[g].texts {
					if _, err := srv.Play(ctx, ids[g], emails[scripts[g].seats[i]], text, ""); err != nil {
						panic(fmt.Sprintf("game %d move %d: %v", ids[g], i+1, err))
					}
				}
			}()
		}
		wg.Wait()
		elapsed += time.Since(start)
		for _, s := range scripts {
			moves += len(s.texts)
		}
	}
	b.ReportMetric(float64(moves)/elapsed.Seconds(), "moves/s")
}

// BenchmarkMailToOutbox is one raw reply mail through HandleMail: read,
// dedupe, authenticate, parse, apply, and the commit with the players'
// mails queued. Its sub-benchmarks compare sender authentication off, with
// mails as they come today, and under the pass policy, with the
// operator's server's Authentication-Results in each mail; fresh is
// auth-off on boards no iteration saw before (bench_fresh_test.go), each
// move's mails then finished as the sender finishes them, their pictures
// drawn, within the iteration.
func BenchmarkMailToOutbox(b *testing.B) {
	for _, c := range []struct {
		name    string
		cfg     Config
		headers []string
	}{
		{"auth-off", Config{}, nil},
		{"auth-pass", Config{AuthservID: "mx.example.org", SenderAuth: SenderAuthPass},
			[]string{"Authentication-Results: mx.example.org; dkim=pass header.d=example.org header.s=s1; spf=pass smtp.mailfrom=example.org; dmarc=pass header.from=example.org"}},
	} {
		b.Run(c.name, func(b *testing.B) { benchmarkMailToOutbox(b, c.cfg, c.headers) })
	}
	b.Run("fresh", func(b *testing.B) {
		srv, st := newTestServer(b)
		benchmarkFresh(b, srv, st, nil, true)
	})
}

func benchmarkMailToOutbox(b *testing.B, cfg Config, headers []string) {
	ctx := context.Background()
	st, err := store.Open(ctx, filepath.Join(b.TempDir(), "pbem.db"), nil)
	require.NoError(b, err)
	b.Cleanup(func() { st.Close() })
	srv, err := New(st, engine.NewRegistry(amplitude.Game{}), cfg)
	require.NoError(b, err)
	seats, texts := botGameTexts(b, 42)
	n := len(texts)
	var mails [][]byte
	for i := 0; b.Loop(); i++ {
		if i%n == 0 {
			b.StopTimer()
			mails = replyMails(b, srv, st, seats, texts, headers)
			b.StartTimer()
		}
		if v, err := srv.HandleMail(ctx, mails[i%n]); err != nil || v != mailer.Accepted {
			b.Fatalf("mail %d: %v %v", i%n, v, err)
		}
	}
}

// BenchmarkLobbyMail is one mail to the lobby through HandleMail, as the
// lobby meets them on the open internet: a player's reply to one of its
// mails ("games", proven by its token), a first mail from a player that
// proves nothing ("name …", confirmed by a mail to them), and a
// stranger's mail (answered once an hour, then held back).
func BenchmarkLobbyMail(b *testing.B) {
	ctx := context.Background()
	st, err := store.Open(ctx, filepath.Join(b.TempDir(), "pbem.db"), nil)
	require.NoError(b, err)
	b.Cleanup(func() { st.Close() })
	srv, err := New(st, engine.NewRegistry(amplitude.Game{}), Config{Address: "games@example.org"})
	require.NoError(b, err)
	_, err = srv.Lobby().RegisterPlayer(ctx, "ann@example.org", "Ann")
	require.NoError(b, err)
	mail := func(from, to, id, inReplyTo, body string) []byte {
		return []byte(strings.Replace(string(raw(from, to, id, inReplyTo, body)), "Subject: Re: [#1] Amplitude", "Subject: games", 1))
	}
	// A lobby mail to Ann, whose reply address carries her token.
	if _, err := srv.HandleMail(ctx, mail("ann@example.org", "games@example.org", "first@x", "", "games")); err != nil {
		b.Fatal(err)
	}
	mails, err := st.DueMails(ctx, time.Now().Add(time.Hour), 10)
	require.NoError(b, err)
	var replyTo, answered string
	for _, m := range mails {
		if m.Recipient == "ann@example.org" {
			r, err := gomail.CreateReader(bytes.NewReader(m.Raw))
			require.NoError(b, err)
			addrs, err := r.Header.AddressList("Reply-To")
			require.NoError(b, err)
			replyTo, answered = addrs[0].Address, m.MessageID
		}
	}
	require.Contains(b, replyTo, "+lobby-")
	for _, c := range []struct {
		name          string
		from, to, irt string
		body          string
	}{
		{"reply", "ann@example.org", replyTo, answered, "games"},
		{"unproven", "ann@example.org", "games@example.org", "", "name Annie"},
		{"stranger", "someone@example.net", "games@example.org", "", "games"},
	} {
		b.Run(c.name, func(b *testing.B) {
			for i := 0; b.Loop(); i++ {
				if _, err := srv.HandleMail(ctx, mail(c.from, c.to, fmt.Sprintf("%s%d@x", c.name, i), c.irt, c.body)); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// BenchmarkOwnQuote is what knowing its own mail costs a reply: finding
// the mail it answers in the outbox (its unique index), reading that
// mail's two parts, and taking their quote out of the reply.
func BenchmarkOwnQuote(b *testing.B) {
	ctx := context.Background()
	st, err := store.Open(ctx, filepath.Join(b.TempDir(), "pbem.db"), nil)
	require.NoError(b, err)
	b.Cleanup(func() { st.Close() })
	srv, err := New(st, engine.NewRegistry(amplitude.Game{}), Config{})
	require.NoError(b, err)
	id, err := srv.Create(ctx, twoPlayers(21))
	require.NoError(b, err)
	due, err := st.DueMails(ctx, time.Now().Add(time.Hour), 10)
	require.NoError(b, err)
	sent := due[len(due)-1]
	texts := parser.MailTexts(sent.Raw)
	body := "#1 pass\n\nDn 2 Zxq 2026, pbem <pbem@localhost> vrxlt:\n" + quotedLines(texts[0]) + "\n\nAnn\n"
	m, err := parser.ReadMail(raw(sent.Recipient, fmt.Sprintf("pbem+%d@localhost", id), "b@x", sent.MessageID, body))
	require.NoError(b, err)
	for b.Loop() {
		got, err := srv.intake.withoutOwnQuote(ctx, m)
		if err != nil || strings.Contains(got.Text, "Hello") {
			b.Fatalf("%v %q", err, got.Text)
		}
	}
}

// quotedLines is text under "> " quote marks.
func quotedLines(text string) string {
	lines := strings.Split(text, "\n")
	for i, l := range lines {
		lines[i] = "> " + l
	}
	return strings.Join(lines, "\n")
}
