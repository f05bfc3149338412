package server

import "context"

// gameOver is the hook after game id ended, finished by a move (save) or
// aborted: the features that follow games hear of it. What goes wrong is
// logged, not returned — the game's end is committed — and the Deadlines
// pass takes it up again.
func (s *Server) gameOver(ctx context.Context, id int64) {
	if err := s.Tournaments().GameOver(ctx, id); err != nil {
		s.mail.logger().Error("tournament after game", "game", id, "err", err)
	}
}
