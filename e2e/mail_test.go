package e2e

import (
	"bytes"
	"database/sql"
	"encoding/json"
	"fmt"
	"io"
	"regexp"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/emersion/go-message/mail"
	_ "modernc.org/sqlite"

	"pbem/engine"
	"pbem/mailer"
	"pbem/mailer/loopback"
	"pbem/picture"
)

// received is a mail the SMTP sink accepted, with what the tests read of it.
type received struct {
	To         []string // envelope recipients
	Raw        []byte
	MessageID  string // without <>
	Subject    string
	ReplyTo    string // the seat's reply address
	References string // the raw header
	Text       string // the text/plain part, LF line ends
	Game       int64  // from the reply address; 0 when it has none
}

// sink is the outgoing relay the daemon sends to: an SMTP server on
// loopback that keeps every mail it accepts, duplicates included. It
// reads a mail's headers and parts when a test first asks for the mails,
// not as it takes it, so that under a burst (BenchmarkServeLoad) its
// parsing does not take the daemon's cores; a mail it cannot read fails
// the test all the same, when the test reads the mails or at its end.
type sink struct {
	*loopback.SMTPServer
	mu         sync.Mutex
	mails      []received
	read       int     // mails[:read] are read
	unreadable []error // what reading the others found
	// latency is how long the relay takes to answer a mail it has taken:
	// a daemon killed meanwhile never hears that its mail went out.
	latency atomic.Int64 // nanoseconds
}

const (
	relayUser     = "relay"
	relayPassword = "relay-secret"
)

func startSink(t testing.TB) *sink {
	t.Helper()
	s := &sink{}
	srv, err := loopback.StartSMTP(relayUser, relayPassword, s.deliver)
	if err != nil {
		t.Fatal(err)
	}
	s.SMTPServer = srv
	t.Cleanup(func() {
		srv.Close()
		s.mu.Lock()
		defer s.mu.Unlock()
		s.readLocked()
		for _, err := range s.unreadable {
			t.Errorf("the relay got a mail it cannot read: %v", err)
		}
	})
	return s
}

func (s *sink) deliver(d loopback.Delivery) error {
	if refs := mailer.Later(d.Raw); len(refs) > 0 {
		return fmt.Errorf("a mail sent without its pictures %v drawn in", refs) // a 554
	}
	s.mu.Lock()
	s.mails = append(s.mails, received{To: d.To, Raw: d.Raw})
	s.mu.Unlock()
	time.Sleep(time.Duration(s.latency.Load()))
	return nil
}

// readLocked reads the mails taken since the last read; s.mu is held.
func (s *sink) readLocked() {
	for ; s.read < len(s.mails); s.read++ {
		m := &s.mails[s.read]
		r, err := readMail(m.Raw)
		if err != nil {
			s.unreadable = append(s.unreadable, fmt.Errorf("mail %d to %v: %w", s.read+1, m.To, err))
		}
		r.To = m.To
		*m = r
	}
}

// readMail parses a mail the server sent.
func readMail(raw []byte) (received, error) {
	r := received{Raw: raw}
	mr, err := mail.CreateReader(bytes.NewReader(raw))
	if err != nil {
		return r, fmt.Errorf("unreadable mail: %w", err)
	}
	r.MessageID, _ = mr.Header.MessageID()
	r.Subject, _ = mr.Header.Subject()
	r.References = mr.Header.Get("References")
	if addrs, err := mr.Header.AddressList("Reply-To"); err == nil && len(addrs) > 0 {
		r.ReplyTo = addrs[0].Address
		r.Game, _, _ = mailer.ParseReplyAddress(r.ReplyTo)
	}
	parts, err := mimeParts(raw)
	if err != nil {
		return r, err
	}
	for _, p := range parts {
		if p.Type == "text/plain" && p.Disposition != "attachment" {
			r.Text = strings.ReplaceAll(string(p.Body), "\r\n", "\n")
			break
		}
	}
	return r, nil
}

// all is a copy of every mail received so far, in order.
func (s *sink) all() []received {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.readLocked()
	return append([]received(nil), s.mails...)
}

func (s *sink) count() int {
	s.mu.Lock()
	defer s.mu.Unlock()
	return len(s.mails)
}

// bytesSince is the size of the mails received after the first n.
func (s *sink) bytesSince(n int) int {
	s.mu.Lock()
	defer s.mu.Unlock()
	size := 0
	for _, m := range s.mails[n:] {
		size += len(m.Raw)
	}
	return size
}

// countFor is how many mails of game were received.
func (s *sink) countFor(game int64) int {
	n := 0
	for _, m := range s.all() {
		if m.Game == game {
			n++
		}
	}
	return n
}

// last is the last mail of game received for email.
func (s *sink) last(t testing.TB, game int64, email string) received {
	t.Helper()
	mails := s.all()
	for i := len(mails) - 1; i >= 0; i-- {
		if mails[i].Game == game && len(mails[i].To) == 1 && strings.EqualFold(mails[i].To[0], email) {
			return mails[i]
		}
	}
	t.Fatalf("the sink has no mail of game %d for %s", game, email)
	return received{}
}

// invitation is the first mail of a game to a seat, which carries the
// seat's reply address and the game's thread.
func (s *sink) invitation(t testing.TB, game int64, email string) received {
	t.Helper()
	for _, m := range s.all() {
		if m.Game == game && len(m.To) == 1 && strings.EqualFold(m.To[0], email) {
			return m
		}
	}
	t.Fatalf("the sink has no invitation of game %d for %s", game, email)
	return received{}
}

