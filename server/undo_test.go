package server

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"pbem/archive"
	"pbem/engine"
	"pbem/server/core"
	"pbem/server/lobby"
	"pbem/store"
)

// playNext has the player to move in game id play the computer's choice
// for them by mail, and returns who played and the move as written.
func (g *clockedGame) playNext(id int64) (email, move string) {
	g.t.Helper()
	snap, err := g.srv.Snapshot(context.Background(), id, -1)
	require.NoError(g.t, err)
	seat := snap.State.ToMove()
	m, err := snap.State.BotMove(seat)
	require.NoError(g.t, err)
	email = snap.Game.Seats[seat].Email
	g.applied(id, email, m.String())
	return email, m.String()
}

// stateNow is game id's state as stored, encoded.
func (g *clockedGame) stateNow(id int64) string {
	g.t.Helper()
	row, err := g.st.Game(context.Background(), id)
	require.NoError(g.t, err)
	return string(row.State)
}

// notations are game id's moves' notations, in order.
func (g *clockedGame) notations(id int64) []string {
	g.t.Helper()
	moves, err := g.st.Moves(context.Background(), id)
	require.NoError(g.t, err)
	var out []string
	for _, m := range moves {
		out = append(out, m.Notation)
	}
	return out
}

// TestUndoAccepted: the player who moved offers to take back the turn,
// the other is asked and agrees; the game stands as before the turn, the
// clock restarted for the player to move, the history keeping the turn
// and its undo, and game verify replays it. A copy of the agreeing mail
// changes nothing more.
func TestUndoAccepted(t *testing.T) {
	ctx := context.Background()
	g := newClockedGame(t, "amplitude", engine.Options{"clock": "72h"}, "ann", "bob")
	first, _ := g.playNext(g.id)
	second := other(first)
	before := g.stateNow(g.id)
	mover, _ := g.playNext(g.id)
	require.Equal(t, second, mover)

	g.clock.Advance(5 * time.Hour)
	g.applied(g.id, second, "undo")
	offer, err := g.st.UndoOfferOf(ctx, g.id)
	require.NoError(t, err)
	assert.Equal(t, 2, offer.MoveNumber)
	assert.Equal(t, 2, offer.Turn)
	assert.Equal(t, []int{offer.Seat}, offer.Agreed)
	assert.Contains(t, flat(g.last(first).text), "offers to take back turn 2 (")
	assert.Contains(t, flat(g.last(second).text), "You offer to take back turn 2")

	g.clock.Advance(time.Hour)
	to, irt := g.replyIn(g.id, first)
	accept := raw(first, to, "accept-1@x", irt, "OK, take it back.\naccept")
	g.handle(accept)
	require.Equal(t, store.Applied, g.outcome("accept-1@x"))
	assert.Equal(t, before, g.stateNow(g.id), "the board, racks and bag as before the turn")
	assert.Equal(t, second, g.mover())
	row := g.row()
	assert.Equal(t, g.clock.Now(), row.Clock.TurnStarted, "the clock starts afresh")
	assert.Equal(t, 2, row.Turns, "the turn stays counted: the next is #3")
	assert.Equal(t, "undo 2", g.notations(g.id)[2])
	assert.Contains(t, flat(g.last(second).text), "Turn 2 is taken back with every move after it")
	assert.Contains(t, flat(g.last(second).text), "It is your turn: move #3")

	g.handle(accept) // a copy: once is enough
	assert.Len(t, g.notations(g.id), 3)
	again, _ := g.playNext(g.id)
	assert.Equal(t, second, again, "the turn is played again")
	require.NoError(t, g.srv.Records().Verify(ctx, g.id))
	history, err := g.srv.Records().Archive(ctx, g.id)
	require.NoError(t, err)
	assert.Equal(t, "undo 2", history.Moves[2].Notation)
}

