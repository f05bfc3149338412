package upkeep

import (
	"context"
	"os"
	"time"

	"pbem/mailer"
	"pbem/store"
)

// BeatEvery is how often the daemon writes its heartbeat. pbem status
// takes a beat older than 30 s (six missed) for a daemon that is not
// running.
const BeatEvery = 5 * time.Second

// Beater writes the heartbeat of pbem serve (store.Heartbeat, name
// "serve"): at start, every BeatEvery, and a last one when it stops, so
// that pbem status, another process, tells whether the daemon runs and how
// its IMAP connection is.
type Beater struct {
	u       Upkeep
	imap    *mailer.ReceiverStatus // nil when no receiver runs: state off
	started time.Time
	pid     int
}

// Beater returns the daemon's heartbeat writer; imap follows its receiver,
// nil when it has none.
func (u Upkeep) Beater(imap *mailer.ReceiverStatus) *Beater {
	return &Beater{u: u, imap: imap, started: u.now(), pid: os.Getpid()}
}

// Beat writes one beat: the receiver's state and last error now.
func (b *Beater) Beat(ctx context.Context) error {
	st := b.imap.State()
	return b.write(ctx, st.State, st.LastError)
}

func (b *Beater) write(ctx context.Context, imap, lastError string) error {
	return b.u.Store.Beat(ctx, store.Heartbeat{Name: "serve", PID: b.pid, StartedAt: b.started, BeatAt: b.u.now(),
		IMAP: imap, LastError: lastError})
}

// Run beats at once, then every BeatEvery until ctx is done. A beat that
// fails (the database busy) is told to failed and tried at the next tick:
// a missed beat is no reason to stop serving.
func (b *Beater) Run(ctx context.Context, failed func(error)) {
	t := time.NewTicker(BeatEvery)
	defer t.Stop()
	for {
		if err := b.Beat(ctx); err != nil && ctx.Err() == nil {
			failed(err)
		}
		select {
		case <-ctx.Done():
			return
		case <-t.C:
		}
	}
}

// Stopped writes the last beat, state mailer.IMAPStopped, with why the
// daemon stopped when an error stopped it ("" for a signal).
func (b *Beater) Stopped(ctx context.Context, why error) error {
	words := ""
	if why != nil {
		words = mailer.Redact(why.Error())
	}
	return b.write(ctx, mailer.IMAPStopped, words)
}
