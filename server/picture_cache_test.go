package server

import (
	"pbem/server/core"

	"context"
	"errors"
	"fmt"
	"path/filepath"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"pbem/engine"
	"pbem/engine/amplitude"
	"pbem/engine/chiffres"
	"pbem/engine/ludicitude"
	"pbem/mailer"
	"pbem/store"
)

// counted is a drawing of size bytes that counts the pictures it draws.
func counted(draws *atomic.Int32, size int) func(store.Picture) []byte {
	return func(p store.Picture) []byte {
		draws.Add(1)
		data := make([]byte, size)
		copy(data, p.Ref)
		return data
	}
}

// pics are n pictures named from first on.
func pics(first, n int) []store.Picture {
	var out []store.Picture
	for i := range n {
		out = append(out, store.Picture{Ref: fmt.Sprint(first + i)})
	}
	return out
}

// TestPicturesKeptUntilSent: pictures drawn ahead, many more than are
// kept once sent, each shown by two mails, are all kept until their mails
// are sent, each drawn once; once sent, the last keptPictures are kept and
// the others pushed out.
func TestPicturesKeptUntilSent(t *testing.T) {
	var d drawnPictures
	var draws atomic.Int32
	draw := counted(&draws, 100)
	const n = 3 * keptPictures
	for _, p := range pics(0, n) {
		d.waitFor([]store.Picture{p}, draw) // to one player
		d.waitFor([]store.Picture{p}, draw) // to the other
	}
	require.Eventually(t, d.idle, 10*time.Second, time.Millisecond)
	assert.Equal(t, int32(n), draws.Load(), "all drawn ahead")
	for _, p := range pics(0, n) {
		for range 2 {
			got, err := d.once(p.Ref, func() ([]byte, error) { return nil, errors.New("drawn again") })
			require.NoError(t, err, "kept for its mails: %s", p.Ref)
			assert.Equal(t, p.Ref, string(got[:len(p.Ref)]))
			d.sent([]string{p.Ref}, draw)
		}
	}
	assert.Equal(t, n, d.drawn(), "each drawn once")
	assert.Len(t, d.byRef, keptPictures, "the last sent kept")
	assert.Nil(t, d.get("0"))
	assert.NotNil(t, d.get(fmt.Sprint(n-1)))
	assert.Zero(t, d.pinned)
	assert.Zero(t, d.waited)
}

// TestPicturesAheadBounded: the draw-ahead stops while aheadBytes of
// pictures drawn wait for their mails and goes on as they are sent, each
// picture drawn once all the same.
func TestPicturesAheadBounded(t *testing.T) {
	var d drawnPictures
	var draws atomic.Int32
	const size = 100 << 10
	draw := counted(&draws, size)
	const n = 3 * aheadBytes / size
	all := pics(0, n)
	d.waitFor(all, draw)
	require.Eventually(t, d.idle, 10*time.Second, time.Millisecond)
	drawnAhead := int(draws.Load())
	assert.Less(t, drawnAhead, n, "stopped")
	assert.GreaterOrEqual(t, drawnAhead*size, aheadBytes, "up to aheadBytes")
	assert.LessOrEqual(t, d.pinned, aheadBytes+size)

	// Sent in turn: each drawn ahead or by its mail, once.
	for _, p := range all {
		_, err := d.once(p.Ref, func() ([]byte, error) { return draw(p), nil })
		require.NoError(t, err)
		d.sent([]string{p.Ref}, draw)
	}
	require.Eventually(t, d.idle, 10*time.Second, time.Millisecond)
	assert.Equal(t, int32(n), draws.Load())
	assert.Zero(t, d.pinned)
}

