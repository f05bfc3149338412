package e2e

import (
	"fmt"
	"strings"
	"testing"
	"time"
)

// TestDovecotNoMailBlocksOthers: through pbem serve against Dovecot, a
// mail whose handling fails for good (every mail to its sender breaks a
// constraint of the database, as a bug's data would) and a stranger who
// watches a game, stops, and watches it again — the loop that once froze
// the inbox on a repeated Message-ID — arrive among ordinary replies to
// twelve games. Every reply is played within seconds; the poison is
// recorded as failed and filed in pbem/rejected, and pbem status lists
// it; the stranger gets both "you are watching" mails.
func TestDovecotNoMailBlocksOthers(t *testing.T) {
	t.Parallel()
	dv := startDovecot(t)
	sk := startSink(t)
	e := newEnv(t, map[string]string{
		"PBEM_IMAP_ADDR": dv.addr, "PBEM_IMAP_USER": imapUser, "PBEM_IMAP_PASSWORD": imapPassword, "PBEM_IMAP_TLS": "none",
		"PBEM_SMTP_ADDR": sk.Addr, "PBEM_SMTP_USER": relayUser, "PBEM_SMTP_PASSWORD": relayPassword, "PBEM_SMTP_TLS": "none",
	})
	var specs []spec
	for i := range 12 {
		specs = append(specs, spec{Kind: "amplitude", Seed: uint64(40 + i), Seats: []seat{players[i%4], players[(i+1)%4]}})
	}
	// The first game is open to watchers: a server's option, which the
	// engine computing the scripts does not know.
	gs := make([]*created, len(specs))
	for i, s := range specs {
		var opts map[string]string
		if i == 0 {
			opts = map[string]string{"watchers": "open"}
		}
		gs[i] = &created{spec: s, ID: e.newGame(t, s.Kind, s.Seed, s.Seats, opts)}
	}
	for i, sc := range scripts(t, specs, 2) {
		gs[i].Script = sc
	}
	watched := gs[0].ID

	poison, stranger := seat{"poison@example.net", "Poison"}, seat{"kibitz@example.net", "Kibitz"}
	db := openDB(t, e.db)
	if _, err := db.Exec(fmt.Sprintf(`CREATE TRIGGER poison BEFORE INSERT ON outbox WHEN NEW.recipient = '%s'
		BEGIN SELECT RAISE(ABORT, 'poisoned'); END`, poison.Email)); err != nil {
		t.Fatal(err)
	}

	d := e.serve(t, daemonLog(t, e.dir))
	defer d.stop(t, 15*time.Second)
	waitInvitations(t, sk, gs, 30*time.Second)
	writeReplies(t, sk, gs)

	// The poison and the stranger's first watch come first; the replies
	// to the twelve games behind them.
	dv.save(t, lobbyMail(poison, "", "", "poison@example.net", "games"))
	dv.save(t, lobbyMail(stranger, "", "", "watch1@example.net", fmt.Sprintf("watch %d", watched)))
	start := time.Now()
	for _, g := range gs {
		dv.save(t, g.Replies[0])
	}
	moved := func(n int) func() (bool, string) {
		return func() (bool, string) {
			done := queryInt(t, db, `SELECT COUNT(*) FROM games WHERE move_number >= ?`, n)
			return done == len(gs), fmt.Sprintf("%d of %d games at move %d", done, len(gs), n)
		}
	}
	waitFor(t, 30*time.Second, "every game's first move", moved(1))
	t.Logf("12 replies behind the poison played in %v", time.Since(start).Round(time.Millisecond))

	// The stranger's loop, each step a reply to the last mail they got,
	// among the games' second moves.
	lastTo := func(want string) received {
		t.Helper()
		var got received
		waitFor(t, 30*time.Second, "a mail to the stranger saying "+want, func() (bool, string) {
			for _, m := range sk.all() {
				if len(m.To) == 1 && m.To[0] == stranger.Email && strings.Contains(m.Text, want) {
					got = m
				}
			}
			return got.MessageID != "", fmt.Sprintf("%d mails", sk.count())
		})
		return got
	}
	answer := func(to received, id, body string) {
		dv.save(t, reply{From: stranger, To: to.ReplyTo, Answered: to, MessageID: id, Body: body}.bytes())
	}
	welcome := fmt.Sprintf("You are watching Amplitude, game %d", watched)
	watching := func() int {
		return queryInt(t, db, `SELECT COUNT(*) FROM watchers WHERE address = ?`, stranger.Email)
	}
	answer(lastTo("wrote to this game server"), "yes@example.net", "Yes.")
	for i, g := range gs {
		dv.save(t, g.Replies[1])
		if i == 5 {
			notice := lastTo(welcome)
			answer(notice, "unwatch@example.net", "unwatch")
			waitFor(t, 30*time.Second, "the stranger unwatched", func() (bool, string) { return watching() == 0, fmt.Sprint(watching()) })
			answer(notice, "watch2@example.net", fmt.Sprintf("watch %d", watched))
		}
	}
	waitFor(t, 30*time.Second, "every game's second move", moved(2))
	waitFor(t, 30*time.Second, "the second \"you are watching\"", func() (bool, string) {
		n := 0
		for _, m := range sk.all() {
			if len(m.To) == 1 && m.To[0] == stranger.Email && strings.Contains(m.Text, welcome) {
				n++
			}
		}
		return n == 2 && watching() == 1, fmt.Sprintf("%d notices, watching %d", n, watching())
	})

	waitFor(t, 30*time.Second, "the poison in pbem.rejected, the rest processed", func() (bool, string) {
		inbox, rejected := dv.count(t, "INBOX"), dv.count(t, "pbem.rejected")
		return inbox == 0 && rejected == 1, fmt.Sprintf("INBOX %d, pbem.rejected %d", inbox, rejected)
	})
	if n := queryInt(t, db, `SELECT COUNT(*) FROM inbound_mails WHERE sender = ? AND outcome = 'failed' AND detail LIKE '%poisoned%'`, poison.Email); n != 1 {
		t.Fatalf("the poison recorded as failed %d times, want 1", n)
	}
	if n := queryInt(t, db, `SELECT COUNT(*) FROM inbound_mails WHERE outcome = 'failed'`); n != 1 {
		t.Fatalf("%d mails failed, want the poison alone", n)
	}
	status := e.pbem(t, "status")
	if !strings.Contains(status, "failed      1 in the last 7d") || !strings.Contains(status, poison.Email) {
		t.Fatalf("pbem status does not list the failed mail:\n%s", status)
	}
}

