package server

import (
	"database/sql"
	"fmt"
	"strings"
	"sync/atomic"
	"testing"

	"github.com/stretchr/testify/require"
)

// moveRows are the rows the last move by mail wrote, read back from the
// store's file, to be written again bare: the game's row (updated), and
// the rows inserted — the move, the reply kept, each notification queued,
// the board pictures' diagrams. Written with the store's pragmas into the
// same tables, they touch exactly the B-trees and indexes a move touches,
// without reading the mail, applying the move or composing the mails:
// the floor a durable move cannot go under (BenchmarkApplyMove/same-rows).
type moveRows struct {
	gameID  int64
	game    rowValues
	inserts []rowValues
}

// rowValues is one row of table: its columns and values.
type rowValues struct {
	table string
	cols  []string
	vals  []any
}

// lastMoveRows reads the rows of the last move of the last game played by
// mail.
func lastMoveRows(tb testing.TB, db *sql.DB) moveRows {
	tb.Helper()
	var game, number, inbound int64
	require.NoError(tb, db.QueryRow(`SELECT game_id, id FROM inbound_mails WHERE outcome = 'applied' ORDER BY id DESC LIMIT 1`).Scan(&game, &inbound))
	require.NoError(tb, db.QueryRow(`SELECT MAX(number) FROM moves WHERE game_id = ?`, game).Scan(&number))
	r := moveRows{gameID: game, game: readRows(tb, db, "games", "id = ?", game)[0]}
	r.inserts = append(r.inserts, readRows(tb, db, "moves", "game_id = ? AND number = ?", game, number)...)
	r.inserts = append(r.inserts, readRows(tb, db, "inbound_mails", "id = ?", inbound)...)
	r.inserts = append(r.inserts, readRows(tb, db, "outbox", "inbound_id = ?", inbound)...)
	r.inserts = append(r.inserts, readRows(tb, db, "pictures", "last_mail IN (SELECT id FROM outbox WHERE inbound_id = ?)", inbound)...)
	tb.Logf("a move writes the game's row and %d rows: %s", len(r.inserts), r.tables())
	return r
}

// tables names the tables of r's inserts, in order.
func (r moveRows) tables() string {
	var names []string
	for _, v := range r.inserts {
		names = append(names, v.table)
	}
	return strings.Join(names, ", ")
}

// readRows reads the rows of table where where holds, every column but a
// rowid alias.
func readRows(tb testing.TB, db *sql.DB, table, where string, args ...any) []rowValues {
	tb.Helper()
	var cols []string
	rows, err := db.Query(`SELECT name FROM pragma_table_info(?) WHERE NOT (pk = 1 AND type = 'INTEGER' AND name = 'id')`, table)
	require.NoError(tb, err)
	for rows.Next() {
		var c string
		require.NoError(tb, rows.Scan(&c))
		cols = append(cols, c)
	}
	require.NoError(tb, rows.Err())
	rows, err = db.Query(`SELECT `+strings.Join(cols, ", ")+` FROM `+table+` WHERE `+where, args...)
	require.NoError(tb, err)
	defer rows.Close()
	var out []rowValues
	for rows.Next() {
		vals := make([]any, len(cols))
		ptrs := make([]any, len(cols))
		for i := range vals {
			ptrs[i] = &vals[i]
		}
		require.NoError(tb, rows.Scan(ptrs...))
		out = append(out, rowValues{table: table, cols: cols, vals: vals})
	}
	require.NoError(tb, rows.Err())
	require.NotEmpty(tb, out, "no row of %s where %s", table, where)
	return out
}

// rowsWritten numbers the moves written by moveRows.write in this
// process, so that each has keys of its own whatever the benchmark run.
var rowsWritten atomic.Int64

// write writes r again in one transaction on db: the
// game's row updated in place, the other rows inserted with their unique
// keys made new (the move's number, the mail's key and Message-ID, the
// picture's ref), as the next move's would be.
func (r moveRows) write(db *sql.DB) error {
	i := rowsWritten.Add(1)
	tx, err := db.Begin()
	if err != nil {
		return err
	}
	defer tx.Rollback()
	g := r.game
	sets := make([]string, len(g.cols))
	for j, c := range g.cols {
		sets[j] = c + " = ?"
	}
	if _, err := tx.Exec(`UPDATE games SET `+strings.Join(sets, ", ")+` WHERE id = ?`, append(g.vals, r.gameID)...); err != nil {
		return err
	}
	for _, row := range r.inserts {
		vals := append([]any(nil), row.vals...)
		for j, c := range row.cols {
			switch row.table + "." + c {
			case "moves.number":
				vals[j] = 1_000_000 + i
			case "inbound_mails.mail_key", "inbound_mails.message_id", "outbox.message_id", "pictures.ref":
				vals[j] = fmt.Sprintf("%v.same-rows.%d", vals[j], i)
			}
		}
		marks := strings.TrimSuffix(strings.Repeat("?, ", len(vals)), ", ")
		if _, err := tx.Exec(`INSERT INTO `+row.table+` (`+strings.Join(row.cols, ", ")+`) VALUES (`+marks+`)`, vals...); err != nil {
			return fmt.Errorf("%s: %w", row.table, err)
		}
	}
	return tx.Commit()
}
