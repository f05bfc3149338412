package e2e

import (
	"database/sql"
	"fmt"
	"strings"
	"testing"
)

// TestIngestTry: "try MOVE" through pbem ingest answers the sender with
// the board as the move would leave it, its score and the line that plays
// it, and changes nothing: the game's row and its moves are byte for byte
// what they were. The line the answer gives then plays the move.
func TestIngestTry(t *testing.T) {
	t.Parallel()
	g := newMailGame(t, "amplitude", 5, 2)
	first, second := g.plays[0], g.plays[1]
	if got, _ := g.send(t, g.spec.Seats[first.Seat], "#1 "+first.Text); got != "processed" {
		t.Fatalf("the first move: pbem ingest printed %q", got)
	}
	db := openDB(t, g.e.db)
	before := dumpRows(t, db, g.id)
	queued := queryInt(t, db, `SELECT COUNT(*) FROM outbox WHERE game_id = ?`, g.id)

	who := g.spec.Seats[second.Seat]
	got, mails := g.send(t, who, "try "+second.Text)
	if got != "processed" {
		t.Fatalf("the try: pbem ingest printed %q", got)
	}
	if after := dumpRows(t, db, g.id); after != before {
		t.Errorf("the try changed the game's rows:\nbefore %s\nafter  %s", before, after)
	}
	if n := queryInt(t, db, `SELECT COUNT(*) FROM outbox WHERE game_id = ?`, g.id); len(mails) != 1 || n != queued+1 {
		t.Fatalf("the try queued %d mails, %d of them to its sender; want its answer alone", n-queued, len(mails))
	}
	answer := mails[0]
	if !strings.Contains(answer.Subject, "trying ") {
		t.Errorf("the answer's subject is %q", answer.Subject)
	}
	for _, want := range []string{
		"as you asked:",
		"Legend: [3] a token just placed",
		fmt.Sprintf("%s would score ", second.Notation),
		"Nothing was played: this was only a try. To play it, reply with this line:\n\n  #2 " + second.Notation + "\n",
		fmt.Sprintf("\n-- \nAmplitude, game %d · move #2 · your turn\n", g.id),
	} {
		if !strings.Contains(answer.Text, want) {
			t.Errorf("the answer lacks %q:\n%s", want, answer.Text)
		}
	}
	if !strings.Contains(answer.Text, "[") {
		t.Errorf("the would-be board brackets no token:\n%s", answer.Text)
	}

	// The line the answer gives plays the move.
	if got, _ := g.send(t, who, "#2 "+second.Notation); got != "processed" {
		t.Fatalf("the move the try gave: pbem ingest printed %q", got)
	}
	if n := g.e.show(t, g.id).MoveNumber; n != 2 {
		t.Errorf("after the move the try gave the game is at move %d, want 2", n)
	}
	g.e.verifyAll(t)
}

// dumpRows is game's row as the moves change it, and every row of its
// moves, every column, as text that compares byte for byte.
func dumpRows(t *testing.T, db *sql.DB, game int64) string {
	t.Helper()
	var b strings.Builder
	for _, q := range []string{
		`SELECT state, move_number, turns, status FROM games WHERE id = ?`,
		`SELECT * FROM moves WHERE game_id = ? ORDER BY number`,
	} {
		rows, err := db.Query(q, game)
		if err != nil {
			t.Fatalf("%s: %v", q, err)
		}
		cols, err := rows.Columns()
		if err != nil {
			t.Fatal(err)
		}
		for rows.Next() {
			values := make([]any, len(cols))
			ptrs := make([]any, len(cols))
			for i := range values {
				ptrs[i] = &values[i]
			}
			if err := rows.Scan(ptrs...); err != nil {
				t.Fatal(err)
			}
			for _, v := range values {
				if raw, ok := v.([]byte); ok {
					v = string(raw)
				}
				fmt.Fprintf(&b, "%q ", fmt.Sprint(v))
			}
			b.WriteString("\n")
		}
		if err := rows.Err(); err != nil {
			t.Fatal(err)
		}
		rows.Close()
	}
	return b.String()
}
