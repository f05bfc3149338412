package store

import (
	"context"
	"errors"
	"fmt"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestCreateTournamentWithItsMails: a tournament made by mail is stored
// with the mail that asked for it and the mails its number is in (the
// answer, the invitations), all in one transaction: when composing them
// fails, nothing is — no tournament, no entrant, no player, no mail, the
// mail asking for it not recorded.
func TestCreateTournamentWithItsMails(t *testing.T) {
	s, _ := openTemp(t)
	ctx := context.Background()
	nt := func(key string, mails func(int64) ([]OutMail, error)) NewTournament {
		return NewTournament{Game: "chiffres", Format: "round-robin", Seats: 2, MaxEntrants: 2, CreatedBy: 0,
			Entrants: []NewEntrant{{Email: "ann@example.org", Name: "Ann", Joined: true}, {Email: "bob@example.org"}},
			Inbound:  &Inbound{Key: key, MessageID: key, Raw: []byte("tournament new"), From: "ann@example.org", Outcome: Applied},
			Mails:    mails}
	}
	_, err := s.CreateTournament(ctx, nt("broken@x", func(id int64) ([]OutMail, error) { return nil, errors.New("no template") }))
	require.Error(t, err)
	ids, err := s.Tournaments(ctx)
	require.NoError(t, err)
	assert.Empty(t, ids)
	_, err = s.PlayerByAddress(ctx, "bob@example.org")
	assert.ErrorIs(t, err, ErrNotFound, "the invitee not created")
	_, _, err = s.InboundOutcome(ctx, "broken@x")
	assert.ErrorIs(t, err, ErrNotFound, "the mail not recorded: it is handled again")

	id, err := s.CreateTournament(ctx, nt("made@x", func(id int64) ([]OutMail, error) {
		return []OutMail{{MessageID: fmt.Sprintf("answer%d@x", id), Recipient: "ann@example.org", Raw: []byte("made")},
			{MessageID: fmt.Sprintf("invite%d@x", id), Recipient: "bob@example.org", Raw: []byte("invited")}}, nil
	}))
	require.NoError(t, err)
	outcome, _, err := s.InboundOutcome(ctx, "made@x")
	require.NoError(t, err)
	assert.Equal(t, Applied, outcome)
	var n int
	require.NoError(t, s.db.QueryRow(`SELECT COUNT(*) FROM outbox WHERE message_id IN (?, ?)`, fmt.Sprintf("answer%d@x", id), fmt.Sprintf("invite%d@x", id)).Scan(&n))
	assert.Equal(t, 2, n)
}
