package server

import (
	"pbem/server/core"

	"context"
	"fmt"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"pbem/engine"
	"pbem/mailer"
	"pbem/store"
)

// queuedMail is a mail queued for a player, as the tests read it.
type queuedMail struct {
	kind, subject, messageID, replyTo, text string
}

// turnSubject is the subject of a notification of moves: "…, move 3: …".
var turnSubject = regexp.MustCompile(`, move \d+(–\d+)?: `)

// kindOf names the kind of a mail the server sent by its subject (a
// refusal in either language: a test may have made its player French).
func kindOf(subject string) string {
	switch {
	case strings.Contains(subject, ", a new game"):
		return "invitation"
	case strings.HasPrefix(subject, "pbem: your mail"):
		return "notice"
	case strings.HasPrefix(subject, "pbem: your turn in"):
		return "digest"
	case strings.HasSuffix(subject, ", the game is over"):
		return "over"
	case strings.HasSuffix(subject, " says"):
		return "chat"
	case strings.HasSuffix(subject, ", your command was refused"), strings.HasSuffix(subject, ", votre commande a été refusée"):
		return "refusal"
	case turnSubject.MatchString(subject):
		return "turn"
	}
	return "other: " + subject
}

// queuedFor lists every mail queued for email, about a game or not, in
// order.
func (g *clockedGame) queuedFor(email string) []queuedMail {
	g.t.Helper()
	var out []queuedMail
	for _, m := range g.allQueuedTo(email) {
		h := headerOfMail(g.t, m.Raw)
		subject, err := h.Subject()
		require.NoError(g.t, err)
		q := queuedMail{kind: kindOf(subject), subject: subject, messageID: m.MessageID, text: textOf(g.t, m.Raw)}
		if addrs, err := h.AddressList("Reply-To"); err == nil && len(addrs) > 0 {
			q.replyTo = addrs[0].Address
		}
		out = append(out, q)
	}
	return out
}

// kinds are the kinds of mails.
func kinds(mails []queuedMail) []string {
	var out []string
	for _, m := range mails {
		out = append(out, m.kind)
	}
	return out
}

// moveLines counts the moves a turn mail tells, a "Move N:" line each.
var moveLines = regexp.MustCompile(`(?m)^Move \d+: `)

