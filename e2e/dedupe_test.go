package e2e

import (
	"bytes"
	"fmt"
	"regexp"
	"sync"
	"testing"
)

// TestIngestParallelCopies: fifty pbem ingest processes given one mail at
// once, as an MTA delivering in parallel would, all report it processed,
// and the move is played once: the processes race on the database, not on
// a lock in one process.
func TestIngestParallelCopies(t *testing.T) {
	t.Parallel()
	e := newEnv(t, nil)
	g := newTrustGame(t, e, 21, []seat{players[0], players[1]})
	m := g.replyTo(t, 0, g.mover(0))
	const copies = 50
	printed := make([]ingestRun, copies)
	var wg sync.WaitGroup
	for i := range copies {
		wg.Add(1)
		go func() {
			defer wg.Done()
			printed[i] = e.ingestWith(t, m, nil, 0)
		}()
	}
	wg.Wait()
	for i, r := range printed {
		if r.code != 0 || r.stdout != "processed" {
			t.Errorf("copy %d: exit %d, printed %q:\n%s", i, r.code, r.stdout, r.stderr)
		}
	}
	db := openDB(t, e.db)
	if n := queryInt(t, db, `SELECT COUNT(*) FROM moves WHERE game_id = ?`, g.id); n != 1 {
		t.Errorf("fifty copies played %d moves, want 1", n)
	}
	if n := queryInt(t, db, `SELECT COUNT(*) FROM inbound_mails`); n != 1 {
		t.Errorf("fifty copies left %d inbound mails recorded, want 1", n)
	}
	e.verifyAll(t)
}

// TestIngestMessageIDReuse: a different mail that reuses a Message-ID
// already seen is handled on its own; the MTA's redelivery of a mail
// without Message-ID, with new Received lines on top, is applied once.
func TestIngestMessageIDReuse(t *testing.T) {
	t.Parallel()
	e := newEnv(t, nil)
	g := newTrustGame(t, e, 22, []seat{players[0], players[1]})

	first := g.replyTo(t, 0, g.mover(0))
	id := regexp.MustCompile(`(?m)^Message-Id: (<[^>]+>)`).FindSubmatch(first)
	if id == nil {
		t.Fatalf("no Message-Id in the reply:\n%s", first)
	}
	g.expect(t, first, "processed", 1, "the first mail")
	second := regexp.MustCompile(`(?m)^Message-Id: <[^>]+>`).ReplaceAll(g.replyTo(t, 1, g.mover(1)), append([]byte("Message-Id: "), id[1]...))
	g.expect(t, second, "processed", 2, "another mail under the same Message-ID")

	third := regexp.MustCompile(`(?m)^Message-Id: <[^>]+>\r\n`).ReplaceAll(g.replyTo(t, 2, g.mover(2)), nil)
	if bytes.Contains(third, []byte("Message-Id")) {
		t.Fatal("the third reply still has a Message-Id")
	}
	g.expect(t, append([]byte("Received: from mx1.example.test by mx.example.test; Tue, 1 Dec 2026 10:00:00 +0000\r\n"), third...),
		"processed", 3, "a mail without Message-ID")
	for hop := range 2 {
		redelivered := append([]byte(fmt.Sprintf("Received: from relay%d.example.test by mx.example.test; Tue, 1 Dec 2026 10:0%d:00 +0000\r\n", hop, hop+1)), third...)
		g.expect(t, redelivered, "processed", 3, "its redelivery with new Received lines")
	}
	e.verifyAll(t)
}
