package server

import (
	"context"
	"fmt"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"pbem/mailer"
	"pbem/store"
)

// TestDigestAddressRevokedByEveryRekey: a digest's reply address keeps
// playing until a rekey — the operator's of the whole game, the
// operator's of the player's seat, or the player's own rekey mail — and
// then plays nothing: the mail is rejected and the player told, at their
// own address, once a day. The digest that comes after carries a new
// address, which plays.
func TestDigestAddressRevokedByEveryRekey(t *testing.T) {
	for _, rekey := range []struct {
		name string
		do   func(g *clockedGame, ann string)
	}{
		{"game rekey", func(g *clockedGame, _ string) {
			_, err := g.srv.Rekeys().Rekey(context.Background(), g.id, "")
			require.NoError(g.t, err)
		}},
		{"game rekey --seat", func(g *clockedGame, ann string) {
			_, err := g.srv.Rekeys().Rekey(context.Background(), g.id, ann)
			require.NoError(g.t, err)
		}},
		{"rekey by mail", func(g *clockedGame, ann string) {
			require.Equal(g.t, mailer.Accepted, g.send(ann, "rekey@x", "rekey"))
		}},
	} {
		t.Run(rekey.name, func(t *testing.T) {
			g := newClockedGame(t, "amplitude", nil, "ann", "bob")
			ctx := context.Background()
			ann := "ann@example.org"
			if g.mover() != ann {
				mover, move := g.toMove()
				require.Equal(t, mailer.Accepted, g.send(mover, "first@x", move))
			}
			require.Equal(t, ann, g.mover())
			require.Equal(t, mailer.Accepted, g.send(ann, "pref@x", "mail digest 8:00"))

			digest := func(day int) queuedMail {
				g.clock.Advance(time.Date(2026, 12, day, 8, 0, 0, 0, time.UTC).Sub(g.clock.Now()))
				done, err := g.srv.Deadlines(ctx, g.clock.Now())
				require.NoError(t, err)
				require.Equal(t, 1, done.Digests)
				mails := g.queuedFor(ann)
				return mails[len(mails)-1]
			}
			old := digest(2)
			rekey.do(g, ann)

			_, move := g.toMove()
			before := g.moveNumber()
			body := fmt.Sprintf("game %d: %s", g.id, move)
			assert.Equal(t, mailer.Rejected, g.handle(raw(ann, old.replyTo, "old@x", "", body)))
			out, detail, err := g.st.InboundOutcome(ctx, "old@x")
			require.NoError(t, err)
			assert.Equal(t, store.Rejected, out)
			assert.Contains(t, detail, "revoked digest token")
			assert.Equal(t, before, g.moveNumber(), "nothing played")
			told := g.queuedFor(ann)
			assert.Contains(t, flat(told[len(told)-1].text), "a rekey replaced: nothing was played", "the player is told")

			assert.Equal(t, mailer.Rejected, g.handle(raw(ann, old.replyTo, "old2@x", "", body)))
			assert.Len(t, g.queuedFor(ann), len(told), "told once a day")

			fresh := digest(3)
			require.NotEqual(t, old.replyTo, fresh.replyTo)
			assert.Equal(t, mailer.Accepted, g.handle(raw(ann, fresh.replyTo, "new@x", "", body)))
			assert.Equal(t, before+1, g.moveNumber(), "the new digest's address plays")
		})
	}
}