// TestPicturesWaitsBounded: mails composed and never sent do not hold
// their pictures for ever: past waitedMost pictures, or pinnedBytes, the
// oldest waits are forgotten.
func TestPicturesWaitsBounded(t *testing.T) {
	var d drawnPictures
	var draws atomic.Int32
	for _, p := range pics(0, waitedMost+10) {
		d.waitFor([]store.Picture{p}, counted(&draws, 10))
	}
	require.Eventually(t, d.idle, 10*time.Second, time.Millisecond)
	assert.Equal(t, waitedMost, d.waited)

	var e drawnPictures
	big := counted(&draws, pinnedBytes/4)
	for _, p := range pics(0, 8) {
		e.waitFor([]store.Picture{p}, big)
		_, err := e.once(p.Ref, func() ([]byte, error) { return big(p), nil }) // drawn by a mail sent to another
		require.NoError(t, err)
		require.Eventually(t, e.idle, 10*time.Second, time.Millisecond)
	}
	assert.LessOrEqual(t, e.pinned, pinnedBytes)
	assert.Positive(t, e.pinned)
}

// TestPicturesDrawnOnce: a picture asked for while it is being drawn is
// drawn once; a drawing that fails keeps nothing.
func TestPicturesDrawnOnce(t *testing.T) {
	var d drawnPictures
	_, err := d.once("x", func() ([]byte, error) { return nil, errors.New("store locked") })
	assert.ErrorContains(t, err, "store locked")
	assert.Nil(t, d.get("x"))

	release := make(chan struct{})
	var draws atomic.Int32
	slow := func() ([]byte, error) { draws.Add(1); <-release; return []byte("slow"), nil }
	var wg sync.WaitGroup
	for range 3 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			got, err := d.once("y", slow)
			assert.NoError(t, err)
			assert.Equal(t, []byte("slow"), got)
		}()
	}
	require.Eventually(t, func() bool { return draws.Load() == 1 }, 5*time.Second, time.Millisecond)
	time.Sleep(10 * time.Millisecond) // the others wait, and draw nothing
	close(release)
	wg.Wait()
	assert.Equal(t, int32(1), draws.Load(), "drawn once")
	assert.Equal(t, 1, d.drawn())
}

// TestBurstDrawsEachBoardOnce: 240 moves in 60 games (and their
// invitations), composed before any mail is sent, then sent, draw each
// distinct board once: the draw-ahead, which stops at aheadBytes, and the
// sender share the work, and no picture is pushed out before its mails
// are sent.
func TestBurstDrawsEachBoardOnce(t *testing.T) {
	ctx := context.Background()
	st, err := store.Open(ctx, filepath.Join(t.TempDir(), "pbem.db"), nil)
	require.NoError(t, err)
	t.Cleanup(func() { st.Close() })
	srv, err := New(st, engine.NewRegistry(amplitude.Game{}, chiffres.Game{}, ludicitude.Game{}), Config{})
	require.NoError(t, err)
	kinds := []string{"amplitude", "chiffres", "ludicitude"}
	const games, moves = 60, 4
	for i := range games {
		players := []core.Player{{Email: fmt.Sprintf("a%d@example.org", i)}, {Email: fmt.Sprintf("b%d@example.org", i)}}
		id, err := srv.Create(ctx, core.NewGame{Game: kinds[i%3], Players: players, Seed: seed(uint64(i))})
		require.NoError(t, err)
		for range moves {
			mover, move, ok := nextMove(t, srv, id)
			require.True(t, ok)
			_, err = srv.Play(ctx, id, mover, move, "")
			require.NoError(t, err)
		}
	}
	due, err := st.DueMails(ctx, time.Now().Add(time.Hour), 10*games*moves)
	require.NoError(t, err)
	boards := map[string]bool{}
	for _, m := range due {
		for _, ref := range mailer.Later(m.Raw) {
			boards[ref] = true
		}
	}
	require.Greater(t, len(boards), 64+keptPictures, "more boards than the old queue and cache held")
	t.Logf("%d mails, %d boards", len(due), len(boards))
	for _, m := range due {
		_, err := srv.FinishMail(ctx, m.Raw)
		require.NoError(t, err)
	}
	require.Eventually(t, srv.mail.drawn.idle, 10*time.Second, time.Millisecond)
	assert.Equal(t, len(boards), srv.mail.drawn.drawn(), "each board drawn once")
	assert.Zero(t, srv.mail.drawn.waited, "no picture waited for once its mails are sent")
	assert.LessOrEqual(t, len(srv.mail.drawn.byRef), keptPictures)
}
