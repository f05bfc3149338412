package store

import (
	"context"
	"database/sql"
	"database/sql/driver"
	"fmt"
	"regexp"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"pbem/internal/scaledb"
)

// The query plans of the daemon's hot paths. A query that reads the rows
// it needs through an index costs the same with ten games or a hundred
// thousand; one whose plan scans a table, or sorts in a temporary B-tree,
// costs more with every game ever played, and only a database shaped like
// production's shows it: migration 21's games_status index, an index on a
// column of three values, took over DueGames and StalledGames and made
// every clock tick read each active game, unseen by tests of a few games.
// TestHotPlans runs what the daemon runs per mail and per tick on such a
// database, reads the SQL the store really runs (traced, stmt.go) and
// holds the plan of each statement to reading only what it needs, without
// statistics (as pbem's databases are until something runs ANALYZE) and
// with them.
//
// pbem itself runs neither ANALYZE nor PRAGMA optimize: its hot queries
// are written so that the plan SQLite makes without statistics is the
// right one, the same on every database, which this test pins; statistics
// would let the plans follow each database's contents (and, with STAT4,
// the values bound), beyond what a test can hold. An operator who runs
// ANALYZE gets the same plans: the second half of the test.

// hotCall is one store call on a path that runs per mail or per tick.
type hotCall struct {
	name string
	run  func(ctx context.Context, s *Store, f planFixture) error
}

// planFixture is what the hot calls act on, in the scaled database.
type planFixture struct {
	game     Game   // an active game, a person (seat 0) against a computer
	person   Player // that person
	finished int64  // a game over
	sent     string // the Message-ID of a mail sent and still kept
	picture  string // a picture's Ref
	digest   int64  // a player who takes a daily digest
}

