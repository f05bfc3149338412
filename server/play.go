package server

import (
	"pbem/server/core"

	"context"
	"errors"
	"fmt"
	"time"

	"pbem/engine"
	"pbem/parser"
	"pbem/server/ratings"
	"pbem/store"
)

// Played is what one call of Play did: the moves applied, the player's
// then the computer seats' that followed, as stored.
type Played struct {
	Moves []store.Move
	Over  bool
}

// Play applies text, as the player at address would write it in a mail, to
// game id: the commands are read by the parser, checked (seat, turn, the
// "#N" guard) and applied by the game's engine, and stored in one
// transaction with the notifications they cause. If any command is refused,
// nothing is stored and the *engine.Refusal says why. Computer seats then
// play until a human is to move.
func (s *Server) Play(ctx context.Context, id int64, address, text, messageID string) (Played, error) {
	defer s.lock(id)()
	var played Played
	var after loaded
	for attempt := 1; ; attempt++ {
		moves, l, err := s.play(ctx, id, address, text, messageID)
		if errors.Is(err, store.ErrConflict) && attempt < core.MaxAttempts {
			continue
		}
		if err != nil {
			return Played{}, err
		}
		played.Moves, after = moves, l
		break
	}
	played.Over = after.state.Over()
	if !core.BotToMove(after.row, after.state) {
		return played, nil
	}
	bots, over, err := s.runBots(ctx, id, time.Time{})
	played.Moves = append(played.Moves, bots...)
	played.Over = over
	return played, err
}

// play applies the commands of text and returns the moves stored and the
// game as it is after them.
func (s *Server) play(ctx context.Context, id int64, address, text, messageID string) ([]store.Move, loaded, error) {
	l, err := s.load(ctx, id)
	if err != nil {
		return nil, loaded{}, err
	}
	if l, err = s.caughtUp(ctx, l); err != nil {
		return nil, loaded{}, err
	}
	seat, err := s.seatOf(ctx, l.row, address)
	if err != nil {
		return nil, loaded{}, err
	}
	cmds, err := parser.Commands(text, l.game)
	if err != nil {
		return nil, loaded{}, err
	}
	if len(cmds) == 0 {
		return nil, loaded{}, engine.Refuse("no command found: write your move on a line of its own")
	}
	a, err := s.act(ctx, l, seat, cmds)
	if err != nil {
		return nil, loaded{}, err
	}
	for i := range a.moves {
		a.moves[i].MessageID = messageID
	}
	if err := s.save(ctx, l, a, nil); err != nil {
		return nil, loaded{}, err
	}
	l.row.MoveNumber += len(a.moves)
	l.state = a.state
	return a.moves, l, nil
}

// save stores what act did to l in one transaction: the moves, the new
// state, the players' notifications, the answers and chat, and the inbound
// mail that asked for it when there is one. While a computer seat is to
// answer, the notifications wait: they go with its answer, one mail for
// the player's turn.
func (s *Server) save(ctx context.Context, l loaded, a acted, in *store.Inbound) error {
	if len(a.moves) == 0 {
		r := store.Record{Inbound: in, GameID: l.row.ID, Mails: a.mails, Chat: a.chat}
		if a.offerChanged {
			r.Undo = &store.UndoChange{From: l.row.MoveNumber, Offer: a.offer}
		}
		return s.store.RecordInbound(ctx, r)
	}
	numberTurns(l.row, a.moves)
	c := store.Commit{
		GameID: l.row.ID, From: l.row.MoveNumber, Moves: a.moves,
		State: a.moves[len(a.moves)-1].State, Status: core.Status(a.state),
		Mails: a.mails, Inbound: in, Chat: a.chat,
		BotToMove: core.BotToMove(l.row, a.state),
		Notified:  l.row.Notified,
	}
	placings, err := ratings.Result(ctx, s.store, l.row, a.state, a.moves)
	if err != nil {
		return err
	}
	c.Ratings = placings
	c.At = a.at
	clock, err := s.clockFor(ctx, l.row, l.game, a.state, a.moves, a.at)
	if err != nil {
		return err
	}
	c.Clock = clock
	if c.Status == store.StatusFinished {
		if c.Left, err = s.leftAddresses(ctx, l.row, a.moves); err != nil {
			return err
		}
	}
	if !c.BotToMove {
		after := l
		if clock != nil {
			after.row.Clock = *clock // the turn mails tell the new deadline
		}
		mails, err := s.mail.notifications(ctx, after, a.state, a.moves)
		if err != nil {
			return err
		}
		c.Mails = append(mails, a.mails...)
		c.Notified = l.row.MoveNumber + len(a.moves)
	}
	if err := s.store.CommitMoves(ctx, c); err != nil {
		return err
	}
	if c.Status == store.StatusFinished {
		s.gameOver(ctx, l.row.ID)
	}
	return nil
}

