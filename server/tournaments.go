package server

import (
	"context"

	"pbem/parser"
	"pbem/server/core"
	"pbem/server/ratings"
	"pbem/server/tournament"
	"pbem/store"
)

// Tournaments are the server's tournaments (package tournament), for the
// lobby's tournament commands, the operator's pbem tournament, the hook
// after a game's end and the Deadlines pass.
func (s *Server) Tournaments() tournament.Tournaments {
	p := tournament.Policy{Who: s.cfg.Lobby.Tournaments, PerPlayer: s.cfg.Lobby.TournamentsPerPlayer}
	return tournament.Tournaments{Store: s.store, Games: s.games, Policy: p, Core: s.kit()}
}

// Places are the places of the seats of finished game id, as the ratings
// count them.
func (k kit) Places(ctx context.Context, id int64) ([]int, error) {
	l, err := k.s.load(ctx, id)
	if err != nil {
		return nil, err
	}
	return ratings.PlacesOf(ctx, k.s.store, l.row, l.state)
}

// Tournament does a tournament command of a mail to the lobby
// (tournament.Tournaments.Mail).
func (k kit) Tournament(ctx context.Context, in store.Inbound, m parser.Mail, c parser.LobbyCommand, pid int64) error {
	return k.s.Tournaments().Mail(ctx, in, m, c, pid)
}

// Abort stops active game id for good (Server.Abort), for a tournament
// cancelled.
func (k kit) Abort(ctx context.Context, id int64) error { return k.s.Abort(ctx, id) }

// NoticeLater is Lobby.NoticeLater: a lobby notice to address read now,
// composed inside a store transaction.
func (k kit) NoticeLater(ctx context.Context, address string) (core.NoticeOf, error) {
	return k.s.Lobby().NoticeLater(ctx, address)
}