// hotCalls are the store's calls the daemon makes per tick (its clock's,
// digests', challenges', stalled games', heartbeat's, outbox purge's and
// sender's loops, the metrics' scrape) and per mail (ingest, dedupe,
// tries, the sender's player and seat, the game and its moves, the move's
// commit, answers under their limits, vacations, bounces, watchers, the
// lobby's accounts, confirmations, challenges and limits): every statement
// they run is checked. The operator's commands (game list, mail list,
// status, export, import) are not here: they run when someone asks; nor
// is a player's standings mail, which lists every rated player of a game
// type, its answer the size of that part of the ratings table.
var hotCalls = []hotCall{
	// The clock's tick (server.Deadlines) and what a due game, digest or
	// challenge then reads and writes.
	{"DueGames", func(ctx context.Context, s *Store, f planFixture) error {
		_, err := s.DueGames(ctx, scaleNow, 100)
		return err
	}},
	{"DueTournaments", func(ctx context.Context, s *Store, f planFixture) error {
		_, err := s.DueTournaments(ctx, scaleNow, 100)
		return err
	}},
	{"LadderChallengesToSettle", func(ctx context.Context, s *Store, f planFixture) error {
		if _, err := s.LadderChallengesToSettle(ctx); err != nil {
			return err
		}
		_, err := s.SignedOffOnLadders(ctx)
		return err
	}},
	// pbem status's club lines, which a monitor may run every minute.
	{"Club", func(ctx context.Context, s *Store, f planFixture) error {
		_, err := s.Club(ctx)
		return err
	}},
	{"OfferedSeats", func(ctx context.Context, s *Store, f planFixture) error {
		_, err := s.OfferedSeats(ctx, scaleNow)
		return err
	}},
	// A game's end: its seats' holders for the ratings, then the ladder
	// and the tournament it may belong to (server.gameOver).
	{"GameOver", func(ctx context.Context, s *Store, f planFixture) error {
		if _, err := s.Holders(ctx, f.finished); err != nil {
			return err
		}
		if _, err := s.LadderChallengeOfGame(ctx, f.finished); ignore(err, ErrNotFound) != nil {
			return err
		}
		_, _, err := s.TableOfGame(ctx, f.finished)
		return ignore(err, ErrNotFound)
	}},
	{"DueDigests", func(ctx context.Context, s *Store, f planFixture) error {
		_, err := s.DueDigests(ctx, scaleNow, 100)
		return err
	}},
	{"DueChallenges", func(ctx context.Context, s *Store, f planFixture) error {
		_, err := s.DueChallenges(ctx, scaleNow, 100)
		return err
	}},
	{"ChangeClock", func(ctx context.Context, s *Store, f planFixture) error {
		c := f.game.Clock
		c.Reminded = 1
		return s.ChangeClock(ctx, ClockChange{GameID: f.game.ID, From: f.game.MoveNumber, Was: f.game.Clock, Clock: c,
			Mails: []OutMail{planMail("reminder", f.person.Email)}})
	}},
	{"ActiveGamesOf", func(ctx context.Context, s *Store, f planFixture) error {
		_, err := s.ActiveGamesOf(ctx, f.person.ID)
		return err
	}},
	{"SendDigest", func(ctx context.Context, s *Store, f planFixture) error {
		p, err := s.Player(ctx, f.digest)
		if err != nil {
			return err
		}
		return s.SendDigest(ctx, Digest{PlayerID: p.ID, Was: p.NextDigest, Next: p.NextDigest.Add(24 * time.Hour),
			Mails: []OutMail{planMail("digest", p.Email)}})
	}},
	// The other loops of serve.
	{"StalledGames", func(ctx context.Context, s *Store, f planFixture) error {
		_, err := s.StalledGames(ctx)
		return err
	}},
	{"Beat", func(ctx context.Context, s *Store, f planFixture) error {
		return s.Beat(ctx, Heartbeat{Name: "serve", PID: 1, StartedAt: scaleNow, BeatAt: scaleNow, IMAP: "idle"})
	}},
	{"PurgeOutbox", func(ctx context.Context, s *Store, f planFixture) error {
		_, err := s.PurgeOutbox(ctx, scaleNow.AddDate(0, 0, -30), PurgeBatch)
		return err
	}},
	{"CountHeldClocks", func(ctx context.Context, s *Store, f planFixture) error {
		_, err := s.CountHeldClocks(ctx)
		return err
	}},
	{"OutboxDepth", func(ctx context.Context, s *Store, f planFixture) error {
		_, _, err := s.OutboxDepth(ctx)
		return err
	}},
	{"MailboxState", func(ctx context.Context, s *Store, f planFixture) error {
		if _, _, _, err := s.MailboxState(ctx, "INBOX"); err != nil {
			return err
		}
		return s.SetMailboxState(ctx, "INBOX", 1, 42)
	}},
	// A mail received: recognised, counted when it fails, its sender found.
	{"Settings", func(ctx context.Context, s *Store, f planFixture) error {
		_, err := s.Settings(ctx)
		return err
	}},
	{"InboundSeen", func(ctx context.Context, s *Store, f planFixture) error {
		_, err := s.InboundSeen(ctx, "<new@example.org>/digest", "new@example.org")
		return err
	}},
	{"InboundOutcome", func(ctx context.Context, s *Store, f planFixture) error {
		_, _, err := s.InboundOutcome(ctx, "new@example.org")
		return ignore(err, ErrNotFound)
	}},
	{"CountTry", func(ctx context.Context, s *Store, f planFixture) error {
		_, err := s.CountTry(ctx, "<busy@example.org>/digest", "database is locked")
		return err
	}},
	{"PlayerID", func(ctx context.Context, s *Store, f planFixture) error {
		_, err := s.PlayerID(ctx, f.person.Email)
		return err
	}},
	{"PlayerByAddress", func(ctx context.Context, s *Store, f planFixture) error {
		_, err := s.PlayerByAddress(ctx, f.person.Email)
		return err
	}},
	{"Registered", func(ctx context.Context, s *Store, f planFixture) error {
		_, _, err := s.Registered(ctx, f.person.Email)
		return err
	}},
	{"Silenced", func(ctx context.Context, s *Store, f planFixture) error {
		_, err := s.Silenced(ctx, f.person.Email)
		return err
	}},
	{"ServerKey", func(ctx context.Context, s *Store, f planFixture) error {
		_, err := s.ServerKey(ctx, "tokens")
		return err
	}},
	{"SentMail", func(ctx context.Context, s *Store, f planFixture) error {
		_, _, err := s.SentMail(ctx, []string{f.sent, "unknown@example.org"})
		return err
	}},
	// A reply to a game: the game, its history, the move's commit.
	{"Game", func(ctx context.Context, s *Store, f planFixture) error {
		_, err := s.Game(ctx, f.game.ID)
		return err
	}},
	{"MovesAfter", func(ctx context.Context, s *Store, f planFixture) error {
		if _, err := s.Moves(ctx, f.game.ID); err != nil {
			return err
		}
		_, err := s.MovesAfter(ctx, f.game.ID, 1)
		return err
	}},
	{"LastMoveOf", func(ctx context.Context, s *Store, f planFixture) error {
		_, err := s.LastMoveOf(ctx, f.game.ID, 0)
		return err
	}},
	{"Watchers", func(ctx context.Context, s *Store, f planFixture) error {
		_, err := s.Watchers(ctx, f.game.ID)
		return err
	}},
	{"OnVacation", func(ctx context.Context, s *Store, f planFixture) error {
		_, _, err := s.OnVacation(ctx, f.person.ID, scaleNow)
		return err
	}},
	{"UndoOffer", func(ctx context.Context, s *Store, f planFixture) error {
		g, err := s.Game(ctx, f.game.ID)
		if err != nil {
			return err
		}
		offer := &UndoOffer{MoveNumber: g.MoveNumber, Turn: 1, Seat: 0, Agreed: []int{0}}
		for _, o := range []*UndoOffer{offer, nil} {
			if err := s.RecordInbound(ctx, Record{GameID: g.ID, Undo: &UndoChange{From: g.MoveNumber, Offer: o}}); err != nil {
				return err
			}
		}
		_, err = s.UndoOfferOf(ctx, g.ID)
		return ignore(err, ErrNotFound)
	}},
	{"CommitMoves", func(ctx context.Context, s *Store, f planFixture) error {
		clock := Clock{TurnStarted: scaleNow, Deadline: scaleDue.Add(time.Hour), NextDue: scaleDue}
		return s.CommitMoves(ctx, Commit{GameID: f.game.ID, From: f.game.MoveNumber, State: f.game.State, Status: StatusActive,
			Notified: f.game.MoveNumber + 2, Clock: &clock,
			Moves:   []Move{{Seat: 0, Text: "#2 H9 4", Notation: "H9 4", State: f.game.State}, {Seat: 1, Text: "J9 5", Notation: "J9 5", State: f.game.State}},
			Inbound: &Inbound{Key: "<move@example.org>/digest", MessageID: "move@example.org", Raw: []byte("a reply"), From: f.person.Email, Outcome: Applied},
			Chat:    []ChatLine{{Seat: 0, Text: "good game"}},
			Mails:   []OutMail{{MessageID: "board@pbem.example", Recipient: f.person.Email, Raw: []byte("the board"), Pictures: []Picture{{Ref: "new-board", Source: []byte("diagram")}}}},
		})
	}},
	{"CommitMoves/end", func(ctx context.Context, s *Store, f planFixture) error {
		g, err := s.Game(ctx, f.game.ID)
		if err != nil {
			return err
		}
		return s.CommitMoves(ctx, Commit{GameID: g.ID, From: g.MoveNumber, State: g.State, Status: StatusFinished, Notified: g.MoveNumber + 1,
			Clock: &Clock{}, Moves: []Move{{Seat: 0, Text: "resign", Notation: "resign", State: g.State}},
			Ratings: []Placing{{PlayerID: f.person.ID, Place: 2}}, Left: []string{f.person.Email},
			Mails: []OutMail{planMail("end", f.person.Email)},
		})
	}},
	{"RecordInbound", func(ctx context.Context, s *Store, f planFixture) error {
		return s.RecordInbound(ctx, Record{GameID: f.finished,
			Inbound: &Inbound{Key: "<late@example.org>/digest", MessageID: "late@example.org", Raw: []byte("a late reply"), From: f.person.Email, Outcome: Refused},
			Limited: &LimitedMail{Mail: planMail("refusal", f.person.Email), Limits: []Limit{{Key: StatusKey(f.finished, 0), Every: time.Hour}}},
			Rekey:   []Rekey{{Seat: 0, From: 0}},
		})
	}},
	{"RecordInbound/held", func(ctx context.Context, s *Store, f planFixture) error {
		return s.RecordInbound(ctx, Record{GameID: f.finished,
			Inbound: &Inbound{Key: "<later@example.org>/digest", MessageID: "later@example.org", Raw: []byte("again"), From: f.person.Email, Outcome: Refused},
			Limited: &LimitedMail{Mail: planMail("refusal2", f.person.Email), Limits: []Limit{{Key: StatusKey(f.finished, 0), Every: time.Hour}}},
		})
	}},
	{"WithMailLimits", func(ctx context.Context, s *Store, f planFixture) error {
		ctx = WithMailLimits(ctx, func(int64, OutMail) []Limit {
			return []Limit{{Key: StrangerKey("someone@elsewhere.example"), Every: time.Hour}}
		})
		return s.RecordInbound(ctx, Record{
			Inbound: &Inbound{Key: "<stranger@example.org>/digest", MessageID: "stranger@example.org", Raw: []byte("hello"), From: "someone@elsewhere.example", Outcome: Ignored},
			Mails:   []OutMail{planMail("explanation", "someone@elsewhere.example"), planMail("explanation2", "someone@elsewhere.example")},
		})
	}},
	// The sender: due mails, the pictures they show, their fate.
	{"DueMails", func(ctx context.Context, s *Store, f planFixture) error {
		due, err := s.DueMails(ctx, scaleNow, 50)
		if err != nil {
			return err
		}
		if _, _, err := s.NextDue(ctx); err != nil {
			return err
		}
		if len(due) < 3 {
			return fmt.Errorf("%d mails due, want 3 or more", len(due))
		}
		if err := s.MarkSent(ctx, due[0].ID); err != nil {
			return err
		}
		if err := s.MarkFailed(ctx, due[1].ID, scaleNow.Add(time.Minute), "421 try later"); err != nil {
			return err
		}
		return s.MarkAbandoned(ctx, due[2].ID, "550 no such user")
	}},
	{"PictureSource", func(ctx context.Context, s *Store, f planFixture) error {
		_, err := s.PictureSource(ctx, f.picture)
		return err
	}},
	{"Bounce", func(ctx context.Context, s *Store, f planFixture) error {
		m, err := s.FindReported(ctx, "unknown@example.org", f.sent)
		if err != nil {
			return err
		}
		for _, r := range []BounceRecord{
			{OutboxID: m.ID, GameID: m.GameID, Reason: "delayed"},
			{OutboxID: m.ID, GameID: m.GameID, Failed: true, Reason: "550 mailbox full",
				Inbound: &Inbound{Key: "<dsn@example.org>/digest", MessageID: "dsn@example.org", Raw: []byte("a report"), Outcome: Ignored},
				Notices: []OutMail{planMail("bounce-notice", f.person.Email)}, Limit: Limit{Key: BounceKey(m.GameID, m.Recipient), Every: 24 * time.Hour}},
			{OutboxID: m.ID, GameID: m.GameID, Refused: "550 refused"},
		} {
			if err := s.RecordBounce(ctx, r); err != nil {
				return err
			}
		}
		return nil
	}},
	// The players' commands by mail.
	{"Vacation", func(ctx context.Context, s *Store, f planFixture) error {
		if _, err := s.Vacations(ctx, f.person.ID, scaleNow.AddDate(-1, 0, 0)); err != nil {
			return err
		}
		err := s.ChangeVacation(ctx, VacationChange{PlayerID: f.person.ID, Vacation: Vacation{Start: scaleNow, End: scaleNow.AddDate(0, 0, 7)},
			Mails: []OutMail{planMail("vacation", f.person.Email)}})
		if err != nil {
			return err
		}
		v, _, err := s.OnVacation(ctx, f.person.ID, scaleNow)
		if err != nil {
			return err
		}
		v.End = scaleNow.Add(time.Hour) // back
		return s.ChangeVacation(ctx, VacationChange{PlayerID: f.person.ID, Vacation: v})
	}},
	{"MailPrefs", func(ctx context.Context, s *Store, f planFixture) error {
		in := func(k string) *Inbound {
			return &Inbound{Key: k, MessageID: k, Raw: []byte("mail digest"), From: f.person.Email, Outcome: Applied}
		}
		if err := s.SetMailPref(ctx, MailPrefChange{PlayerID: f.person.ID, Mail: MailDigest, DigestAt: 8 * 60, NextDigest: scaleDue,
			Inbound: in("pref"), Mails: []OutMail{planMail("pref", f.person.Email)}}); err != nil {
			return err
		}
		if err := s.SetPlayerLang(ctx, LangChange{PlayerID: f.person.ID, Lang: "fr", Inbound: in("lang")}); err != nil {
			return err
		}
		return s.SetPlayerPictures(ctx, PicturesChange{PlayerID: f.person.ID, Pictures: false, Inbound: in("pictures")})
	}},
	{"Watch", func(ctx context.Context, s *Store, f planFixture) error {
		if _, err := s.AddWatcher(ctx, f.game.ID, "fan@example.org", []OutMail{planMail("watch", "fan@example.org")}, nil); err != nil {
			return err
		}
		_, err := s.RemoveWatcher(ctx, 0, "fan@example.org", nil)
		return err
	}},
	{"Silence", func(ctx context.Context, s *Store, f planFixture) error {
		if err := s.Silence(ctx, "quiet@example.org", nil); err != nil {
			return err
		}
		_, err := s.Unsilence(ctx, "quiet@example.org")
		return err
	}},
	// The lobby: limits, names, accounts, confirmations, challenges.
	{"LobbyLimits", func(ctx context.Context, s *Store, f planFixture) error {
		limit := Limit{Key: "lobby:" + f.person.Email, Every: time.Hour, Max: 20}
		if _, err := s.AllowanceOf(ctx, []Limit{limit}); err != nil {
			return err
		}
		for range 2 { // the first opens the window, the second counts in it
			if _, err := s.Spend(ctx, limit); err != nil {
				return err
			}
		}
		if _, err := s.GamesStartedBy(ctx, f.person.ID, scaleNow.AddDate(0, 0, -1)); err != nil {
			return err
		}
		_, err := s.GamesRunningBy(ctx, f.person.ID)
		return err
	}},
	{"Names", func(ctx context.Context, s *Store, f planFixture) error {
		if _, err := s.PlayersNamed(ctx, "Member 7"); err != nil {
			return err
		}
		_, err := s.PlayerNamedLike(ctx, planNameKeys, "member 7", f.person.ID)
		return err
	}},
	{"Confirmations", func(ctx context.Context, s *Store, f planFixture) error {
		c := Confirmation{Kind: ConfirmSignup, Address: "newcomer@example.org", Name: "Newcomer", Expires: scaleNow.Add(24 * time.Hour)}
		if err := s.AddConfirmation(ctx, "hash", c, nil, []OutMail{planMail("confirm", c.Address)}, &Limit{Key: "over:" + c.Address, Every: time.Hour}); err != nil {
			return err
		}
		if _, err := s.ConfirmationOf(ctx, "hash"); err != nil {
			return err
		}
		_, err := s.ChangeAccount(ctx, AccountChange{Email: c.Address, Name: c.Name, Lang: "fr", Register: true, Token: "hash",
			Alias: "newcomer@elsewhere.example", Unsilence: c.Address, Mails: []OutMail{planMail("welcome", c.Address)}})
		return err
	}},
	{"SignOff", func(ctx context.Context, s *Store, f planFixture) error {
		_, err := s.ChangeAccount(ctx, AccountChange{Email: "leaver@example.org", SignOff: true, Silence: "leaver@example.org"})
		return err
	}},
	{"Challenges", func(ctx context.Context, s *Store, f planFixture) error {
		id, err := s.CreateChallenge(ctx, NewChallenge{Game: "amplitude", CreatedBy: f.person.ID, ExpiresAt: scaleNow.AddDate(0, 0, 3),
			Seats: []ChallengeSeat{{PlayerID: f.person.ID, Address: f.person.Email, Accepted: true}, {}},
			Mails: func(int64) ([]OutMail, error) { return []OutMail{planMail("challenge", f.person.Email)}, nil }})
		if err != nil {
			return err
		}
		if _, err := s.Challenge(ctx, id); err != nil {
			return err
		}
		if _, err := s.ChallengesOf(ctx, f.person.ID, f.person.Email); err != nil {
			return err
		}
		if _, err := s.OpenChallenges(ctx); err != nil {
			return err
		}
		if _, err := s.RematchOf(ctx, f.finished); ignore(err, ErrNotFound) != nil {
			return err
		}
		_, err = s.CreateGame(ctx, NewGame{Type: "amplitude", Options: map[string]string{}, Secret: []byte("s"), State: []byte("state"),
			Seats:     []NewSeat{{Email: f.person.Email}, {Email: "joiner@example.org", Name: "Joiner"}},
			Challenge: &ChallengeStart{Answer: SeatAnswer{Challenge: id, Seat: 1, Address: "joiner@example.org", Mails: []OutMail{planMail("joined", "joiner@example.org")}}},
			Invite:    func(Game) ([]OutMail, error) { return []OutMail{planMail("invite", f.person.Email)}, nil },
		})
		if err != nil {
			return err
		}
		id, err = s.CreateChallenge(ctx, NewChallenge{Game: "amplitude", CreatedBy: f.person.ID, ExpiresAt: scaleNow.AddDate(0, 0, 3),
			Seats: []ChallengeSeat{{PlayerID: f.person.ID, Address: f.person.Email}, {Address: "other@example.org"}},
			Mails: func(int64) ([]OutMail, error) { return nil, nil }})
		if err != nil {
			return err
		}
		if err := s.AnswerSeat(ctx, SeatAnswer{Challenge: id, Seat: 0}); err != nil {
			return err
		}
		if err := s.AnswerSeat(ctx, SeatAnswer{Challenge: id, Seat: 1, Decline: true}); err != nil {
			return err
		}
		return ignore(s.EndChallenge(ctx, id, ChallengeExpired, nil), ErrConflict)
	}},
}

