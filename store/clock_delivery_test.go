package store

import (
	"context"
	"path/filepath"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"pbem/internal/fakeclock"
)

// waitingGame stores a game of Alice and Bob whose clock waits for the
// turn mail to Alice, invited with a mail to each (the one to Alice marked
// Starts), at the store's clock; it returns the game and the two mails'
// Message-IDs.
func waitingGame(t *testing.T, s *Store, alice string) (Game, string, string) {
	t.Helper()
	ctx := context.Background()
	g := sampleGame()
	g.Seats = []NewSeat{{Email: alice, Name: "Alice"}, {Email: "bob@example.org", Name: "Bob"}}
	g.Clock = Clock{TurnStarted: s.now(), Left: 72 * time.Hour, Held: HeldDelivery}
	turn, other := "turn."+alice, "other."+alice
	g.Invite = func(Game) ([]OutMail, error) {
		return []OutMail{
			{MessageID: other, Recipient: "bob@example.org", Base: "bob@example.org", Raw: []byte("x")},
			{MessageID: turn, Recipient: alice, Base: alice, Raw: []byte("x"), Starts: true},
		}, nil
	}
	id, err := s.CreateGame(ctx, g)
	require.NoError(t, err)
	row, err := s.Game(ctx, id)
	require.NoError(t, err)
	return row, turn, other
}

// openOnFakeClock is a fresh store on a fake clock.
func openOnFakeClock(t *testing.T) (*Store, *fakeclock.Clock) {
	t.Helper()
	clock := fakeclock.New(time.Date(2026, 12, 1, 9, 0, 0, 0, time.UTC))
	s, err := Open(context.Background(), filepath.Join(t.TempDir(), "pbem.db"), clock.Now)
	require.NoError(t, err)
	t.Cleanup(func() { s.Close() })
	return s, clock
}

// outboxID is the outbox row of Message-ID messageID.
func outboxID(t *testing.T, s *Store, messageID string) int64 {
	t.Helper()
	var id int64
	require.NoError(t, s.db.QueryRow(`SELECT id FROM outbox WHERE message_id = ?`, messageID).Scan(&id))
	return id
}

// TestTurnMailStartsTheClock: the turn mail queued with a waiting clock is
// linked to it; the relay's acceptance of another mail changes nothing,
// that of the turn mail makes the game due at that instant, in the same
// transaction; a clock change read before it is refused rather than
// undoing it. A turn mail never queued (its address silenced) makes the
// game due at the turn's start: its clock runs from the move.
func TestTurnMailStartsTheClock(t *testing.T) {
	ctx := context.Background()
	s, clock := openOnFakeClock(t)

	g, turn, other := waitingGame(t, s, "alice@example.org")
	var err error
	assert.Equal(t, turn, g.Clock.Mail, "linked")
	assert.Zero(t, g.Clock.NextDue, "nothing due until it leaves")
	read := g.Clock

	clock.Advance(5 * time.Hour)
	require.NoError(t, s.MarkSent(ctx, outboxID(t, s, other)))
	g, err = s.Game(ctx, g.ID)
	require.NoError(t, err)
	assert.Zero(t, g.Clock.NextDue, "another mail starts nothing")
	require.NoError(t, s.MarkSent(ctx, outboxID(t, s, turn)))
	g, err = s.Game(ctx, g.ID)
	require.NoError(t, err)
	assert.Equal(t, clock.Now(), g.Clock.NextDue, "due when the relay accepted it")
	m, err := s.TurnMailOf(ctx, turn)
	require.NoError(t, err)
	assert.Equal(t, clock.Now(), m.SentAt)

	stale := read
	stale.NextDue = clock.Now().Add(time.Hour)
	assert.ErrorIs(t, s.ChangeClock(ctx, ClockChange{GameID: g.ID, Was: read, Clock: stale}), ErrConflict, "read before the acceptance")
	assert.NoError(t, s.ChangeClock(ctx, ClockChange{GameID: g.ID, Was: g.Clock, Clock: g.Clock}), "read after it")

	require.NoError(t, s.Silence(ctx, "carol@example.org", nil))
	silent, _, _ := waitingGame(t, s, "carol@example.org")
	assert.Empty(t, silent.Clock.Mail, "no mail to wait for")
	assert.Equal(t, silent.Clock.TurnStarted, silent.Clock.NextDue, "due at the move")
	m, err = s.TurnMailOf(ctx, "turn.carol@example.org")
	require.NoError(t, err)
	assert.False(t, m.Queued)
}

// TestHeldClocks: a clock stopped because the relay refused its turn mail
// waits for it again when the operator retries the mail; pbem status and
// pbem doctor find the held clocks through their index: one waiting over
// an hour, one stopped.
func TestHeldClocks(t *testing.T) {
	ctx := context.Background()
	s, clock := openOnFakeClock(t)
	waiting, _, _ := waitingGame(t, s, "alice@example.org")
	refused, turn, _ := waitingGame(t, s, "dan@example.org")
	stopped := refused.Clock
	stopped.Held, stopped.Why = HeldAbandoned, "550 5.1.1 No such user"
	require.NoError(t, s.RecordBounce(ctx, BounceRecord{GameID: refused.ID, OutboxID: outboxID(t, s, turn), Failed: true, Refused: stopped.Why,
		Clock: &ClockChange{GameID: refused.ID, Was: refused.Clock, Clock: stopped}}))

	clock.Advance(2 * time.Hour)
	held, err := s.SummarizeHeldClocks(ctx)
	require.NoError(t, err)
	assert.Equal(t, []HeldClocks{
		{Held: HeldAbandoned, Games: 1, Oldest: refused.Clock.TurnStarted, IDs: []int64{refused.ID}},
		{Held: HeldDelivery, Games: 1, Oldest: waiting.Clock.TurnStarted, IDs: []int64{waiting.ID}},
	}, held)
	c := clocksCheck(ctx, s, clock.Now())
	assert.True(t, c.OK)
	assert.True(t, c.Warning)
	assert.Contains(t, c.Detail, "1 waiting for the relay to accept their turn mail, the oldest since 2026-12-01T09:00:00Z (games 1)")
	assert.Contains(t, c.Detail, "1 stopped because their turn mail never reached the player, abandoned (games 2)")

	_, err = s.RetryMail(ctx, outboxID(t, s, turn))
	require.NoError(t, err)
	g, err := s.Game(ctx, refused.ID)
	require.NoError(t, err)
	assert.Equal(t, HeldDelivery, g.Clock.Held, "it waits for the mail again")
	assert.Empty(t, g.Clock.Why)
}