// TestUndoDeclined: a decline drops the offer, both told, and the turn
// stays; so does a move, told with it; accept then finds nothing.
func TestUndoDeclined(t *testing.T) {
	ctx := context.Background()
	g := newClockedGame(t, "chiffres", nil, "ann", "bob")
	first, _ := g.playNext(g.id)
	second := other(first)
	g.applied(g.id, first, "reprendre")
	after := g.stateNow(g.id)
	g.applied(g.id, second, "refuser")
	assert.Contains(t, flat(g.last(first).text), "declines to take back turn 1: it stays played")
	assert.Contains(t, flat(g.last(second).text), "You decline to take back turn 1")
	assert.Equal(t, after, g.stateNow(g.id))
	_, err := g.st.UndoOfferOf(ctx, g.id)
	assert.ErrorIs(t, err, store.ErrNotFound)
	mid := g.lobbyReply(g.id, second, "accept")
	assert.Equal(t, store.Refused, g.outcome(mid))

	g.applied(g.id, first, "undo")
	g.playNext(g.id)
	moves, err := g.st.Moves(ctx, g.id)
	require.NoError(t, err)
	last := moves[len(moves)-1]
	assert.Contains(t, core.WithNames(last.Events[len(last.Events)-1].String(), core.Names(g.row())), "plays on: the offer to take back turn 1 lapses")
	mid = g.lobbyReply(g.id, second, "undo")
	assert.Equal(t, store.Applied, g.outcome(mid), "a new offer, the old one gone")
	offer, err := g.st.UndoOfferOf(ctx, g.id)
	require.NoError(t, err)
	assert.Equal(t, 2, offer.Turn)
	require.NoError(t, g.srv.Records().Verify(ctx, g.id))
}

// TestUndoAgainstTheComputer: against the computer the turn is taken
// back at once with the computer's answer, the hand and the bank as they
// were, so that the same placement draws the same digits; twice in a
// row, and the archive imports and verifies.
func TestUndoAgainstTheComputer(t *testing.T) {
	ctx := context.Background()
	g := newLobby(t, "ann")
	ann := "ann@example.org"
	id := g.create(core.NewGame{Game: "chiffres", Players: players("ann"), Bots: []string{"Robot"}, Seed: seed(7)})
	g.playNext(id)
	before := g.stateNow(id)
	_, move := g.playNext(id)
	placed := g.lastStateOf(id, 0)
	g.applied(id, ann, "undo")
	assert.Equal(t, before, g.stateNow(id), "taken back at once, the computer's answer with it")
	assert.Contains(t, flat(g.last(ann).text), "It is your turn")
	g.applied(id, ann, move)
	assert.Equal(t, placed, g.lastStateOf(id, 0), "the same placement draws the same digits")
	g.applied(id, ann, "undo")
	g.applied(id, ann, "reprendre")
	all := g.notations(id)
	assert.True(t, strings.HasPrefix(all[len(all)-1], "undo ") && strings.HasPrefix(all[len(all)-2], "undo "), "%v", all)
	require.NoError(t, g.srv.Records().Verify(ctx, id))

	rec, err := g.srv.Records().Archive(ctx, id)
	require.NoError(t, err)
	copied, err := g.srv.Records().Import(ctx, rec)
	require.NoError(t, err)
	require.NoError(t, g.srv.Records().Verify(ctx, copied))
	again, err := g.srv.Records().Archive(ctx, copied)
	require.NoError(t, err)
	assert.Equal(t, moveTexts(rec), moveTexts(again), "the undos and their events too")
}

// lastStateOf is the state stored with seat's last turn in game id.
func (g *clockedGame) lastStateOf(id int64, seat int) string {
	g.t.Helper()
	moves, err := g.st.Moves(context.Background(), id)
	require.NoError(g.t, err)
	for i := len(moves) - 1; i >= 0; i-- {
		if m := moves[i]; m.Seat == seat && !m.Aside {
			return string(m.State)
		}
	}
	g.t.Fatalf("seat %d played no turn", seat)
	return ""
}

// moveTexts are the notations and events of an archive's moves.
func moveTexts(rec archive.Record) []string {
	var out []string
	for _, m := range rec.Moves {
		out = append(out, m.Notation+": "+strings.Join(m.Events, " "))
	}
	return out
}