// planNameKeys keys names by their lower case.
var planNameKeys = NameKeys{Version: "1", Of: strings.ToLower}

// planMail is a mail to recipient, named by what.
func planMail(what, recipient string) OutMail {
	return OutMail{MessageID: what + "@pbem.example", Recipient: recipient, Base: recipient, Raw: []byte("a mail: " + what)}
}

// ignore is err, nil when it is target.
func ignore(err, target error) error {
	if err != nil && strings.Contains(err.Error(), target.Error()) {
		return nil
	}
	return err
}

// tracedStmt is a statement a hot call ran, with its arguments.
type tracedStmt struct {
	call  string
	query string
	args  []any
}

// traceHotCalls runs each of calls on s and returns the statements they
// ran, each once, in the order first run.
func traceHotCalls(t *testing.T, s *Store, f planFixture, calls []hotCall) []tracedStmt {
	t.Helper()
	var mu sync.Mutex
	var out []tracedStmt
	seen := map[string]bool{}
	call := ""
	record := func(query string, args []driver.NamedValue) {
		mu.Lock()
		defer mu.Unlock()
		if seen[query] {
			return
		}
		seen[query] = true
		vals := make([]any, len(args))
		for i, a := range args {
			vals[i] = a.Value
			if a.Name != "" {
				vals[i] = sql.Named(a.Name, a.Value)
			}
		}
		out = append(out, tracedStmt{call: call, query: query, args: vals})
	}
	traced.Store(&record)
	defer traced.Store(nil)
	for _, c := range calls {
		mu.Lock()
		call = c.name
		mu.Unlock()
		require.NoError(t, c.run(context.Background(), s, f), c.name)
	}
	return out
}