// TestIngestPoisonExitsZero: behind an MTA, a mail whose handling fails
// for good is recorded as failed and pbem ingest exits 0, printing
// rejected, so that the MTA neither retries it for ever nor bounces it;
// the next mail is handled as usual.
func TestIngestPoisonExitsZero(t *testing.T) {
	t.Parallel()
	e := newEnv(t, nil)
	e.pbem(t, "game", "list")
	poison := seat{"poison@example.net", "Poison"}
	db := openDB(t, e.db)
	if _, err := db.Exec(fmt.Sprintf(`CREATE TRIGGER poison BEFORE INSERT ON outbox WHEN NEW.recipient = '%s'
		BEGIN SELECT RAISE(ABORT, 'poisoned'); END`, poison.Email)); err != nil {
		t.Fatal(err)
	}
	mail := lobbyMail(poison, "", "", "poison@example.net", "games") // one mail, its copies alike (its Date too: a mail is its Message-ID, From and Date)
	for range 2 {
		if got := e.ingest(t, mail); got != "rejected" {
			t.Fatalf("pbem ingest printed %q", got)
		}
	}
	if n := queryInt(t, db, `SELECT COUNT(*) FROM inbound_mails WHERE outcome = 'failed' AND detail LIKE '%poisoned%'`); n != 1 {
		t.Fatalf("the poison recorded as failed %d times, want once (the second copy is a duplicate)", n)
	}
	if got := e.ingest(t, lobbyMail(players[0], "", "", "help@example.test", "help")); got != "processed" {
		t.Fatalf("the next mail: pbem ingest printed %q", got)
	}
}