// apply plays move m, written as text, for seat.
func (s *Server) apply(st engine.State, seat int, text string, m engine.Move) (engine.State, store.Move, error) {
	next, out, err := st.Apply(seat, m)
	if err != nil {
		return nil, store.Move{}, err
	}
	data, err := next.Encode()
	if err != nil {
		return nil, store.Move{}, fmt.Errorf("encode state: %w", err)
	}
	return next, store.Move{Seat: seat, Text: text, Notation: out.Move, Public: out.Public, Aside: out.Aside, Score: out.Score, Events: out.Events, State: data}, nil
}

// seatOf finds the seat of the player who owns address: their own address,
// else one of their aliases.
func (s *Server) seatOf(ctx context.Context, g store.Game, address string) (int, error) {
	for _, seat := range g.Seats {
		if seat.Bot == "" && parser.SameAddress(seat.Email, address) {
			return seat.Seat, nil
		}
	}
	pid, err := s.store.PlayerID(ctx, address)
	if err != nil && !errors.Is(err, store.ErrNotFound) {
		return 0, err
	}
	for _, seat := range g.Seats {
		if pid != 0 && seat.PlayerID == pid {
			return seat.Seat, nil
		}
	}
	return 0, engine.Refuse("%s has no seat in game %d", address, g.ID)
}

// ResumeStalled lets the computer seats play in every game where one is to
// move: a crash between a player's move and the computer's answer leaves
// such a game waiting. It returns how many games it resumed; a game that
// fails is reported in the error and does not keep the others waiting.
func (s *Server) ResumeStalled(ctx context.Context) (int, error) {
	ids, err := s.store.StalledGames(ctx)
	if err != nil {
		return 0, err
	}
	n := 0
	var errs []error
	for _, id := range ids {
		if err := s.RunBots(ctx, id); err != nil {
			errs = append(errs, fmt.Errorf("resume game %d: %w", id, err))
			continue
		}
		n++
	}
	return n, errors.Join(errs...)
}

// KeepResuming resumes stalled games (ResumeStalled) now and every period
// until ctx is done, reporting each pass's games and error to report.
// Each pass runs to its end, as a signal must not cut a computer's move.
func (s *Server) KeepResuming(ctx context.Context, every time.Duration, report func(games int, err error)) {
	t := time.NewTicker(every)
	defer t.Stop()
	for {
		n, err := s.ResumeStalled(context.WithoutCancel(ctx))
		report(n, err)
		select {
		case <-ctx.Done():
			return
		case <-t.C:
		}
	}
}

// RunBots lets computer seats play game id while one of them is to move.
func (s *Server) RunBots(ctx context.Context, id int64) error {
	defer s.lock(id)()
	_, _, err := s.runBots(ctx, id, time.Time{})
	return err
}

// maxBotMoves stops a game between computers that would never end.
const maxBotMoves = 100000

// runBots lets computer seats play game id while one of them is to move,
// their moves played at at (zero: now): a computer's answer to a timeout
// the clock played late is stamped with the timeout, and the next
// player's clock starts there too.
func (s *Server) runBots(ctx context.Context, id int64, at time.Time) ([]store.Move, bool, error) {
	var moves []store.Move
	for range maxBotMoves {
		l, err := s.load(ctx, id)
		if err != nil {
			return moves, false, err
		}
		seat := l.state.ToMove()
		if l.row.Status != store.StatusActive || seat < 0 || l.row.Seats[seat].Bot == "" {
			return moves, l.row.Status != store.StatusActive, nil
		}
		m, why, err := BotMoveWhy(l.state, l.row.Seed, l.row.MoveNumber+1, seat, engine.Level(l.row.Seats[seat].BotLevel))
		if err != nil {
			return moves, false, fmt.Errorf("game %d: computer seat %d: %w", id, seat+1, err)
		}
		next, move, err := s.apply(l.state, seat, m.String(), m)
		if err != nil {
			return moves, false, fmt.Errorf("game %d: computer seat %d played %s: %w", id, seat+1, m, err)
		}
		move.Why = why
		if err := s.save(ctx, l, acted{moves: []store.Move{move}, state: next, at: at}, nil); err != nil {
			return moves, false, err
		}
		move.Number = l.row.MoveNumber + 1
		moves = append(moves, move)
	}
	return moves, false, fmt.Errorf("game %d: computer seats made %d moves without an end", id, maxBotMoves)
}