// fixtureOf picks what the hot calls act on in the scaled database s.
func fixtureOf(t *testing.T, s *Store) planFixture {
	t.Helper()
	ctx := context.Background()
	var f planFixture
	var game int64
	one := func(q string, dest ...any) { require.NoError(t, s.db.QueryRow(q).Scan(dest...), q) }
	one(`SELECT MAX(g.id) FROM games g JOIN seats s ON s.game_id = g.id AND s.seat = 0 AND s.player_id IS NOT NULL WHERE g.status = 'active'`, &game)
	one(`SELECT MAX(id) FROM games WHERE status = 'finished'`, &f.finished)
	one(`SELECT message_id FROM outbox WHERE sent_at IS NOT NULL ORDER BY id DESC LIMIT 1`, &f.sent)
	one(`SELECT ref FROM pictures ORDER BY last_mail DESC LIMIT 1`, &f.picture)
	one(`SELECT MIN(id) FROM players WHERE next_digest IS NOT NULL`, &f.digest)
	var err error
	f.game, err = s.Game(ctx, game)
	require.NoError(t, err)
	f.person, err = s.Player(ctx, f.game.Seats[0].PlayerID)
	require.NoError(t, err)
	// The names keyed, as a server keeps them: keying them all again is
	// what a new binary's key function does once, not a mail.
	_, err = s.PlayerNamedLike(ctx, planNameKeys, "nobody", 0)
	require.ErrorIs(t, err, ErrNotFound)
	return f
}

