package store

import (
	"context"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// countedKeys keys a name by its lower case under version, counting the
// names it keys in *n.
func countedKeys(version string, n *int) NameKeys {
	return NameKeys{Version: version, Of: func(name string) string {
		*n++
		return strings.ToLower(name)
	}}
}

// TestPlayerNamedLike: the players of a database from before name keys
// are keyed at the first lookup, once; a name changed by any statement is
// keyed again, and only it; a player is never like themself; a new
// version of the keys keys every name again.
func TestPlayerNamedLike(t *testing.T) {
	ctx := context.Background()
	path := filepath.Join(t.TempDir(), "old.db")
	old, err := openRaw(path, fixedClock())
	require.NoError(t, err)
	require.NoError(t, old.migrate(ctx, versionOf(t, "name_keys")-1))
	for _, p := range [][2]string{{"ann@example.org", "Ann"}, {"bob@example.org", "Bob"}, {"cyd@example.org", ""}} {
		_, err := old.db.Exec(`INSERT INTO players (email, name, created_at) VALUES (?, ?, ?)`, p[0], p[1], old.stamp())
		require.NoError(t, err)
	}
	require.NoError(t, old.Close())
	s, err := Open(ctx, path, fixedClock())
	require.NoError(t, err)
	defer s.Close()
	ann, err := s.PlayerID(ctx, "ann@example.org")
	require.NoError(t, err)

	var n int
	keys := countedKeys("v1", &n)
	p, err := s.PlayerNamedLike(ctx, keys, "ANN", 0)
	require.NoError(t, err)
	assert.Equal(t, "Ann", p.Name)
	assert.Equal(t, 3+1, n, "the three players keyed, and the name looked up")
	n = 0
	_, err = s.PlayerNamedLike(ctx, keys, "ann", ann)
	assert.ErrorIs(t, err, ErrNotFound, "Ann is not like another player")
	assert.Equal(t, 1, n, "nothing keyed again")
	_, err = s.PlayerNamedLike(ctx, keys, "", 0)
	assert.ErrorIs(t, err, ErrNotFound, "no name is like no one's, Cyd's included")

	bob, err := s.PlayerID(ctx, "bob@example.org")
	require.NoError(t, err)
	_, err = s.ChangeAccount(ctx, AccountChange{PlayerID: bob, Name: "Robert"})
	require.NoError(t, err)
	_, err = s.CreateGame(ctx, NewGame{Type: "amplitude", Secret: []byte("k"), State: []byte("s"),
		Seats: []NewSeat{{Email: "dee@example.org", Name: "Dee"}, {Email: "cyd@example.org", Name: "Cyd"}, {Email: "ann@example.org"}}})
	require.NoError(t, err)
	n = 0
	_, err = s.PlayerNamedLike(ctx, keys, "bob", 0)
	assert.ErrorIs(t, err, ErrNotFound, "Bob is Robert now")
	assert.Equal(t, 3+1, n, "Robert, Dee and Cyd keyed: Ann's name did not change")
	for _, name := range []string{"ROBERT", "dee", "Cyd", "Ann"} {
		_, err := s.PlayerNamedLike(ctx, keys, name, 0)
		assert.NoError(t, err, name)
	}

	n = 0
	_, err = s.PlayerNamedLike(ctx, countedKeys("v2", &n), "Dee", 0)
	require.NoError(t, err)
	assert.Equal(t, 4+1, n, "a new version keys every player again")
}

// versionOf is the schema version of the migration whose file name holds
// name.
func versionOf(t *testing.T, name string) int {
	t.Helper()
	for i, m := range migrations {
		if strings.Contains(m.name, name) {
			return i + 1
		}
	}
	t.Fatalf("no migration %s", name)
	return 0
}
