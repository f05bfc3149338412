package server

import (
	"pbem/server/core"

	"context"
	"errors"
	"net/mail"
	"strings"

	"pbem/engine"
	"pbem/parser"
	"pbem/store"
)

// Snapshot loads game id as it stood after move at; a negative at means
// now.
func (s *Server) Snapshot(ctx context.Context, id int64, at int) (core.Snapshot, error) {
	l, err := s.load(ctx, id)
	if err != nil {
		return core.Snapshot{}, err
	}
	moves, err := s.store.Moves(ctx, id)
	if err != nil {
		return core.Snapshot{}, err
	}
	if l.row, err = s.withHolders(ctx, l.row); err != nil {
		return core.Snapshot{}, err
	}
	snap := core.Snapshot{Game: l.row, Moves: moves, At: len(moves), State: l.state, Kind: l.game}
	switch {
	case at < 0 || at == len(moves):
		if snap.Undo, err = s.pendingUndo(ctx, l.row); err != nil {
			return core.Snapshot{}, err
		}
	case at > len(moves):
		return core.Snapshot{}, engine.Refuse("game %d has %d moves: there is no move %d", id, len(moves), at)
	default:
		snap.At = at
		if snap.State, err = core.StateAfter(l.game, l.row, moves, at); err != nil {
			return core.Snapshot{}, err
		}
	}
	return snap, nil
}

// Abort stops an active game for good; its mails still queued are
// dropped (store.AbortGame).
func (s *Server) Abort(ctx context.Context, id int64) error {
	unlock := s.lock(id)
	err := s.store.AbortGame(ctx, id)
	unlock()
	if err == nil {
		s.gameOver(ctx, id)
	}
	switch {
	case errors.Is(err, store.ErrNotFound):
		return engine.Refuse("there is no game %d", id)
	case errors.Is(err, store.ErrConflict):
		return engine.Refuse("game %d is not active: only an active game can be aborted", id)
	}
	return err
}

// AddAlias lets the player who owns email also send from address.
func (s *Server) AddAlias(ctx context.Context, email, address string) error {
	addr, err := mail.ParseAddress(address)
	if err != nil || addr.Address != strings.TrimSpace(address) {
		return engine.Refuse("%q is not a mail address", address)
	}
	alias := parser.CanonicalAddress(addr.Address)
	if _, err := s.store.PlayerID(ctx, alias); err == nil {
		return engine.Refuse("%s already belongs to a player", alias)
	}
	err = s.store.AddAlias(ctx, parser.CanonicalAddress(email), alias)
	if errors.Is(err, store.ErrNotFound) {
		return engine.Refuse("there is no player %s", email)
	}
	return err
}