// smallTables hold a row or a few each, whatever the number of games: a
// scan of one is a lookup. ladders has one a game type at most.
var smallTables = []string{"heartbeat", "settings", "name_keying", "mailbox_state", "server_keys", "ladders"}

// queueIndexes are partial indexes that hold only the work waiting (the
// games a computer must answer, the mails to send, the challenges
// pending, which expire within days): a scan of one reads the work to do
// and nothing else.
var queueIndexes = []string{"games_bot_to_move", "outbox_due", "challenges_due", "challenges_pending",
	"ladder_challenges_open", "seats_offered", "games_clock_held"}

// memberTables hold who is in something now — the players on a ladder —
// and are read whole by a sweep (the sign-offs the clock loop catches up
// on): their size is a club's membership, never the games played.
var memberTables = []string{"ladder_rungs"}

// listIndexes are the operator's lists' indexes on a column of a few
// values (game list --status, --game): a search on one reads a share of
// every game ever played, a third or more of them.
var listIndexes = []string{"games_status", "games_type"}

var (
	planScan   = regexp.MustCompile(`^SCAN (\w+)`)
	planIndex  = regexp.MustCompile(`USING (?:COVERING )?INDEX (\w+)`)
	planSearch = regexp.MustCompile(`^SEARCH (\w+)`)
)

