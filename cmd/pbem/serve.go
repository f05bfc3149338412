package main

import (
	"context"
	"fmt"
	"log/slog"
	"os"
	"os/signal"
	"sync"
	"syscall"
	"time"

	"github.com/spf13/cobra"

	"pbem/config"
	"pbem/engine"
	"pbem/mailer"
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
only sends: mail then arrives through pbem ingest, piped by the MTA.`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			cfg, err := settings(cmd)
			if err != nil {
				return err
			}
			if err := cfg.CheckDaemon(); err != nil {
				return exitWith(exitNo, fmt.Errorf("cannot serve: %w", err))
			}
			ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
			defer stop()
			srv, st, err := openServer(ctx, cmd, reg, cfg)
			if err != nil {
				return err
			}
			defer st.Close()
			log := slog.New(slog.NewTextHandler(cmd.ErrOrStderr(), nil))
			log.Info("pbem serving", "config", cfg.String(), "db", st.Path())
			return serve(ctx, srv, st, cfg, log)
		},
	}
}

// serve runs the receiver and the sender until ctx is done. Each mail is
// handled with a context that a signal does not cancel, so the mail in hand
// is finished and committed before the daemon stops.
func serve(ctx context.Context, srv *server.Server, st *store.Store, cfg config.Config, log *slog.Logger) error {
	wake := make(chan struct{}, 1)
	nudge := func() {
		select {
		case wake <- struct{}{}:
		default:
		}
	}
	sender := &mailer.Sender{Endpoint: cfg.SMTP.Endpoint, From: cfg.Server.Address, Store: st, Wake: wake, Logger: log, Backoff: mailer.Doubling(cfg.SMTP.Retry)}
	receiver := &mailer.Receiver{
		Endpoint: cfg.IMAP.Endpoint, Mailbox: cfg.IMAP.Mailbox, Poll: cfg.Server.Poll, Store: st,
		Processed: cfg.IMAP.Processed, RejectedBox: cfg.IMAP.Rejected,
		MaxSize: int64(cfg.Server.MaxMailSize), Logger: log,
		Workers: 4, Lane: srv.MailLane,
		Handle: func(ctx context.Context, raw []byte) (mailer.Verdict, error) {
			v, err := srv.HandleMail(context.WithoutCancel(ctx), raw)
			nudge()
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
	runs := []func(context.Context) error{sender.Run, resume, clocks}
	if cfg.Server.HTTP != "" {
		runs = append(runs, func(ctx context.Context) error { return serveHTTP(ctx, srv, cfg, log) })
	}
	if cfg.IMAP.Addr != "" {
		runs = append(runs, receiver.Run)
	} else {
		log.Info("no imap.addr: sending only; mail arrives through pbem ingest")
	}
	// A part that cannot work (the receiver facing a folder the server
	// refuses, say) stops the others: the daemon exits with its words
	// rather than running half.
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	var wg sync.WaitGroup
	errs := make(chan error, len(runs))
	for _, run := range runs {
		wg.Add(1)
		go func() {
			defer wg.Done()
			if err := run(ctx); err != nil {
				errs <- err
				cancel()
			}
		}()
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		return exitWith(exitNo, err)
	}
	log.Info("pbem stopped")
	return nil
}
