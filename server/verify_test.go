package server

import (
	"pbem/server/core"

	"context"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestVerifyAllInParallel: with several workers every game is replayed
// once, the ones tampered with are named, and progress counts each game
// in order to the total.
func TestVerifyAllInParallel(t *testing.T) {
	ctx := context.Background()
	srv, st := newTestServer(t)
	id, err := srv.Create(ctx, core.NewGame{Game: "amplitude", Bots: []string{"R1", "R2"}, Seed: seed(42)})
	require.NoError(t, err)
	cloneGame(t, st, id, 7)
	db := rawDB(t, st)
	defer db.Close()
	_, err = db.Exec(`UPDATE games SET state = (SELECT state FROM moves WHERE game_id = ?1 AND number = 1) WHERE id = ?1`, id+2)
	require.NoError(t, err)
	_, err = db.Exec(`UPDATE moves SET score = score + 1 WHERE game_id = ? AND number = 2`, id+6)
	require.NoError(t, err)

	var counts []int
	ok, failed, err := srv.Records().VerifyAll(ctx, 3, func(done, total int) {
		assert.Equal(t, 8, total)
		counts = append(counts, done)
	})
	require.NoError(t, err)
	assert.Equal(t, 6, ok)
	require.Len(t, failed, 2)
	assert.ErrorContains(t, failed[id+2], "current state")
	assert.ErrorContains(t, failed[id+6], "move 2")
	assert.Equal(t, []int{1, 2, 3, 4, 5, 6, 7, 8}, counts)
}