// planProblems lists what in plan reads more than its query needs: a
// scan of a table that grows (but through a queue index), a search
// through a list index, a temporary B-tree. tables are the database's
// tables; aliases maps the query's aliases to them.
func planProblems(plan []string, tables map[string]bool, aliases map[string]string) []string {
	var out []string
	table := func(name string) string {
		if t, ok := aliases[name]; ok {
			return t
		}
		return name
	}
	for _, step := range plan {
		index := ""
		if m := planIndex.FindStringSubmatch(step); m != nil {
			index = m[1]
		}
		switch m := planScan.FindStringSubmatch(step); {
		case strings.Contains(step, "USE TEMP B-TREE"):
			out = append(out, step)
		case m != nil && tables[table(m[1])] && !slices.Contains(smallTables, table(m[1])) && !slices.Contains(memberTables, table(m[1])) && !slices.Contains(queueIndexes, index):
			out = append(out, step)
		case planSearch.MatchString(step) && slices.Contains(listIndexes, index):
			out = append(out, step)
		}
	}
	return out
}

// planAliases maps the aliases a query gives its tables ("games g") to
// the tables.
func planAliases(query string, tables map[string]bool) map[string]string {
	out := map[string]string{}
	keywords := []string{"ON", "USING", "WHERE", "JOIN", "LEFT", "INNER", "CROSS", "NATURAL", "INDEXED", "NOT", "GROUP", "ORDER", "LIMIT", "UNION", "SET"}
	for _, m := range regexp.MustCompile(`(?i)\b(?:FROM|JOIN)\s+(\w+)\s+(?:AS\s+)?(\w+)`).FindAllStringSubmatch(query, -1) {
		if tables[m[1]] && !tables[m[2]] && !slices.Contains(keywords, strings.ToUpper(m[2])) {
			out[m[2]] = m[1]
		}
	}
	return out
}

