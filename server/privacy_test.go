package server

import (
	"context"
	"fmt"
	"regexp"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"pbem/engine"
	"pbem/mailer"
	"pbem/store"
)

// exchangeGame is a two-player Amplitude game whose first player holds
// both a 6 and a 9, found by trying seeds in order.
func exchangeGame(t *testing.T) (*mailGame, string) {
	for s := uint64(1); s < 200; s++ {
		srv, st := newTestServer(t)
		id, err := srv.Create(context.Background(), twoPlayers(s))
		require.NoError(t, err)
		snap, err := srv.Snapshot(context.Background(), id, -1)
		require.NoError(t, err)
		seat := snap.State.ToMove()
		hand := snap.State.(engine.Inspector).Hand(seat)
		if strings.Contains(hand, "6") && strings.Contains(hand, "9") {
			return &mailGame{t: t, srv: srv, st: st, id: id}, snap.Game.Seats[seat].Email
		}
	}
	t.Fatal("no seed below 200 deals a 6 and a 9 to the first player")
	return nil, ""
}

// TestExchangeHidesTheTokens: after exchange 6 9, the opponent's mails
// (the turn mail and the history they ask for) say two tokens went back,
// never which; the player's own mail and the archive keep the digits.
func TestExchangeHidesTheTokens(t *testing.T) {
	g, email := exchangeGame(t)
	ctx := context.Background()
	before, err := g.st.PendingMails(ctx, g.id)
	require.NoError(t, err)
	to, thread := g.reply(email)
	require.Equal(t, mailer.Accepted, g.handle(raw(email, to, "ex1@x", thread, "exchange 6 9")))
	require.Equal(t, 1, g.moveNumber())

	opponent := other(email)
	otherTo, otherThread := g.reply(opponent)
	require.Equal(t, mailer.Accepted, g.handle(raw(opponent, otherTo, "hist1@x", otherThread, "history")))

	after, err := g.st.PendingMails(ctx, g.id)
	require.NoError(t, err)
	exchanged := regexp.MustCompile(`(?i)exchange[sd]?\W*[69]\W+[69]|\b6\W+9\b|\b9\W+6\b`)
	var toOpponent, toPlayer int
	for _, m := range after[len(before):] {
		text := textOf(t, m.Raw)
		if m.Recipient == opponent {
			toOpponent++
			assert.NotRegexp(t, exchanged, text, "a mail to the opponent names the exchanged tokens")
			assert.NotRegexp(t, exchanged, string(m.Raw), "nor does its subject or HTML part")
			assert.Contains(t, text, "exchange 2 tokens")
		} else {
			toPlayer++
			assert.Contains(t, text, "exchange 6 9", "the player sees their own exchange")
		}
	}
	assert.Equal(t, 2, toOpponent, "the turn mail and the history")
	assert.Equal(t, 1, toPlayer)

	moves, err := g.st.Moves(ctx, g.id)
	require.NoError(t, err)
	assert.Equal(t, "exchange 6 9", moves[0].Notation, "the archive keeps the digits")
	assert.Equal(t, "exchange 2 tokens", moves[0].Public)
}

// TestSayIsCapped: a say line past MaxSayLength characters is refused with
// a sentence that quotes only its start, and nothing is relayed; a mail of
// MaxCommands say lines at the cap is relayed whole, one more line is
// refused.
func TestSayIsCapped(t *testing.T) {
	g := newMailGame(t)
	ctx := context.Background()
	email, _ := g.toMove()
	to, thread := g.reply(email)

	before := g.queued()
	long := "say " + strings.Repeat("é", MaxSayLength+1)
	assert.Equal(t, mailer.Rejected, g.handle(raw(email, to, "long1@x", thread, long+"\nboard")))
	assert.Equal(t, store.Refused, g.outcome("long1@x"))
	require.Equal(t, before+1, g.queued(), "one refusal, no relay")
	_, detail, err := g.st.InboundOutcome(ctx, "long1@x")
	require.NoError(t, err)
	assert.Contains(t, detail, fmt.Sprintf("at most %d", MaxSayLength))
	assert.Less(t, len(detail), 400, "the refusal does not quote the whole line")
	chat, err := g.st.Chat(ctx, g.id)
	require.NoError(t, err)
	assert.Empty(t, chat)

	line := "say " + strings.Repeat("x", MaxSayLength)
	full := strings.TrimSuffix(strings.Repeat(line+"\n", 20), "\n")
	before = g.queued()
	assert.Equal(t, mailer.Accepted, g.handle(raw(email, to, "full1@x", thread, full)))
	chat, err = g.st.Chat(ctx, g.id)
	require.NoError(t, err)
	assert.Len(t, chat, 20, "twenty lines at the cap are relayed")
	assert.Equal(t, before+20, g.queued())

	before = g.queued()
	assert.Equal(t, mailer.Rejected, g.handle(raw(email, to, "full2@x", thread, full+"\nsay one more")))
	assert.Equal(t, store.Refused, g.outcome("full2@x"))
	assert.Equal(t, before+1, g.queued(), "twenty-one commands: one refusal")
}

// TestSayDropsControlCharacters: what a player says reaches the others as
// text, without the escape sequences or direction overrides that would act
// on their screens.
func TestSayDropsControlCharacters(t *testing.T) {
	g := newMailGame(t)
	email, _ := g.toMove()
	to, thread := g.reply(email)
	require.Equal(t, mailer.Accepted, g.handle(raw(email, to, "ctl1@x", thread, "say \x1b[2Jwell\tplayed \u202Eedoc\x00!")))
	chat, err := g.st.Chat(context.Background(), g.id)
	require.NoError(t, err)
	require.Len(t, chat, 1)
	assert.Equal(t, "[2Jwell played edoc!", chat[0].Text)
}
