package main

import (
	"fmt"
	"io"
	"os"
	"time"
)

// progress is a line on a terminal rewritten in place as a long command
// goes (game verify --all): the count done out of all, the rate and the
// time left. It draws at most every tick, and always the last count.
type progress struct {
	w     io.Writer
	what  string // "verify", the line's first word
	unit  string // "games"
	now   func() time.Time
	start time.Time
	drawn time.Time
	tick  time.Duration
}

// newProgress is a progress line on w when w is a terminal, nil
// otherwise: a pipe or a file gets none of it. A nil *progress does
// nothing.
func newProgress(w io.Writer, what, unit string) *progress {
	if !isTerminal(w) {
		return nil
	}
	return &progress{w: w, what: what, unit: unit, now: time.Now, start: time.Now(), tick: 100 * time.Millisecond}
}

// isTerminal says whether w is a character device, a terminal, as
// os.File's mode tells without golang.org/x/term.
func isTerminal(w io.Writer) bool {
	f, ok := w.(*os.File)
	if !ok {
		return false
	}
	fi, err := f.Stat()
	return err == nil && fi.Mode()&os.ModeCharDevice != 0
}

// update draws done of total, unless the last drawing is under a tick old
// and this is not the last count.
func (p *progress) update(done, total int) {
	if p == nil {
		return
	}
	now := p.now()
	if done < total && now.Sub(p.drawn) < p.tick {
		return
	}
	p.drawn = now
	fmt.Fprintf(p.w, "\r%s\x1b[K", progressLine(p.what, p.unit, done, total, now.Sub(p.start)))
}

// clear removes the line, leaving the cursor where it began.
func (p *progress) clear() {
	if p == nil {
		return
	}
	fmt.Fprint(p.w, "\r\x1b[K")
}

// progressLine is "verify 4120/10000 games 41% 1375/s 4s left" after
// elapsed: the rate so far, and the time left at that rate.
func progressLine(what, unit string, done, total int, elapsed time.Duration) string {
	pct := 100
	if total > 0 {
		pct = done * 100 / total
	}
	line := fmt.Sprintf("%s %d/%d %s %d%%", what, done, total, unit, pct)
	if done == 0 || elapsed <= 0 {
		return line
	}
	rate := float64(done) / elapsed.Seconds()
	left := time.Duration(float64(total-done) / rate * float64(time.Second))
	return fmt.Sprintf("%s %.0f/s %s left", line, rate, left.Round(time.Second))
}
