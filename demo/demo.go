// Package demo plays a whole game by mail inside one process, with nothing
// to set up: an IMAP server and an SMTP server run on loopback, the daemon
// serves them, and computer players read the server's mails and answer them
// with real replies — quoted history and all — appended to the inbox. It is
// pbem's main job, shown end to end.
package demo

import (
	"context"
	"fmt"
	"io"
	"log/slog"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"time"

	"pbem/engine"
	"pbem/lang"
	"pbem/mailer"
	"pbem/mailer/loopback"
	"pbem/server"
	"pbem/server/core"
	"pbem/store"
)

// Options say which game to play and where to print the mails.
type Options struct {
	Game string
	// Options are the game's options; nil for the demo's own (GameOptions).
	Options engine.Options
	Seed    uint64
	Players int
	Games   *engine.Registry
	// Out receives the game once it is over, told as a newcomer wants to
	// see it: each turn the player's reply as they wrote it, then the
	// server's answer, within about 400 lines (see thread.write); nil to
	// print nothing.
	Out io.Writer
	// AllMails prints to Out every mail the server sends, to every player,
	// whole and as it is sent, instead.
	AllMails bool
	Timeout  time.Duration // 0 means 5 minutes
	Log      *slog.Logger  // nil means no daemon log
}

// DefaultSeed is the seed a demo of game plays with when none is given,
// chosen to show the game at its best: for Ludicitude, whose computer
// players are otherwise well matched enough to draw most games, a game
// with captures and promotions that ends with a winner within seconds.
func DefaultSeed(game string) uint64 {
	if game == "ludicitude" {
		return ludicitudeSeed
	}
	return 1
}

// ludicitudeSeed, with ludicitudeNodes, plays a Ludicitude game of 179
// moves with 21 captures by custodian and their promotions, won by White
// with every cube at level 3: of the 14 games with a winner within 300
// moves found among the first 400 seeds, the shortest but one (the
// computer players seek the fight and most games end with a winner, but
// after some 600 moves, too long for a demo). Any
// change to the computer player's search or evaluation plays another
// game; TestDemoLudicitude (cmd/pbem) tells when, and a seed must be found
// again.
const ludicitudeSeed = 308

// ludicitudeNodes is the computer players' search budget in a Ludicitude
// demo: a few milliseconds a move, where the game's default (tenths of a
// second) would make a demo game last minutes.
const ludicitudeNodes = "3000"

// GameOptions are the options a demo of game plays with when none are
// given: for Ludicitude a small search budget (ludicitudeNodes), none for
// the others.
func GameOptions(game string) engine.Options {
	if game == "ludicitude" {
		return engine.Options{"bot_nodes": ludicitudeNodes}
	}
	return nil
}

// playerAddress is the address of the demo's player i, from 0.
func playerAddress(i int) string { return fmt.Sprintf("player%d@demo.test", i+1) }

// Result is how the demo game ended.
type Result struct {
	GameID  int64
	Moves   int
	Scores  []int
	Winners []string
	Ending  string
	Mails   int // mails the server sent
}

const serverAddress = "pbem@demo.test"

// Run plays the game to its end and returns its result.
func Run(ctx context.Context, o Options) (Result, error) {
	if o.Timeout == 0 {
		o.Timeout = 5 * time.Minute
	}
	if o.Log == nil {
		o.Log = slog.New(slog.NewTextHandler(io.Discard, nil))
	}
	if o.Options == nil {
		o.Options = GameOptions(o.Game)
	}
	ctx, cancel := context.WithTimeout(ctx, o.Timeout)
	defer cancel()
	dir, err := os.MkdirTemp("", "pbem-demo-")
	if err != nil {
		return Result{}, fmt.Errorf("demo: %w", err)
	}
	defer os.RemoveAll(dir)
	st, err := store.Open(ctx, filepath.Join(dir, "demo.db"), nil)
	if err != nil {
		return Result{}, err
	}
	defer st.Close()
	srv, err := server.New(st, o.Games, server.Config{Address: serverAddress, Logger: o.Log})
	if err != nil {
		return Result{}, err
	}
	imapServer, err := loopback.StartIMAP("pbem", "demo")
	if err != nil {
		return Result{}, fmt.Errorf("demo IMAP server: %w", err)
	}
	defer imapServer.Close()

	players := &players{srv: srv, imap: imapServer}
	if o.AllMails {
		players.out = o.Out
	}
	smtpServer, err := loopback.StartSMTP("", "", players.deliver)
	if err != nil {
		return Result{}, fmt.Errorf("demo SMTP server: %w", err)
	}
	defer smtpServer.Close()

	req := core.NewGame{Game: o.Game, Seed: &o.Seed, Options: o.Options}
	for i := range o.Players {
		req.Players = append(req.Players, core.Player{Email: playerAddress(i), Name: fmt.Sprintf("Bot %d", i+1)})
	}
	id, err := srv.Create(ctx, req)
	if err != nil {
		return Result{}, err
	}
	players.setGame(id)

	wake := make(chan struct{}, 1)
	sender := &mailer.Sender{Endpoint: mailer.Endpoint{Addr: smtpServer.Addr, TLS: mailer.NoTLS}, From: serverAddress, Store: st, Wake: wake, Logger: o.Log, Finish: srv.FinishMail}
	receiver := &mailer.Receiver{
		Endpoint: mailer.Endpoint{Addr: imapServer.Addr, User: "pbem", Password: "demo", TLS: mailer.NoTLS},
		Store:    st, Poll: time.Second, Logger: o.Log,
		Workers: 4, Lane: srv.MailLane,
		Handle: func(ctx context.Context, raw []byte) (mailer.Verdict, error) {
			v, err := srv.HandleMail(ctx, raw)
			select {
			case wake <- struct{}{}:
			default:
			}
			return v, err
		},
	}
	serveCtx, stopServing := context.WithCancel(ctx)
	var wg sync.WaitGroup
	for _, run := range []func(context.Context) error{receiver.Run, sender.Run} {
		wg.Add(1)
		go func() {
			defer wg.Done()
			if err := run(serveCtx); err != nil {
				o.Log.Error("demo daemon", "err", err)
			}
		}()
	}
	err = waitForEnd(ctx, st, id)
	stopServing()
	wg.Wait()
	if err != nil {
		return Result{}, err
	}
	if o.Out != nil && !o.AllMails {
		if err := tell(ctx, srv, id, players, o.Out); err != nil {
			return Result{}, err
		}
	}
	return result(ctx, srv, id, players.sent())
}