// TestMailPrefsOverAFourPlayerGame plays a four-player Amplitude game by
// mail: Ann keeps the default, Bob chose every, Cyd turn and Dee a digest
// at 08:00. Each gets exactly what they chose: Ann and Bob a mail for
// every move, Cyd one when the turn comes to them, telling every move
// since their own, Dee none; chat goes to all. At 08:00 the next day
// Dee's digest lists exactly the games where it is their turn; a reply
// to it plays a line per game, each game on its own (a refusal in one
// undoes nothing in another), once however often it comes, and only from
// Dee with Dee's token.
func TestMailPrefsOverAFourPlayerGame(t *testing.T) {
	g := newClockedGame(t, "amplitude", nil, "ann", "bob", "cyd", "dee")
	ctx := context.Background()
	ann, bob, cyd, dee := "ann@example.org", "bob@example.org", "cyd@example.org", "dee@example.org"
	everyone := []string{ann, bob, cyd, dee}
	want := map[string][]string{ann: {"invitation"}, bob: {"invitation"}, cyd: {"invitation"}, dee: {"invitation"}}
	for i, c := range []struct{ who, body, says string }{
		{bob, "mail every", "a mail for every move"},
		{cyd, "Mail turn.", "only when it is your turn"},
		{dee, "mail digest 8:00", "one mail a day at 08:00 UTC, the first on Wed 2 Dec 2026 08:00 UTC"},
	} {
		require.Equal(t, mailer.Accepted, g.send(c.who, fmt.Sprintf("pref%d@x", i), c.body), c.body)
		want[c.who] = append(want[c.who], "notice")
		mails := g.queuedFor(c.who)
		assert.Contains(t, flat(mails[len(mails)-1].text), c.says)
	}
	seats := map[string]int{}
	for _, seat := range g.row().Seats {
		seats[seat.Email] = seat.Seat
	}
	assert.Equal(t, []string{store.MailEvery, store.MailEvery, store.MailTurn, store.MailDigest},
		[]string{g.row().Seats[0].Mail, g.row().Seats[1].Mail, g.row().Seats[2].Mail, g.row().Seats[3].Mail})

	// The script: moves by mail until two rounds are played and Dee is to
	// move, and a chat line from Ann on the way.
	cydLast := 0 // the move number of Cyd's last move, 0 for none
	for n := 1; n < 40 && (n <= 8 || g.mover() != dee); n++ {
		if n == 3 {
			require.Equal(t, mailer.Accepted, g.send(ann, "say@x", "say good luck, all"))
			for _, who := range []string{bob, cyd, dee} {
				want[who] = append(want[who], "chat")
			}
		}
		mover, move := g.toMove()
		require.Equal(t, mailer.Accepted, g.send(mover, fmt.Sprintf("move%d@x", n), move), move)
		if mover == cyd {
			cydLast = n
		}
		want[ann], want[bob] = append(want[ann], "turn"), append(want[bob], "turn")
		if g.mover() == cyd {
			want[cyd] = append(want[cyd], "turn")
			mails := g.queuedFor(cyd)
			told := n - max(cydLast, 1) + 1
			assert.Len(t, moveLines.FindAllString(mails[len(mails)-1].text, -1), told,
				"after move %d Cyd is told every move since their own (move %d)", n, cydLast)
		}
	}
	require.Equal(t, dee, g.mover())
	for _, who := range everyone {
		assert.Equal(t, want[who], kinds(g.queuedFor(who)), who)
	}
	assert.Contains(t, want[cyd], "turn")
	assert.NotContains(t, want[dee], "turn")

	// Two more games of Dee's: one waits for Dee, the other for Bob.
	waits := g.newGameToMove(dee, ann, dee)
	other := g.newGameToMove(bob, bob, dee)
	for _, who := range everyone {
		want[who] = kinds(g.queuedFor(who))
	}

	done, err := g.srv.Deadlines(ctx, time.Date(2026, 12, 2, 7, 59, 0, 0, time.UTC))
	require.NoError(t, err)
	assert.Zero(t, done.Digests, "not yet")
	g.clock.Advance(23 * time.Hour) // 2 Dec, 08:00
	for i := range 2 {
		done, err = g.srv.Deadlines(ctx, g.clock.Now())
		require.NoError(t, err)
		assert.Equal(t, Done{Digests: 1 - i}, done, "the digest, once")
	}
	want[dee] = append(want[dee], "digest")
	for _, who := range everyone {
		assert.Equal(t, want[who], kinds(g.queuedFor(who)), who)
	}
	mails := g.queuedFor(dee)
	digest := mails[len(mails)-1]
	assert.Equal(t, "pbem: your turn in 2 games", digest.subject)
	for _, id := range []int64{g.id, waits} {
		assert.Contains(t, digest.text, fmt.Sprintf("Amplitude, game %d · move #", id))
		to, _ := g.replyIn(id, dee)
		assert.Contains(t, flat(digest.text), "reply to "+to+" about this game alone")
	}
	assert.NotContains(t, digest.text, fmt.Sprintf("game %d ·", other), "not the game waiting for Bob")
	assert.Contains(t, digest.text, "Your rack: ", "the board as Dee sees it")
	pid, token, ok := mailer.ParseDigestAddress(digest.replyTo)
	require.True(t, ok, digest.replyTo)
	assert.Equal(t, g.row().Seats[seats[dee]].PlayerID, pid)
	p, err := g.st.Player(ctx, pid)
	require.NoError(t, err)
	assert.Equal(t, time.Date(2026, 12, 3, 8, 0, 0, 0, time.UTC), p.NextDigest, "the next tomorrow")

	// Like a stranger: a forged sender with the digest's address, Dee
	// with another player's digest token or a made-up one.
	_, first := g.toMove()
	before := map[int64]int{g.id: g.moveNumber(), waits: g.movesOf(waits), other: g.movesOf(other)}
	annToken := mailer.DigestToken(g.digestKey(), g.row().Seats[seats[ann]].PlayerID, 0)
	for i, c := range []struct{ from, to string }{
		{"mallory@example.org", digest.replyTo},
		{ann, digest.replyTo},
		{dee, strings.Replace(digest.replyTo, token, annToken, 1)},
		{dee, strings.Replace(digest.replyTo, token, strings.Repeat("a", 20), 1)},
	} {
		id := fmt.Sprintf("forged%d@x", i)
		assert.Equal(t, mailer.Rejected, g.handle(raw(c.from, c.to, id, "", fmt.Sprintf("game %d: %s", g.id, first))), "%+v", c)
		assert.Equal(t, store.Rejected, g.outcome(id), "%+v", c)
	}
	assert.Equal(t, before[g.id], g.moveNumber(), "none of them plays")
	for _, who := range everyone {
		want[who] = kinds(g.queuedFor(who)) // the strangers' explanations
	}

	// The reply: a line for each game waiting, and one for the game that
	// does not, which is refused alone.
	_, second, _ := nextMove(t, g.srv, waits)
	_, late, _ := nextMove(t, g.srv, other)
	body := fmt.Sprintf("Hi all,\n\ngame %d: %s\ngame #%d: %s\nGame %d: %s\n\nDee", g.id, first, other, late, waits, second)
	reply := raw(dee, digest.replyTo, "digest1@x", digest.messageID, body)
	assert.Equal(t, mailer.Accepted, g.handle(reply))
	assert.Equal(t, before[g.id]+1, g.moveNumber(), "the first game's line plays")
	assert.Equal(t, before[waits]+1, g.movesOf(waits), "and the second's")
	assert.Equal(t, before[other], g.movesOf(other), "not Dee's turn there: refused, and the others stand")
	for _, id := range []int64{g.id, waits} {
		moves, err := g.st.Moves(ctx, id)
		require.NoError(t, err)
		assert.Equal(t, "digest1@x", moves[len(moves)-1].MessageID, "game %d", id)
	}
	want[dee] = append(want[dee], "refusal")
	want[ann], want[bob] = append(want[ann], "turn"), append(want[bob], "turn")
	if g.mover() == cyd {
		want[cyd] = append(want[cyd], "turn")
	}
	want[ann] = append(want[ann], "turn") // Dee's move in the game with Ann
	for _, who := range everyone {
		assert.Equal(t, want[who], kinds(g.queuedFor(who)), who)
	}
	outcome, detail, err := g.st.InboundOutcome(ctx, "digest1@x")
	require.NoError(t, err)
	assert.Equal(t, store.Applied, outcome)
	assert.Equal(t, fmt.Sprintf("digest reply: game %d applied, game %d refused, game %d applied", g.id, other, waits), detail)

	assert.Equal(t, mailer.Accepted, g.handle(reply), "the same reply again")
	assert.Equal(t, before[g.id]+1, g.moveNumber(), "plays nothing twice")
	assert.Equal(t, before[waits]+1, g.movesOf(waits))
	for _, who := range everyone {
		assert.Equal(t, want[who], kinds(g.queuedFor(who)), "%s: nothing more", who)
	}

	// The next day nothing waits for Dee: no digest, and the next moves on.
	g.clock.Advance(24 * time.Hour)
	done, err = g.srv.Deadlines(ctx, g.clock.Now())
	require.NoError(t, err)
	assert.Zero(t, done.Digests)
	p, err = g.st.Player(ctx, pid)
	require.NoError(t, err)
	assert.Equal(t, time.Date(2026, 12, 4, 8, 0, 0, 0, time.UTC), p.NextDigest)
	for _, id := range []int64{g.id, waits, other} {
		require.NoError(t, g.srv.Records().Verify(ctx, id))
	}
}

