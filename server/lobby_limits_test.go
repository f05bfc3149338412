package server

import (
	"context"
	"path/filepath"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"pbem/engine"
	"pbem/engine/chiffres"
	"pbem/internal/fakeclock"
	"pbem/store"
)

// TestLobbyLimitsByMail: a player past the operator's games a day, then
// past the games running, asks for one more game by mail and is told,
// politely, which limit and when it lifts; nothing is created.
func TestLobbyLimitsByMail(t *testing.T) {
	for _, c := range []struct {
		name   string
		policy LobbyPolicy
		wait   time.Duration // before the last try, so that only this limit holds
		says   string
	}{
		{"games a day", LobbyPolicy{GamesPerDay: 2, GamesRunning: 10}, 0, "2 games"},
		{"games running", LobbyPolicy{GamesPerDay: 10, GamesRunning: 2}, 25 * time.Hour, "2 games"},
	} {
		t.Run(c.name, func(t *testing.T) {
			clock := fakeclock.New(time.Date(2026, 12, 1, 9, 0, 0, 0, time.UTC))
			st, err := store.Open(context.Background(), filepath.Join(t.TempDir(), "pbem.db"), clock.Now)
			require.NoError(t, err)
			t.Cleanup(func() { st.Close() })
			srv, err := New(st, engine.NewRegistry(chiffres.Game{}), Config{Now: clock.Now, Address: "games@example.org", Lobby: c.policy, AuthservID: testAuthservID})
			require.NoError(t, err)
			g := &clockedGame{mailGame: &mailGame{t: t, srv: srv, st: st}, clock: clock}
			_, err = srv.Lobby().RegisterPlayer(context.Background(), "ann@example.org", "Ann")
			require.NoError(t, err)

			games := func() int {
				n, err := st.GamesRunningBy(context.Background(), mustPlayer(t, st, "ann@example.org"))
				require.NoError(t, err)
				return n
			}
			for range 2 {
				g.lobbySend("ann@example.org", "", "", "new chiffres open 1")
			}
			require.Equal(t, 2, games(), "two games waiting for a player")
			clock.Advance(c.wait)
			g.lobbySend("ann@example.org", "", "", "new chiffres open 1")
			assert.Equal(t, 2, games(), "the third is refused")
			last := g.last("ann@example.org")
			assert.Contains(t, flat(last.text), c.says)
			assert.NotContains(t, last.text, "error")
		})
	}
}

// mustPlayer is the ID of the player who owns address.
func mustPlayer(t *testing.T, st *store.Store, address string) int64 {
	t.Helper()
	pid, err := st.PlayerID(context.Background(), address)
	require.NoError(t, err)
	return pid
}