// tell writes the game's thread to w, each reply knowing the words the
// server's answer names its move by: its notation as the other players
// read it, its own, and the player's name.
func tell(ctx context.Context, srv *server.Server, id int64, p *players, w io.Writer) error {
	snap, err := srv.Snapshot(ctx, id, -1)
	if err != nil {
		return err
	}
	byID := map[string]store.Move{}
	for _, m := range snap.Moves {
		byID[strings.Trim(m.MessageID, "<>")] = m
	}
	names := map[string]string{}
	for _, seat := range snap.Game.Seats {
		names[strings.ToLower(seat.Email)] = seat.Label()
	}
	p.mu.Lock()
	defer p.mu.Unlock()
	t := &p.thread
	for i, r := range t.replies {
		var said []string
		if m, ok := byID[r.id]; ok {
			if m.Public != "" {
				said = append(said, engine.NotationIn(snap.Kind, m.Public, lang.English))
			}
			said = append(said, engine.NotationIn(snap.Kind, m.Notation, lang.English))
		}
		if first, _, _ := strings.Cut(r.body, "\n"); strings.HasPrefix(first, "#") {
			_, written, _ := strings.Cut(first, " ")
			said = append(said, written)
		}
		t.replies[i].said = append(said, r.name)
	}
	return t.write(w, func(addr string) string {
		if name, ok := names[strings.ToLower(addr)]; ok {
			return name
		}
		return addr
	})
}

// waitForEnd waits until the game is over and every mail has been sent.
func waitForEnd(ctx context.Context, st *store.Store, id int64) error {
	tick := time.NewTicker(50 * time.Millisecond)
	defer tick.Stop()
	for {
		select {
		case <-ctx.Done():
			return fmt.Errorf("the demo game did not end in time: %w", ctx.Err())
		case <-tick.C:
		}
		g, err := st.Game(ctx, id)
		if err != nil {
			return err
		}
		_, pending, err := st.NextDue(ctx)
		if err != nil {
			return err
		}
		if g.Status != store.StatusActive && !pending {
			return nil
		}
	}
}

func result(ctx context.Context, srv *server.Server, id int64, mails int) (Result, error) {
	snap, err := srv.Snapshot(ctx, id, -1)
	if err != nil {
		return Result{}, err
	}
	names := core.Names(snap.Game)
	r := Result{GameID: id, Moves: snap.At, Scores: snap.State.Scores(), Mails: mails}
	for _, w := range snap.State.Winners() {
		r.Winners = append(r.Winners, names[w])
	}
	r.Ending = engine.Ending(snap.State, engine.View{Names: names})
	if err := srv.Records().Verify(ctx, id); err != nil {
		return r, fmt.Errorf("the demo game's archive does not replay: %w", err)
	}
	return r, nil
}

// Heading is the lines the demo prints first, above the game's mails, for
// game (its name for people) played on seed by players computer players.
func Heading(game string, seed uint64, players int, allMails bool) string {
	if allMails {
		return fmt.Sprintf("%s by mail, seed %d, %d players. Every mail the server sends:\n\n", game, seed, players)
	}
	return fmt.Sprintf("%s by mail, seed %d, %d players, computer players who answer the\n"+
		"server's mails as people do. Each turn: a reply as its player wrote it, then\n"+
		"the server's answer, both cut short after the first turn.\n\n", game, seed, players)
}

// Summary is the closing lines the demo prints.
func (r Result) Summary(names []string) string {
	var b strings.Builder
	fmt.Fprintf(&b, "Game %d ended after %d moves and %d mails: %s.\n", r.GameID, r.Moves, r.Mails, r.Ending)
	var scores []string
	for i, s := range r.Scores {
		scores = append(scores, fmt.Sprintf("%s %d", names[i], s))
	}
	fmt.Fprintf(&b, "Final scores: %s.\n", strings.Join(scores, ", "))
	switch len(r.Winners) {
	case 0:
		b.WriteString("No winner: a draw.\n")
	case 1:
		fmt.Fprintf(&b, "Winner: %s.\n", r.Winners[0])
	default:
		fmt.Fprintf(&b, "Winners (a shared win): %s.\n", strings.Join(r.Winners, ", "))
	}
	return b.String()
}
