package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"strings"
	"time"
)

// The operator's reports (pbem status, mail list|show, outbox list|retry)
// read here what the daemon and the pipes wrote, so that where a mail went
// is one command away, not a guess at the schema. Every query on
// inbound_mails and outbox runs on an index (migration 0017): the first
// keeps every mail ever handled, the second those of server.outbox_keep.

// GameCount is how many games of one type are in one status.
type GameCount struct {
	Type   string // the engine's game ID
	Status string // StatusActive, StatusFinished or StatusAborted
	Count  int
}

// GameCounts is how many games of each type are in each status, read from
// the counts the triggers of migration 28 keep (a row each), not counted.
func (s *Store) GameCounts(ctx context.Context) ([]GameCount, error) {
	rows, err := s.db.QueryContext(ctx, `SELECT game, status, n FROM game_counts WHERE n <> 0 ORDER BY game, status`)
	if err != nil {
		return nil, fmt.Errorf("count games: %w", err)
	}
	defer rows.Close()
	var out []GameCount
	for rows.Next() {
		var c GameCount
		if err := rows.Scan(&c.Type, &c.Status, &c.Count); err != nil {
			return nil, fmt.Errorf("count games: %w", err)
		}
		out = append(out, c)
	}
	return out, rows.Err()
}

// InboundRow is a recorded inbound mail as the reports show it.
type InboundRow struct {
	ID         int64
	ReceivedAt time.Time
	MessageID  string
	From       string // the sender's bare address; "" for mails recorded before version 18
	GameID     int64  // 0 when about no game
	Outcome    string // Applied, Refused, Ignored or Rejected
	Detail     string // the reason, in words
	// Raw is the mail as received: whole from InboundMail, its first
	// HeadBytes from the lists (enough for the header).
	Raw []byte
}

// HeadBytes is how much of each mail's bytes the lists read: the header,
// for the subject, without a megabyte of attachment each.
const HeadBytes = 16 << 10

const inboundColumns = `id, received_at, message_id, sender, COALESCE(game_id, 0), outcome, detail`

func scanInbound(sc interface{ Scan(...any) error }, extra ...any) (InboundRow, error) {
	var r InboundRow
	var received string
	if err := sc.Scan(append([]any{&r.ID, &received, &r.MessageID, &r.From, &r.GameID, &r.Outcome, &r.Detail}, extra...)...); err != nil {
		return InboundRow{}, err
	}
	r.ReceivedAt = parseTime(received)
	return r, nil
}

// LastInbound is the last inbound mail recorded, with the first HeadBytes
// of its bytes; ErrNotFound when none.
func (s *Store) LastInbound(ctx context.Context) (InboundRow, error) {
	var head []byte
	r, err := scanInbound(s.db.QueryRowContext(ctx, `SELECT `+inboundColumns+`, substr(raw, 1, `+fmt.Sprint(HeadBytes)+`)
		FROM inbound_mails ORDER BY id DESC LIMIT 1`), &head)
	if errors.Is(err, sql.ErrNoRows) {
		return InboundRow{}, fmt.Errorf("last mail: %w", ErrNotFound)
	}
	if err != nil {
		return InboundRow{}, fmt.Errorf("last mail: %w", err)
	}
	r.Raw = head
	return r, nil
}

// InboundFilter selects inbound mails; its zero value selects all.
type InboundFilter struct {
	GameID  int64     // only mails about this game
	From    string    // only mails from this bare address (ASCII case ignored)
	Outcome string    // only mails with this outcome
	Since   time.Time // only mails received at or after it
	Limit   int       // at most this many, newest first; 0: no limit
	// Outcomes, when set, keeps mails with one of these outcomes.
	Outcomes []string
}

// InboundMails lists the inbound mails f selects, newest first, each with
// the first HeadBytes of its bytes.
func (s *Store) InboundMails(ctx context.Context, f InboundFilter) ([]InboundRow, error) {
	return s.inboundMails(ctx, f, `, substr(raw, 1, `+fmt.Sprint(HeadBytes)+`)`)
}

// InboundReasons lists the mails f selects as InboundMails does, without
// their bytes: for counting them by reason.
func (s *Store) InboundReasons(ctx context.Context, f InboundFilter) ([]InboundRow, error) {
	return s.inboundMails(ctx, f, "")
}

