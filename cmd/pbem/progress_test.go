package main

import (
	"bytes"
	"io"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestProgressLine(t *testing.T) {
	for _, c := range []struct {
		done, total int
		elapsed     time.Duration
		want        string
	}{
		{0, 10000, 0, "verify 0/10000 games 0%"},
		{4120, 10000, 3 * time.Second, "verify 4120/10000 games 41% 1373/s 4s left"},
		{10000, 10000, 8 * time.Second, "verify 10000/10000 games 100% 1250/s 0s left"},
		{0, 0, time.Second, "verify 0/0 games 100%"},
	} {
		assert.Equal(t, c.want, progressLine("verify", "games", c.done, c.total, c.elapsed))
	}
}

// TestProgressDrawsOnTerminalsOnly: a pipe or a file gets no progress; on
// a terminal the line is rewritten in place at most every tick, the last
// count always drawn, then cleared.
func TestProgressDrawsOnTerminalsOnly(t *testing.T) {
	file, err := os.Create(filepath.Join(t.TempDir(), "err"))
	require.NoError(t, err)
	defer file.Close()
	var buf bytes.Buffer
	for _, w := range []io.Writer{&buf, file} {
		p := newProgress(w, "verify", "games")
		assert.Nil(t, p, "%T is no terminal", w)
		p.update(1, 2) // a nil progress draws nothing
		p.clear()
	}
	assert.Zero(t, buf.Len())

	start := time.Date(2026, 12, 1, 12, 0, 0, 0, time.UTC)
	now := start
	p := &progress{w: &buf, what: "verify", unit: "games", now: func() time.Time { return now }, start: start, tick: 100 * time.Millisecond}
	now = now.Add(time.Second)
	p.update(1, 3)
	now = now.Add(10 * time.Millisecond)
	p.update(2, 3) // within the tick: not drawn
	now = now.Add(10 * time.Millisecond)
	p.update(3, 3) // the last: drawn
	p.clear()
	assert.Equal(t, "\rverify 1/3 games 33% 1/s 2s left\x1b[K\rverify 3/3 games 100% 3/s 0s left\x1b[K\r\x1b[K", buf.String())
}
