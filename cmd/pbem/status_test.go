package main

import (
	"bytes"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"pbem/server/report"
	"pbem/store"
)

// TestWriteStatus: the report at a fixed time, with a mail waiting for an
// hour (and the clocks that wait for it), a bounce (and the clock it
// stopped), refusals, a running daemon, tournaments and ladders, reads as
// in its golden file, and so does its JSON.
func TestWriteStatus(t *testing.T) {
	now := time.Date(2026, 12, 1, 14, 0, 0, 0, time.UTC)
	st := report.Status{
		Now: now,
		Games: []report.GameTally{{Type: "amplitude", Active: 12, Finished: 30, Aborted: 1}, {Type: "chiffres", Active: 2},
			{Type: "ludicitude", Finished: 4}},
		Outbox: store.OutboxSummary{
			Waiting: 3, Sent: 140, Abandoned: 1, Bounced: 2,
			Oldest: &store.OutboxRow{ID: 17, Recipient: "ann@example.org", CreatedAt: now.Add(-65 * time.Minute), Attempts: 4,
				LastError: "421 4.7.0 try again later"},
			LastBounce: &store.OutboxRow{ID: 9, Recipient: "bob@example.org", BouncedAt: now.Add(-26 * time.Hour), Bounce: "5.1.1 user unknown"},
		},
		LastMail: &report.MailLine{InboundRow: store.InboundRow{ID: 420, ReceivedAt: now.Add(-3 * time.Minute), From: "bob@example.org",
			GameID: 12, Outcome: store.Refused, Detail: `line 1, "pass": it is not your turn`, MessageID: "b1@example.org"}, Subject: "Re: Amplitude, move 7"},
		Refusals: []report.ReasonCount{{Outcome: store.Refused, Reason: "it is not your turn", Count: 12},
			{Outcome: store.Rejected, Reason: "no valid reply token for game N", Count: 3}},
		Failed: []store.InboundRow{{ID: 431, ReceivedAt: now.Add(-2 * time.Hour), From: "x@example.net", Outcome: store.Failed,
			Detail: "failed: queue mail pbem.0.notice.1a2b@example.org: constraint failed: UNIQUE constraint failed: outbox.message_id", MessageID: "x1@example.net"}},
		Daemon: report.Daemon{State: report.DaemonRunning, Beat: store.Heartbeat{Name: "serve", PID: 4242,
			StartedAt: now.Add(-50 * time.Hour), BeatAt: now.Add(-2 * time.Second), IMAP: "idle", LastError: "imap: connection reset by peer"}},
		Check: &store.Integrity{At: now.Add(-50 * time.Hour), Took: 4100 * time.Millisecond, By: store.CheckedByServe, OK: true},
		Clocks: []store.HeldClocks{{Held: store.HeldBounced, Games: 1, Oldest: now.Add(-30 * time.Hour), IDs: []int64{7}},
			{Held: store.HeldDelivery, Games: 12, Oldest: now.Add(-65 * time.Minute), IDs: []int64{3, 4, 5, 6, 8, 9, 10, 11, 12, 13}}},
		Club: store.Club{Tournaments: []store.ClubTournament{
			{ID: 2, Game: "chiffres", Format: "swiss", Status: store.TournamentRunning, Rounds: 3, Seats: 2, Round: 2, Joined: 6, MaxEntrants: 6},
			{ID: 3, Game: "amplitude", Format: "knockout", Status: store.TournamentSignup, Seats: 2, Joined: 3, MaxEntrants: 8, ClosesAt: now.Add(46 * time.Hour)}},
			More:    1,
			Ladders: []store.ClubLadder{{ID: 1, Game: "amplitude", Players: 14, Challenges: 2}, {ID: 2, Game: "chiffres", Players: 1}}},
	}
	var text bytes.Buffer
	require.NoError(t, writeStatus(&text, st))
	golden(t, "status.txt", text.String())

	cmd := newStatusCmd(nil)
	var js bytes.Buffer
	cmd.SetOut(&js)
	require.NoError(t, writeJSON(cmd, statusJSONOf(st)))
	golden(t, "status_fixed.json", js.String())
}
