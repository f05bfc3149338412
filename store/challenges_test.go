package store

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestChallengeSeatsAnswerOnce: a seat accepts once, an open seat is
// taken once, and once declined the challenge takes no answer more;
// the answers' mails are queued with them, the others not at all.
func TestChallengeSeatsAnswerOnce(t *testing.T) {
	s, _ := openTemp(t)
	ctx := context.Background()
	_, err := s.db.Exec(`INSERT INTO players (id, email, name, created_at) VALUES (1, 'ann@example.org', 'Ann', '2026'), (2, 'bob@example.org', 'Bob', '2026')`)
	require.NoError(t, err)
	mail := func(id string) []OutMail {
		return []OutMail{{MessageID: id, Recipient: "ann@example.org", Base: "ann@example.org", Raw: []byte("x")}}
	}
	id, err := s.CreateChallenge(ctx, NewChallenge{Game: "chiffres", Seed: 7, CreatedBy: 1, ExpiresAt: time.Now().Add(time.Hour),
		Seats: []ChallengeSeat{{PlayerID: 1, Address: "ann@example.org", Accepted: true}, {Address: "carol@example.net"}, {}},
		Mails: func(int64) ([]OutMail, error) { return mail("created"), nil }})
	require.NoError(t, err)
	c, err := s.Challenge(ctx, id)
	require.NoError(t, err)
	assert.Equal(t, ChallengePending, c.Status)
	assert.Equal(t, 1, c.Taken())
	assert.True(t, c.Seats[2].Open())
	assert.Equal(t, "Ann", c.Seats[0].Name)

	require.NoError(t, s.AnswerSeat(ctx, SeatAnswer{Challenge: id, Seat: 1, Mails: mail("accepted")}))
	assert.ErrorIs(t, s.AnswerSeat(ctx, SeatAnswer{Challenge: id, Seat: 1, Mails: mail("again")}), ErrConflict, "accepted twice")
	require.NoError(t, s.AnswerSeat(ctx, SeatAnswer{Challenge: id, Seat: 2, PlayerID: 2, Address: "bob@example.org"}))
	assert.ErrorIs(t, s.AnswerSeat(ctx, SeatAnswer{Challenge: id, Seat: 2, Address: "dan@example.org"}), ErrConflict, "taken twice")
	open, err := s.OpenChallenges(ctx)
	require.NoError(t, err)
	assert.Empty(t, open)

	require.NoError(t, s.AnswerSeat(ctx, SeatAnswer{Challenge: id, Seat: 2, Decline: true}))
	c, err = s.Challenge(ctx, id)
	require.NoError(t, err)
	assert.Equal(t, ChallengeDeclined, c.Status)
	assert.True(t, c.Seats[2].Declined)
	assert.ErrorIs(t, s.AnswerSeat(ctx, SeatAnswer{Challenge: id, Seat: 0, Decline: true}), ErrConflict, "over")
	assert.ErrorIs(t, s.EndChallenge(ctx, id, ChallengeExpired, mail("expired")), ErrConflict, "over")

	var queued []string
	rows, err := s.db.Query(`SELECT message_id FROM outbox ORDER BY id`)
	require.NoError(t, err)
	defer rows.Close()
	for rows.Next() {
		var m string
		require.NoError(t, rows.Scan(&m))
		queued = append(queued, m)
	}
	assert.Equal(t, []string{"created", "accepted"}, queued)
}

// TestDueChallengesReadsTheIndex: finding the challenges expired reads
// the challenges_due index, never the rows of those started or ended.
func TestDueChallengesReadsTheIndex(t *testing.T) {
	s, _ := openTemp(t)
	rows, err := s.db.Query(`EXPLAIN QUERY PLAN SELECT id FROM challenges WHERE status = 'pending' AND expires_at <= ?
		ORDER BY expires_at LIMIT ?`, "2026", 10)
	require.NoError(t, err)
	defer rows.Close()
	var plan []string
	for rows.Next() {
		var id, parent, unused int
		var detail string
		require.NoError(t, rows.Scan(&id, &parent, &unused, &detail))
		plan = append(plan, detail)
	}
	require.NoError(t, rows.Err())
	require.Len(t, plan, 1, strings.Join(plan, "; "))
	assert.Contains(t, plan[0], "challenges_due")
}
