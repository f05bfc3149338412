package store

import (
	"context"
	"database/sql"
	"fmt"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestMailPref: a player's preference is 'every' until they choose, is
// loaded with their seats, and a digest's time is kept only while they
// want digests.
func TestMailPref(t *testing.T) {
	ctx := context.Background()
	s, _ := openTemp(t)
	id, err := s.CreateGame(ctx, sampleGame())
	require.NoError(t, err)
	g, err := s.Game(ctx, id)
	require.NoError(t, err)
	pid := g.Seats[0].PlayerID
	assert.Equal(t, MailEvery, g.Seats[0].Mail, "the default")
	assert.Empty(t, g.Seats[1].Mail, "a computer seat has none")

	next := time.Date(2026, 12, 1, 8, 30, 0, 0, time.UTC)
	in := Inbound{Key: "k1", MessageID: "m1@x", Raw: []byte("mail digest 8:30"), Outcome: Applied, Detail: "mail digest 8:30"}
	require.NoError(t, s.SetMailPref(ctx, MailPrefChange{PlayerID: pid, Mail: MailDigest, DigestAt: 8*60 + 30, NextDigest: next,
		Mails: []OutMail{{MessageID: "c1@x", Recipient: "alice@example.org", Raw: []byte("confirmed")}}, Inbound: &in}))
	p, err := s.Player(ctx, pid)
	require.NoError(t, err)
	assert.Equal(t, Player{ID: pid, Email: "alice@example.org", Name: "Alice", Mail: MailDigest, DigestAt: 510, NextDigest: next}, p)
	g, err = s.Game(ctx, id)
	require.NoError(t, err)
	assert.Equal(t, MailDigest, g.Seats[0].Mail)
	outcome, _, err := s.InboundOutcome(ctx, "m1@x")
	require.NoError(t, err)
	assert.Equal(t, Applied, outcome, "recorded with the change")
	assert.ErrorIs(t, s.SetMailPref(ctx, MailPrefChange{PlayerID: pid, Mail: MailTurn, Inbound: &in}), ErrDuplicate, "a mail changes it once")

	require.NoError(t, s.SetMailPref(ctx, MailPrefChange{PlayerID: pid, Mail: MailTurn}))
	p, err = s.Player(ctx, pid)
	require.NoError(t, err)
	assert.Equal(t, MailTurn, p.Mail)
	assert.True(t, p.NextDigest.IsZero(), "no digest once the player wants none")
	due, err := s.DueDigests(ctx, next.Add(48*time.Hour), 10)
	require.NoError(t, err)
	assert.Empty(t, due)

	assert.Error(t, s.SetMailPref(ctx, MailPrefChange{PlayerID: pid, Mail: "weekly"}))
	assert.Error(t, s.SetMailPref(ctx, MailPrefChange{PlayerID: pid, Mail: MailDigest, DigestAt: 24 * 60, NextDigest: next}))
	assert.ErrorIs(t, s.SetMailPref(ctx, MailPrefChange{PlayerID: pid + 99, Mail: MailTurn}), ErrNotFound)
	_, err = s.Player(ctx, pid+99)
	assert.ErrorIs(t, err, ErrNotFound)
}

// seedDigestPlayers inserts n players wanting a digest due at due(i), in
// one transaction.
func seedDigestPlayers(t testing.TB, s *Store, n int, due func(i int) time.Time) {
	t.Helper()
	require.NoError(t, s.inTx(context.Background(), func(tx *sql.Tx) error {
		for i := range n {
			_, err := tx.Exec(`INSERT INTO players (email, name, created_at, mail_pref, digest_at, next_digest) VALUES (?, '', '', 'digest', 0, ?)`,
				fmt.Sprintf("p%d@example.org", i), timeOrNull(due(i)))
			if err != nil {
				return err
			}
		}
		return nil
	}))
}

// TestDueDigests: the digests due are those whose time has come, earliest
// first, at most the limit; one is sent once, whoever tries again.
func TestDueDigests(t *testing.T) {
	ctx := context.Background()
	s, _ := openTemp(t)
	now := time.Date(2026, 12, 1, 9, 0, 0, 0, time.UTC)
	seedDigestPlayers(t, s, 6, func(i int) time.Time { return now.Add(time.Duration(3-i) * time.Hour) })
	due, err := s.DueDigests(ctx, now, 100)
	require.NoError(t, err)
	assert.Equal(t, []int64{6, 5, 4}, due, "due at now or before, earliest first")
	due, err = s.DueDigests(ctx, now, 2)
	require.NoError(t, err)
	assert.Equal(t, []int64{6, 5}, due)

	p, err := s.Player(ctx, 4)
	require.NoError(t, err)
	d := Digest{PlayerID: 4, Was: p.NextDigest, Next: p.NextDigest.Add(24 * time.Hour),
		Mails: []OutMail{{MessageID: "digest-4@x", Recipient: p.Email, Raw: []byte("your games")}}}
	require.NoError(t, s.SendDigest(ctx, d))
	assert.ErrorIs(t, s.SendDigest(ctx, d), ErrConflict, "sent once: a retry, or another process, finds it done")
	due, err = s.DueDigests(ctx, now, 100)
	require.NoError(t, err)
	assert.Equal(t, []int64{6, 5}, due)
	mails, err := s.DueMails(ctx, now, 10)
	require.NoError(t, err)
	require.Len(t, mails, 1)
	assert.Zero(t, mails[0].GameID, "a digest is about no one game")

	require.NoError(t, s.SetMailPref(ctx, MailPrefChange{PlayerID: 5, Mail: MailEvery}))
	assert.ErrorIs(t, s.SendDigest(ctx, Digest{PlayerID: 5, Was: now.Add(-time.Hour), Next: now.Add(23 * time.Hour)}), ErrConflict,
		"a player who no longer wants digests gets none")
}

// TestDueDigestsReadsTheIndex: finding the digests due reads the
// next_digest index alone, never the players' rows.
func TestDueDigestsReadsTheIndex(t *testing.T) {
	s, _ := openTemp(t)
	rows, err := s.db.Query(`EXPLAIN QUERY PLAN SELECT id FROM players WHERE next_digest IS NOT NULL AND next_digest <= ?
		ORDER BY next_digest LIMIT ?`, "2026", 10)
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
	assert.Contains(t, plan[0], "USING COVERING INDEX players_next_digest")
}

// BenchmarkDueDigestsNothingDue is what pbem deadlines pays to find that
// no digest is due among 10,000 players who want one.
func BenchmarkDueDigestsNothingDue(b *testing.B) {
	ctx := context.Background()
	s, err := Open(ctx, filepath.Join(b.TempDir(), "pbem.db"), nil)
	require.NoError(b, err)
	defer s.Close()
	now := time.Date(2026, 12, 1, 9, 0, 0, 0, time.UTC)
	seedDigestPlayers(b, s, 10000, func(i int) time.Time { return now.Add(time.Duration(i+1) * time.Second) })
	for b.Loop() {
		ids, err := s.DueDigests(ctx, now, 100)
		if err != nil || len(ids) != 0 {
			b.Fatal(ids, err)
		}
	}
}