// newGameToMove creates a two-player Amplitude game between a and b and
// plays by the engine's choice until who is to move.
func (g *clockedGame) newGameToMove(who, a, b string) int64 {
	g.t.Helper()
	ctx := context.Background()
	id, err := g.srv.Create(ctx, core.NewGame{Game: "amplitude", Players: []core.Player{{Email: a}, {Email: b}}, Seed: seed(uint64(len(a) + 7))})
	require.NoError(g.t, err)
	for range 3 {
		mover, move, ok := nextMove(g.t, g.srv, id)
		require.True(g.t, ok)
		if mover == who {
			return id
		}
		_, err := g.srv.Play(ctx, id, mover, move, "")
		require.NoError(g.t, err)
	}
	g.t.Fatalf("game %d never came to %s", id, who)
	return 0
}

// movesOf is the number of moves game id holds.
func (g *clockedGame) movesOf(id int64) int {
	g.t.Helper()
	row, err := g.st.Game(context.Background(), id)
	require.NoError(g.t, err)
	return row.MoveNumber
}

// replyIn is the reply address and thread of the last mail of game id
// sent to email.
func (g *clockedGame) replyIn(id int64, email string) (to, inReplyTo string) {
	g.t.Helper()
	other := *g.mailGame
	other.id = id
	return other.reply(email)
}