// TestUndoRefusals: nothing to take back before a move; one offer a
// seat; not by a stranger, nor a resignation, nor a timeout (but the
// operator takes a timeout back); not in a game over; and as the
// operator's policy says.
func TestUndoRefusals(t *testing.T) {
	ctx := context.Background()
	g := newClockedGame(t, "amplitude", engine.Options{"clock": "72h"}, "ann", "bob", "cyd")
	refused := func(email, body, why string) {
		t.Helper()
		mid := g.lobbyReply(g.id, email, body)
		require.Equal(t, store.Refused, g.outcome(mid), body)
		assert.Contains(t, flat(g.last(email).text), why)
	}
	first, _ := g.toMove()
	refused(first, "undo", "No turn was played yet that could be taken back")
	g.playNext(g.id)
	second, _ := g.toMove()
	refused(second, "pass\nundo", "Undo takes back the turn played before your mail")
	g.applied(g.id, first, "undo")
	refused(first, "undo", "You agreed already to take back turn 1")
	to, irt := g.replyIn(g.id, second)
	g.handle(raw("mallory@example.net", to, "forged@x", irt, "accept"))
	assert.Equal(t, store.Rejected, g.outcome("forged@x"))
	offer, err := g.st.UndoOfferOf(ctx, g.id)
	require.NoError(t, err)
	assert.Equal(t, []int{offer.Seat}, offer.Agreed, "a stranger agrees to nothing")

	g.srv.cfg.Lobby.Undo = lobby.UndoComputer
	refused(second, "accept", "On this server a turn is taken back only in a game against the computer")
	g.srv.cfg.Lobby.Undo = lobby.UndoOff
	refused(second, "undo", "Taking back a turn is off on this server")
	g.srv.cfg.Lobby.Undo = lobby.UndoConsent

	g.applied(g.id, second, "resign")
	refused(first, "undo", "is a resignation, which is not taken back")

	third, _ := g.toMove()
	g.deadlines(72 * time.Hour) // the player to move times out
	moves, err := g.st.Moves(ctx, g.id)
	require.NoError(t, err)
	timeout := moves[len(moves)-1]
	require.Equal(t, "timeout", timeout.Notation)
	refused(third, "undo", "is a timeout the server played: only the server's operator takes it back")
	turn, err := g.srv.UndoNow(ctx, g.id)
	require.NoError(t, err)
	assert.Equal(t, timeout.Turn, turn)
	assert.Equal(t, third, g.mover(), "their turn again")
	require.NoError(t, g.srv.Records().Verify(ctx, g.id))

	over := g.create(core.NewGame{Game: "amplitude", Players: players("ann", "bob"), Seed: seed(5)})
	loser, _ := g.toMove()
	g.applied(over, loser, "resign")
	mid := g.lobbyReply(over, loser, "undo")
	assert.Equal(t, store.Refused, g.outcome(mid))
	assert.Contains(t, flat(g.last(loser).text), "a turn is taken back only while the game goes on")
	_, err = g.srv.UndoNow(ctx, over)
	assert.ErrorContains(t, err, "a turn is taken back only while the game goes on")
}

// playUndoAndRematch is a golden scenario: Ann, in French, and Bob play
// Ludicitude; a turn is taken back by consent, another offer declined;
// then the game ends and its rematch is offered and accepted.
func playUndoAndRematch(g *clockedGame) {
	ann, bob := "ann@example.org", "bob@example.org"
	id := g.create(core.NewGame{Game: "ludicitude", Players: players("ann", "bob"), Options: engine.Options{"bot_nodes": "1000"}, Seed: seed(2)})
	g.applied(id, ann, "lang fr")
	first, _ := g.playNext(id)
	g.applied(id, first, "undo")
	g.applied(id, other(first), "accept")
	g.playNext(id)
	second, _ := g.playNext(id)
	g.applied(id, second, "undo")
	g.applied(id, other(second), "decline")
	loser, _ := g.toMove()
	g.applied(id, loser, "resign")
	g.applied(id, ann, "revanche")
	g.applied(id, bob, "rematch")
}