// TestHotPlans: every statement the daemon runs per mail or per tick
// reads what it needs through an index, on a database of 4,000 games
// shaped like production's, with and without statistics.
func TestHotPlans(t *testing.T) {
	ctx := context.Background()
	s := scaledStore(t, t.TempDir(), scaledb.Shape{Games: 4000})
	stmts := traceHotCalls(t, s, fixtureOf(t, s), hotCalls)
	require.Greater(t, len(stmts), 50, "the hot calls' statements were traced")

	db, err := sql.Open("sqlite", fileURI(s.Path()))
	require.NoError(t, err)
	defer db.Close()
	db.SetMaxOpenConns(1) // the statistics ANALYZE gathers, on the connection that plans
	tables := map[string]bool{}
	rows, err := db.Query(`SELECT name FROM sqlite_schema WHERE type = 'table'`)
	require.NoError(t, err)
	for rows.Next() {
		var name string
		require.NoError(t, rows.Scan(&name))
		tables[name] = true
	}
	require.NoError(t, rows.Err())
	for _, stats := range []string{"without statistics", "with statistics"} {
		if stats == "with statistics" {
			require.NoError(t, scaledb.Analyze(ctx, db))
		}
		for _, st := range stmts {
			if skipPlan(st.query) {
				continue
			}
			plan := queryPlan(t, db, st.query, st.args...)
			t.Logf("%s %s: %s\n\t%s", stats, st.call, strings.Join(strings.Fields(st.query), " "), strings.Join(plan, "\n\t"))
			assert.Empty(t, planProblems(plan, tables, planAliases(st.query, tables)), "%s, %s: %s\nplan: %s",
				st.call, stats, strings.Join(strings.Fields(st.query), " "), strings.Join(plan, "; "))
		}
	}
}

