package main

import (
	"pbem/server/upkeep"

	"context"
	"errors"
	"fmt"
	"log/slog"
	"os"
	"os/signal"
	"strings"
	"sync"
	"syscall"
	"time"

	"github.com/spf13/cobra"

	"pbem/config"
	"pbem/engine"
	"pbem/mailer"
	"pbem/metrics"
	"pbem/server"
	"pbem/store"
)

func newServeCmd(reg *engine.Registry) *cobra.Command {
	return &cobra.Command{
		Use:   "serve",
		Short: "Run the daemon: read replies over IMAP, play them, answer over SMTP",
		Long: `Run the daemon until SIGINT or SIGTERM: it reads the players' replies
from the IMAP mailbox (IDLE when the server offers it, polling otherwise),
applies them exactly once, lets computer seats play, and sends the mails
the outbox holds over SMTP, with retries. On a signal it finishes the mail
in hand, then stops.

Settings come from the configuration file and the environment (see
docs/operators.md): smtp.* and server.address at least. Without imap.addr the daemon
only sends: mail then arrives through pbem ingest, piped by the MTA.

It checks the whole database for damage (SQLite's quick_check) in the
background from its start, then every server.check_every: damage found
stops it, and it does not start on a database whose last check found
damage, until pbem check passes.

It logs on stderr (--log-format, --log-level): its start and stop, one
line per mail handled, sent or failed, and the IMAP connection's ups and
downs. With server.metrics it serves /metrics and /healthz.`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			cfg, err := settings(cmd)
			if err != nil {
				return err
			}
			if err := cfg.CheckDaemon(); err != nil {
				return exitWith(exitNo, fmt.Errorf("cannot serve: %w", err))
			}
			limitServeMemory()
			stopProfile, err := startProfile()
			if err != nil {
				return exitWith(exitNo, err)
			}
			defer stopProfile()
			log := logger(cmd)
			ctx, stop := untilSignal(context.Background())
			defer stop()
			var imap *mailer.ReceiverStatus
			if cfg.IMAP.Addr != "" {
				imap = &mailer.ReceiverStatus{}
				imap.Set(mailer.IMAPConnecting, nil)
			}
			// The metrics count the mails the server reports; they read
			// the store, opened with the server.
			var met *metrics.Metrics
			srv, st, err := openServerWith(ctx, cmd, reg, cfg, store.Options{}, func(h server.Handled) { met.Handled(h) })
			if err != nil {
				return err
			}
			defer st.Close()
			met = metrics.New(st, imap)
			if err := srv.Upkeep().RefuseDamaged(ctx); err != nil {
				return exitWith(exitNo, fmt.Errorf("pbem serve: database %s: %w", st.Path(), err))
			}
			log.Info("pbem starting", "version", moduleVersion(), "pid", os.Getpid(), "db", st.Path(), "config", cfg.String())
			return serve(ctx, srv, st, cfg, log, daemonParts{imap: imap, metrics: met})
		},
	}
}

// stopSignal is the signal that stopped the daemon, as the cause of its
// context's end.
type stopSignal struct{ sig os.Signal }

func (s stopSignal) Error() string {
	switch s.sig {
	case syscall.SIGTERM:
		return "SIGTERM"
	case os.Interrupt:
		return "SIGINT"
	}
	return s.sig.String()
}

// untilSignal is a context cancelled by SIGINT or SIGTERM, with a
// stopSignal as its cause. After the first, the signals have their default
// effect again: a second one ends a daemon that is slow to stop.
func untilSignal(parent context.Context) (context.Context, func()) {
	ctx, cancel := context.WithCancelCause(parent)
	sigs := make(chan os.Signal, 1)
	signal.Notify(sigs, os.Interrupt, syscall.SIGTERM)
	go func() {
		select {
		case s := <-sigs:
			signal.Stop(sigs)
			cancel(stopSignal{s})
		case <-ctx.Done():
		}
	}()
	return ctx, func() {
		signal.Stop(sigs)
		cancel(context.Canceled)
	}
}

// daemonParts are what serve reports through beside its log: the IMAP
// receiver's status (nil without imap.addr) and the metrics.
type daemonParts struct {
	imap    *mailer.ReceiverStatus
	metrics *metrics.Metrics
}