// digestKey is the server's digest key.
func (g *clockedGame) digestKey() []byte {
	g.t.Helper()
	key, err := g.srv.mail.digestKey(context.Background())
	require.NoError(g.t, err)
	return key
}

// TestMailPrefEndOfGame: when a game ends, the players who chose turn
// and digest are told, with every move since their own last.
func TestMailPrefEndOfGame(t *testing.T) {
	g := newClockedGame(t, "amplitude", nil, "ann", "bob", "cyd")
	ctx := context.Background()
	ann, bob, cyd := "ann@example.org", "bob@example.org", "cyd@example.org"
	require.NoError(t, g.setMail(bob, "turn"))
	require.NoError(t, g.setMail(cyd, "digest 07:30"))
	for n := 1; n <= 4; n++ {
		mover, move := g.toMove()
		require.Equal(t, mailer.Accepted, g.send(mover, fmt.Sprintf("m%d@x", n), move))
	}
	before := map[string]int{}
	for _, who := range []string{ann, bob, cyd} {
		before[who] = len(g.queuedFor(who))
	}
	news := func(who string) []string { return kinds(g.queuedFor(who)[before[who]:]) }
	_, err := g.srv.Play(ctx, g.id, ann, "resign", "")
	require.NoError(t, err)
	assert.Equal(t, []string{"turn"}, news(ann))
	if g.mover() == bob {
		assert.Equal(t, []string{"turn"}, news(bob), "Ann's resignation gave Bob the turn")
	} else {
		assert.Empty(t, news(bob))
	}
	_, err = g.srv.Play(ctx, g.id, bob, "resign", "") // two of three resign: the third wins
	require.NoError(t, err)
	require.Equal(t, store.StatusFinished, g.row().Status)
	for _, who := range []string{ann, bob} {
		// They left the game: its mails still queued to them are dropped
		// (store.DroppedLeft), and its end still goes.
		got := kinds(g.queuedFor(who))
		assert.NotContains(t, got, "turn", who)
		assert.Equal(t, "over", got[len(got)-1], who)
	}
	assert.Equal(t, []string{"over"}, news(cyd))

	moves, err := g.st.Moves(ctx, g.id)
	require.NoError(t, err)
	told := 0
	for i := len(moves) - 1; i >= 0; i-- {
		if !moves[i].Aside {
			told++
		}
		if moves[i].Seat == g.seatOf(cyd) && !moves[i].Aside {
			break
		}
	}
	mails := g.queuedFor(cyd)
	assert.Len(t, moveLines.FindAllString(mails[len(mails)-1].text, -1), told, "the end tells Cyd every move since their own")
}

// seatOf is the seat of the player at email.
func (g *clockedGame) seatOf(email string) int {
	g.t.Helper()
	for _, seat := range g.row().Seats {
		if seat.Email == email {
			return seat.Seat
		}
	}
	g.t.Fatalf("%s has no seat", email)
	return -1
}

// setMail sets the mail preference of the player at email.
func (g *clockedGame) setMail(email, spec string) error {
	_, err := g.srv.Accounts().SetMailPref(context.Background(), email, spec)
	return err
}