// skipPlan says query is no statement to plan: a savepoint's.
func skipPlan(query string) bool {
	q := strings.ToUpper(strings.TrimSpace(query))
	return strings.HasPrefix(q, "SAVEPOINT") || strings.HasPrefix(q, "RELEASE") || strings.HasPrefix(q, "ROLLBACK")
}

// TestPlanProblems: what TestHotPlans fails on, and what it lets pass.
func TestPlanProblems(t *testing.T) {
	tables := map[string]bool{"games": true, "seats": true, "settings": true, "ladder_rungs": true, "ladder_challenges": true}
	for _, c := range []struct {
		step    string
		problem bool
	}{
		{"SCAN games", true},
		{"SCAN g", true}, // an alias of games
		{"SCAN games USING COVERING INDEX games_type", true},
		{"SEARCH games USING INDEX games_status (status=?)", true},
		{"USE TEMP B-TREE FOR ORDER BY", true},
		{"USE TEMP B-TREE FOR DISTINCT", true},
		{"SCAN games USING COVERING INDEX games_bot_to_move", false},
		{"SEARCH games USING INDEX games_next_due (next_due>? AND next_due<?)", false},
		{"SEARCH s USING COVERING INDEX seats_player (player_id=?)", false},
		{"SCAN settings", false},
		{"SCAN ladder_rungs USING COVERING INDEX sqlite_autoindex_ladder_rungs_1", false}, // a club's membership
		{"SCAN ladder_challenges", true},
		{"SCAN ladder_challenges USING INDEX ladder_challenges_open", false}, // the open ones alone
		{"SCAN CONSTANT ROW", false},
		{"SCAN n", false}, // a recursive CTE's
	} {
		got := planProblems([]string{c.step}, tables, map[string]string{"g": "games", "s": "seats"})
		assert.Equal(t, c.problem, len(got) > 0, c.step)
	}
	assert.Equal(t, map[string]string{"g": "games", "s": "seats"},
		planAliases(`SELECT g.id FROM games g JOIN seats AS s ON s.game_id = g.id JOIN settings ON 1`, tables))
}
