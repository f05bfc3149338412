package server

import "context"

// gameOver is the hook after game id ended, finished by a move (save: a
// player's last move, a computer's, a timeout's) or aborted: the features
// that follow games hear of it — a ladder's rungs, a tournament's round.
// Each applies a result once whatever happens here (a flag written with
// its own change), and the clock loop (Deadlines) takes up what a crash
// left, so a failure is logged, not returned: the game's end is committed.
func (s *Server) gameOver(ctx context.Context, id int64) {
	if err := s.Ladders().GameOver(ctx, id); err != nil {
		s.mail.logger().Error("ladder result", "game", id, "err", err)
	}
	if err := s.Tournaments().GameOver(ctx, id); err != nil {
		s.mail.logger().Error("tournament after game", "game", id, "err", err)
	}
}