func (s *Store) inboundMails(ctx context.Context, f InboundFilter, raw string) ([]InboundRow, error) {
	var where []string
	var args []any
	if f.GameID != 0 {
		where, args = append(where, "game_id = ?"), append(args, f.GameID)
	}
	if f.From != "" {
		where, args = append(where, "sender = ? COLLATE NOCASE"), append(args, f.From)
	}
	if f.Outcome != "" {
		where, args = append(where, "outcome = ?"), append(args, f.Outcome)
	}
	if len(f.Outcomes) > 0 {
		where = append(where, "outcome IN (?"+strings.Repeat(", ?", len(f.Outcomes)-1)+")")
		for _, o := range f.Outcomes {
			args = append(args, o)
		}
	}
	from := "inbound_mails"
	switch since := f.Since.UTC().Format(timeFormat); {
	case f.Since.IsZero():
	case troubleOnly(f):
		// Refused, rejected or failed mails since a time: the range of
		// the index of those mails alone (the condition of a partial
		// index must be in the query as it is in the index).
		from = "inbound_mails INDEXED BY inbound_mails_trouble"
		where, args = append(where, troubleTerm, "received_at >= ?"), append(args, since)
	default:
		// The mails since are the last rows; their first ID, from the
		// index on received_at, bounds a range of the primary key, which
		// the planner would otherwise scan from the end to the start.
		where = append(where, "received_at >= ? AND id >= (SELECT MIN(id) FROM inbound_mails INDEXED BY inbound_mails_received WHERE received_at >= ?)")
		args = append(args, since, since)
	}
	q, args := newestFirst(`SELECT `+inboundColumns+raw+` FROM `+from, where, args, f.Limit)
	rows, err := s.db.QueryContext(ctx, q, args...)
	if err != nil {
		return nil, fmt.Errorf("list mails: %w", err)
	}
	defer rows.Close()
	var out []InboundRow
	for rows.Next() {
		var head []byte
		var extra []any
		if raw != "" {
			extra = append(extra, &head)
		}
		r, err := scanInbound(rows, extra...)
		if err != nil {
			return nil, fmt.Errorf("list mails: %w", err)
		}
		r.Raw = head
		out = append(out, r)
	}
	return out, rows.Err()
}

// troubleTerm is the condition of the index inbound_mails_trouble
// (migration 28), word for word.
const troubleTerm = "outcome IN ('refused', 'rejected', 'failed')"

// troubleOnly reports whether f selects only refused, rejected or failed
// mails, which the index inbound_mails_trouble holds alone.
func troubleOnly(f InboundFilter) bool {
	outcomes := f.Outcomes
	if f.Outcome != "" {
		outcomes = append(outcomes, f.Outcome)
	}
	for _, o := range outcomes {
		if o != Refused && o != Rejected && o != Failed {
			return false
		}
	}
	return len(outcomes) > 0
}

// InboundMail is inbound mail id, its whole bytes included; ErrNotFound
// when there is none.
func (s *Store) InboundMail(ctx context.Context, id int64) (InboundRow, error) {
	var raw []byte
	r, err := scanInbound(s.db.QueryRowContext(ctx, `SELECT `+inboundColumns+`, raw FROM inbound_mails WHERE id = ?`, id), &raw)
	if errors.Is(err, sql.ErrNoRows) {
		return InboundRow{}, fmt.Errorf("mail %d: %w", id, ErrNotFound)
	}
	if err != nil {
		return InboundRow{}, fmt.Errorf("mail %d: %w", id, err)
	}
	r.Raw = raw
	return r, nil
}

// newestFirst is the listing query base restricted by the where clauses
// (joined by AND), newest row first, at most limit rows (0: all), with
// its arguments.
func newestFirst(base string, where []string, args []any, limit int) (string, []any) {
	q := base
	if len(where) > 0 {
		q += " WHERE " + strings.Join(where, " AND ")
	}
	q += " ORDER BY id DESC"
	if limit > 0 {
		q, args = q+" LIMIT ?", append(args, limit)
	}
	return q, args
}