// serve runs the receiver, the sender, the clocks, the heartbeat and the
// HTTP listeners until ctx is done or one of them fails, then writes the
// last heartbeat and logs why it stopped. Each mail is handled with a
// context that a signal does not cancel, so the mail in hand is finished
// and committed before the daemon stops.
func serve(ctx context.Context, srv *server.Server, st *store.Store, cfg config.Config, log *slog.Logger, parts daemonParts) error {
	ctx, fail := context.WithCancelCause(ctx)
	defer fail(nil)
	wake, checkSoon := make(chan struct{}, 1), make(chan struct{}, 1)
	nudge := func() {
		select {
		case wake <- struct{}{}:
		default:
		}
	}
	sender := &mailer.Sender{Endpoint: cfg.SMTP.Endpoint, From: cfg.Server.Address, Store: st, Wake: wake, Logger: log,
		Conns: cfg.SMTP.Connections, Backoff: mailer.Doubling(cfg.SMTP.Retry), GiveUp: cfg.SMTP.GiveUp, Report: parts.metrics.Delivery, Finish: srv.FinishMail, Refused: srv.RefusedMail}
	receiver := &mailer.Receiver{
		Endpoint: cfg.IMAP.Endpoint, Mailbox: cfg.IMAP.Mailbox, Poll: cfg.Server.Poll, Store: st,
		Processed: cfg.IMAP.Processed, RejectedBox: cfg.IMAP.Rejected,
		MaxSize: int64(cfg.Server.MaxMailSize), Logger: log, Status: parts.imap,
		Workers: 4, Lane: srv.MailLane,
		Handle: func(ctx context.Context, raw []byte) (mailer.Verdict, error) {
			v, err := srv.HandleMail(context.WithoutCancel(ctx), raw)
			nudge()
			if errors.Is(err, store.ErrCorrupt) {
				select { // the whole file is checked soon
				case checkSoon <- struct{}{}:
				default:
				}
			}
			return v, err
		},
	}
	resume := func(ctx context.Context) error {
		// Games a crash stopped between a player's move and the computer's
		// answer: found at start, and after every polling period.
		srv.KeepResuming(ctx, cfg.Server.Poll, func(games int, err error) {
			switch {
			case err != nil:
				log.Warn("resuming stalled games", "err", err)
			case games > 0:
				log.Info("resumed stalled games", "games", games)
				nudge()
			}
		})
		return nil
	}
	clocks := func(ctx context.Context) error {
		// The games' clocks: reminders, timeouts, vacations' ends, and
		// the players' digests, at least every minute.
		srv.KeepDeadlines(ctx, min(cfg.Server.Poll, time.Minute), func(done server.Done, err error) {
			switch {
			case err != nil:
				log.Warn("game clocks", "err", err)
			case done.Games > 0 || done.Digests > 0:
				log.Info("game clocks", "games", done.Games, "digests", done.Digests)
				nudge()
			}
		})
		return nil
	}
	purge := func(ctx context.Context) error {
		// Mail sent longer ago than server.outbox_keep: deleted in small
		// batches, at start and every few minutes.
		srv.Upkeep().KeepPurgingOutbox(ctx, cfg.Server.OutboxKeep, upkeep.PurgeEvery, func(n int, err error) {
			switch {
			case err != nil:
				log.Warn("outbox: deleting old mails", "err", err)
			case n > 0:
				log.Info("outbox: deleted old mails", "mails", n, "keep", cfg.Server.OutboxKeep.String())
			}
		})
		return nil
	}
	inProcess := func(ctx context.Context) (store.Integrity, error) {
		return srv.Upkeep().CheckDatabase(ctx, store.CheckedByServe)
	}
	check := childCheck(st.Path(), inProcess)
	checks := func(ctx context.Context) error {
		// The whole database, in the background from the start (the first
		// mails do not wait for it), then every server.check_every, by pbem
		// check in a process of its own (childCheck): damage found stops
		// the daemon (upkeep.Upkeep.KeepChecking).
		return srv.Upkeep().KeepChecking(ctx, cfg.Server.CheckEvery, checkSoon, check, func(r store.Integrity, err error) {
			switch {
			case err != nil:
				log.Warn("database check", "err", err)
			case r.OK:
				log.Info("database check: sound", "took", r.Took.Round(time.Millisecond).String())
			default:
				log.Error("database check: damaged", "took", r.Took.Round(time.Millisecond).String(), "findings", strings.Join(r.Findings, "; "))
			}
		})
	}
	beater := srv.Upkeep().Beater(parts.imap)
	beats := func(ctx context.Context) error {
		beater.Run(ctx, func(err error) { log.Warn("heartbeat not written", "err", err) })
		return nil
	}
	runs := []func(context.Context) error{sender.Run, resume, clocks, purge, beats}
	if cfg.Server.CheckEvery > 0 {
		runs = append(runs, checks)
	} else {
		log.Info("server.check_every off: serve does not check the database; run pbem check from cron")
	}
	runs = append(runs, listeners(srv, cfg, log, parts.metrics)...)
	if cfg.IMAP.Addr != "" {
		runs = append(runs, receiver.Run)
	} else {
		log.Info("no imap.addr: sending only; mail arrives through pbem ingest")
	}
	// A part that cannot work (the receiver facing a folder the server
	// refuses, say) stops the others: the daemon exits with its words
	// rather than running half.
	var wg sync.WaitGroup
	for _, run := range runs {
		wg.Add(1)
		go func() {
			defer wg.Done()
			if err := run(ctx); err != nil {
				fail(err) // one part failing stops the others
			}
		}()
	}
	wg.Wait()
	why, reason := context.Cause(ctx), "stopped"
	var sig stopSignal
	if errors.As(why, &sig) {
		why, reason = nil, sig.Error()
	}
	last, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	if err := beater.Stopped(last, why); err != nil {
		log.Warn("last heartbeat not written", "err", err)
	}
	if why != nil {
		log.Error("pbem stopped", "reason", why)
		return exitWith(exitNo, logged(why))
	}
	log.Info("pbem stopped", "reason", reason)
	return nil
}
