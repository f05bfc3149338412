package server

import (
	"context"

	"pbem/lang"
	"pbem/parser"
	"pbem/server/ladder"
	"pbem/server/lobby"
	"pbem/store"
)

// Ladders is package ladder's door to the server: the ladders by mail
// under the operator's policy (lobby.ladders), and the operator's.
func (s *Server) Ladders() ladder.Ladders {
	return ladder.Ladders{Store: s.store, Games: s.games, Core: s.kit(), Mail: s.cfg.Lobby.WithDefaults().Ladders == lobby.LaddersOn}
}

// LadderMail does a ladder command a registered player wrote to the
// lobby.
func (k kit) LadderMail(ctx context.Context, in store.Inbound, m parser.Mail, pid int64, args []string) error {
	return k.s.Ladders().FromMail(ctx, in, m, pid, args)
}

// ChallengeMail is a notice to seat of a challenge, its replies going to
// reply under messageID (lobby.Lobby.ChallengeMail).
func (k kit) ChallengeMail(t lang.Tag, seat store.ChallengeSeat, reply, messageID string, subject, text lang.Msg) (store.OutMail, error) {
	return k.s.Lobby().ChallengeMail(t, seat, reply, messageID, subject, text)
}

// SignedOff takes player pid, who signed off, off every ladder, quietly
// (what fails is logged, and the clock loop's ladder.Settle does it
// later), and out of the tournaments they entered (tournament.SignedOff;
// what fails is logged).
func (k kit) SignedOff(ctx context.Context, pid int64) {
	if err := k.s.Ladders().SignedOff(ctx, pid); err != nil {
		k.s.mail.logger().Error("ladders of a player who signed off", "player", pid, "err", err)
	}
	if err := k.s.Tournaments().SignedOff(ctx, pid); err != nil {
		k.s.mail.logger().Error("tournaments of a player who signed off", "player", pid, "err", err)
	}
}

// LadderEnded settles a ladder's challenge that the lobby ends without a
// game (declined, expired, cancelled).
func (k kit) LadderEnded(ctx context.Context, id int64, status string, seat int, in *store.Inbound) error {
	return k.s.Ladders().Ended(ctx, id, status, seat, in)
}