// TestMailPrefRefusals: a preference that does not read is refused in a
// sentence, by mail and on the command line, and changes nothing.
func TestMailPrefRefusals(t *testing.T) {
	g := newClockedGame(t, "amplitude", nil, "ann", "bob")
	ctx := context.Background()
	ann := "ann@example.org"
	for i, c := range []struct{ body, says string }{
		{"mail digest 25:00", `"25:00" is not a time of day: write mail digest 08:30`},
		{"mail digest 8:60", `"8:60" is not a time of day`},
		{"mail weekly", "write mail every"},
		{"mail turn\nboard", "mail goes alone in its mail"},
	} {
		id := fmt.Sprintf("bad%d@x", i)
		assert.Equal(t, mailer.Rejected, g.send(ann, id, c.body), c.body)
		outcome, detail, err := g.st.InboundOutcome(ctx, id)
		require.NoError(t, err)
		assert.Equal(t, store.Refused, outcome, c.body)
		assert.Contains(t, detail, c.says, c.body)
		mails := g.queuedFor(ann)
		assert.Equal(t, "refusal", mails[len(mails)-1].kind, c.body)
	}
	assert.Equal(t, store.MailEvery, g.row().Seats[0].Mail)

	for _, c := range []struct{ address, spec, says string }{
		{ann, "digest 25:00", "is not a time of day"},
		{ann, "digest", "is not a time of day"},
		{ann, "hourly", "write mail every"},
		{ann, "every please", "write mail every"},
		{"nobody@example.net", "turn", "plays no game here"},
	} {
		_, err := g.srv.Accounts().SetMailPref(ctx, c.address, c.spec)
		require.Error(t, err, c.spec)
		assert.True(t, engine.IsRefusal(err), "%v", err)
		assert.Contains(t, err.Error(), c.says, c.spec)
	}
	text, err := g.srv.Accounts().SetMailPref(ctx, ann, "DIGEST 23:59")
	require.NoError(t, err)
	assert.Contains(t, text, "at 23:59 UTC, the first on Tue 1 Dec 2026 23:59 UTC")
	text, err = g.srv.Accounts().SetMailPref(ctx, ann, "digest 09:00")
	require.NoError(t, err)
	assert.Contains(t, text, "the first on Wed 2 Dec 2026 09:00 UTC", "09:00 has come today: tomorrow")
}

// TestMailPrefDigestReplyAnswers: a reply to a digest that names no game
// is answered with how to write one, once an hour at most; one naming a
// game 0 is refused; stop in it silences the address.
func TestMailPrefDigestReplyAnswers(t *testing.T) {
	g := newClockedGame(t, "amplitude", nil, "ann", "bob")
	ctx := context.Background()
	mover := g.mover()
	require.NoError(t, g.setMail(mover, "digest 09:30"))
	g.clock.Advance(30 * time.Minute)
	done, err := g.srv.Deadlines(ctx, g.clock.Now())
	require.NoError(t, err)
	require.Equal(t, 1, done.Digests)
	mails := g.queuedFor(mover)
	digest := mails[len(mails)-1]
	require.Equal(t, "digest", digest.kind)

	count := func() int { return len(g.queuedFor(mover)) }
	n := count()
	assert.Equal(t, mailer.Accepted, g.handle(raw(mover, digest.replyTo, "none1@x", digest.messageID, "Thanks for the digest!")))
	require.Equal(t, n+1, count())
	assert.Contains(t, flat(g.queuedFor(mover)[n].text), "named no game, so nothing was played")
	assert.Equal(t, mailer.Accepted, g.handle(raw(mover, digest.replyTo, "none2@x", digest.messageID, "Thanks again!")))
	assert.Equal(t, n+1, count(), "once an hour at most")
	assert.Equal(t, store.Ignored, g.outcome("none2@x"))

	g.clock.Advance(time.Hour)
	assert.Equal(t, mailer.Rejected, g.handle(raw(mover, digest.replyTo, "zero@x", digest.messageID, "game 0: pass")))
	assert.Equal(t, store.Refused, g.outcome("zero@x"))
	assert.Contains(t, flat(g.queuedFor(mover)[n+1].text), "Game 0 is no game")

	_, move := g.toMove()
	assert.Equal(t, mailer.Accepted, g.handle(raw(mover, "", "ref@x", digest.messageID, fmt.Sprintf("game %d: %s", g.id, move))),
		"the digest's Message-ID in References is enough")
	assert.Equal(t, 1, g.moveNumber())

	assert.Equal(t, mailer.Accepted, g.handle(raw(mover, digest.replyTo, "stop@x", digest.messageID, "stop")))
	silenced, err := g.st.Silenced(ctx, mover)
	require.NoError(t, err)
	assert.True(t, silenced)
}

// TestMailLaneOfDigestReply: the replies to one player's digest share a
// lane, apart from any game's.
func TestMailLaneOfDigestReply(t *testing.T) {
	g := newClockedGame(t, "amplitude", nil, "ann", "bob")
	addr, err := mailer.DigestAddress("pbem@localhost", 5, mailer.DigestToken([]byte("k"), 5, 0))
	require.NoError(t, err)
	assert.Equal(t, "digest 5", g.srv.MailLane(raw("ann@example.org", addr, "l@x", "", "game 1: pass")))
}
