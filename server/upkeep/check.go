package upkeep

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"time"

	"pbem/store"
)

// The daemon's full checks of the database (see store.Integrity): a mail
// reads only its own rows, and SQLite reports the damage it meets there
// (store.ErrCorrupt), but a damaged page no mail has read yet is found only
// by reading the whole file, which takes seconds a GB. pbem serve does it
// in the background when it starts (its first mail does not wait for it),
// then every server.check_every, and soon after a mail met damage. When a
// check finds damage, the daemon stops taking mail: it exits with the
// findings and what to do, the result recorded so that pbem status and
// /healthz say it, and it refuses to start again on that database until a
// check passes (pbem check) — writing on would spread the damage, or bury
// the moves a restore must then replay by hand.

// SoonGap is how long after a check one asked for soon (by a mail that met
// damage) waits at least: the same damaged rows, met by every retry of a
// mail, should not have the whole file read again and again.
const SoonGap = 10 * time.Minute

// CheckDatabase checks the whole database on behalf of by
// (store.CheckedByServe…) and records the result. A damaged database is a
// result, not an error, whether or not the damage let it be recorded; an
// error means no verdict, or a sound result that could not be recorded.
func (u Upkeep) CheckDatabase(ctx context.Context, by string) (store.Integrity, error) {
	r, err := u.Store.CheckIntegrity(ctx, by)
	if err != nil {
		return r, err
	}
	if err := u.Store.RecordIntegrity(ctx, r); err != nil && r.OK {
		return r, err
	}
	return r, nil
}

// Checker runs one full check of the database on behalf of serve and
// records it, as CheckDatabase does: the daemon runs it as pbem check in a
// process of its own (cmd/pbem), so that reading the whole file, and the
// long read transaction while mail is written, do not raise the daemon's
// own memory (by about 4 MiB at 100,000 games).
type Checker func(ctx context.Context) (store.Integrity, error)

// KeepChecking checks the database with check (CheckDatabase, by serve,
// when nil) at once, then every period and when soon receives (at most
// once every SoonGap), until ctx is done; every <= 0 checks only when
// asked. Each result, or the error of a check that reached none, goes to
// report. At the first damage found it returns the error of DamageError,
// for the daemon to stop with; else nil once ctx is done.
func (u Upkeep) KeepChecking(ctx context.Context, every time.Duration, soon <-chan struct{}, check Checker, report func(store.Integrity, error)) error {
	if check == nil {
		check = func(ctx context.Context) (store.Integrity, error) { return u.CheckDatabase(ctx, store.CheckedByServe) }
	}
	var last time.Time
	once := func() error {
		r, err := check(ctx)
		if ctx.Err() != nil {
			return nil
		}
		last = time.Now()
		report(r, err)
		if err == nil && !r.OK {
			return DamageError(r)
		}
		return nil
	}
	if err := once(); err != nil {
		return err
	}
	var tick <-chan time.Time
	if every > 0 {
		t := time.NewTicker(every)
		defer t.Stop()
		tick = t.C
	}
	for {
		select {
		case <-ctx.Done():
			return nil
		case <-tick:
		case <-soon:
			if time.Since(last) < SoonGap {
				continue
			}
		}
		if err := once(); err != nil {
			return err
		}
	}
}

// RefuseDamaged is DamageError of the database's last recorded check when
// it found damage; nil when it passed or none ran.
func (u Upkeep) RefuseDamaged(ctx context.Context) error {
	r, err := u.Store.LastIntegrity(ctx)
	switch {
	case errors.Is(err, store.ErrNotFound):
		return nil
	case err != nil:
		return err
	case !r.OK:
		return DamageError(r)
	}
	return nil
}

// DamageError is the error of a check that found the database damaged: a
// *DamageFound, which is store.ErrCorrupt.
func DamageError(r store.Integrity) error { return &DamageFound{r} }

// DamageFound is a full check's finding of damage, as an error: what
// SQLite found, when, and what to do.
type DamageFound struct{ Check store.Integrity }

func (d *DamageFound) Error() string {
	return fmt.Sprintf("%v: the full check of %s (by %s) found: %s; stop pbem (serve and the MTA's pipe), restore the last backup, "+
		"then run pbem check", store.ErrCorrupt, d.Check.At.UTC().Format(time.RFC3339), d.Check.By, strings.Join(d.Check.Findings, "; "))
}

// Unwrap makes a DamageFound store.ErrCorrupt.
func (d *DamageFound) Unwrap() error { return store.ErrCorrupt }