// moveOfSubject reads the move number of a turn notification from its
// subject, "[#12] Amplitude, move 3: ...", the last one of a mail that
// covers several, "move 3–4: ..."; 0 for another mail.
var moveOfSubject = regexp.MustCompile(`, move (?:\d+–)?(\d+): `)

func (m received) move() int {
	sm := moveOfSubject.FindStringSubmatch(m.Subject)
	if sm == nil {
		return 0
	}
	n, _ := strconv.Atoi(sm[1])
	return n
}

// reply is a player's answer to a mail of the server, as a mail client
// writes it: to the Reply-To address, "Re:" subject, threading headers, the
// new text on top and the mail answered quoted below.
type reply struct {
	From      seat
	To        string    // the seat's reply address
	Answered  received  // the mail answered
	MessageID string    // without <>
	Body      string    // the new text, as "#3 H8 right 23594"
	Date      time.Time // zero: now
}

func (r reply) bytes() []byte {
	var body strings.Builder
	date := r.Date
	if date.IsZero() {
		date = time.Now()
	}
	fmt.Fprintf(&body, "%s\n\nThanks,\n-- \n%s\n\nOn %s, pbem <%s> wrote:\n", r.Body, r.From.Name, date.UTC().Format("Mon, 2 Jan 2006 at 15:04"), serverAddress)
	for _, line := range strings.Split(strings.TrimRight(r.Answered.Text, "\n"), "\n") {
		body.WriteString(strings.TrimRight("> "+line, " ") + "\n")
	}
	var h mail.Header
	h.SetAddressList("From", []*mail.Address{{Name: r.From.Name, Address: r.From.Email}})
	h.SetAddressList("To", []*mail.Address{{Address: r.To}})
	h.SetSubject("Re: " + r.Answered.Subject)
	h.SetDate(date)
	h.SetMessageID(r.MessageID)
	h.Set("In-Reply-To", "<"+r.Answered.MessageID+">")
	h.Set("References", strings.TrimSpace(r.Answered.References+" <"+r.Answered.MessageID+">"))
	h.Set("User-Agent", "pbem-e2e")
	h.SetContentType("text/plain", map[string]string{"charset": "utf-8"})
	var raw bytes.Buffer
	w, err := mail.CreateSingleInlineWriter(&raw, h)
	if err != nil {
		panic(err)
	}
	io.WriteString(w, strings.ReplaceAll(body.String(), "\n", "\r\n"))
	if err := w.Close(); err != nil {
		panic(err)
	}
	return raw.Bytes()
}

// openDB opens the daemon's database for reading what no command shows
// (the outbox), alongside the daemon: SQLite in WAL mode lets both.
func openDB(t testing.TB, path string) *sql.DB {
	t.Helper()
	db, err := sql.Open("sqlite", "file:"+path+"?_pragma=busy_timeout(10000)")
	if err != nil {
		t.Fatal(err)
	}
	db.SetMaxOpenConns(1)
	t.Cleanup(func() { db.Close() })
	return db
}

// queryInt runs a query answering one number.
func queryInt(t testing.TB, db *sql.DB, query string, args ...any) int {
	t.Helper()
	var n int
	if err := db.QueryRow(query, args...).Scan(&n); err != nil {
		t.Fatalf("%s: %v", query, err)
	}
	return n
}

// outboxRow is a queued mail.
type outboxRow struct {
	MessageID, Recipient string
	Raw                  []byte
	Attempts             int
	Sent                 bool
}

// outbox is every mail queued about game, oldest first.
func outbox(t testing.TB, db *sql.DB, game int64) []outboxRow {
	t.Helper()
	return outboxWhere(t, db, `game_id = ?`, game)
}

// outboxWhere is every mail queued in db's outbox that where (an SQL
// condition on the outbox row, with args) selects, oldest first, its
// pictures drawn in (finished): the one reader of the outbox table that
// the tests' helpers go through.
func outboxWhere(t testing.TB, db *sql.DB, where string, args ...any) []outboxRow {
	t.Helper()
	rows, err := db.Query(`SELECT message_id, recipient, raw, attempts, sent_at IS NOT NULL FROM outbox WHERE `+where+` ORDER BY id`, args...)
	if err != nil {
		t.Fatal(err)
	}
	defer rows.Close()
	var out []outboxRow
	for rows.Next() {
		var r outboxRow
		if err := rows.Scan(&r.MessageID, &r.Recipient, &r.Raw, &r.Attempts, &r.Sent); err != nil {
			t.Fatal(err)
		}
		out = append(out, r)
	}
	if err := rows.Err(); err != nil {
		t.Fatal(err)
	}
	rows.Close()
	for i := range out {
		out[i].Raw = finished(t, db, out[i].Raw)
	}
	return out
}

// finished is a queued mail as the daemon sends it, its board pictures
// drawn in from the diagrams the store keeps.
func finished(t testing.TB, db *sql.DB, raw []byte) []byte {
	t.Helper()
	done, err := mailer.Finish(raw, func(ref string) ([]byte, error) {
		var source []byte
		if err := db.QueryRow(`SELECT diagram FROM pictures WHERE ref = ?`, ref).Scan(&source); err != nil {
			return nil, err
		}
		var d engine.Diagram
		if err := json.Unmarshal(source, &d); err != nil {
			return nil, err
		}
		return picture.PNG(d)
	})
	if err != nil {
		t.Fatalf("finish a queued mail: %v", err)
	}
	return done
}
