package server

import "context"

// gameOver is called once a move finished game gameID and was committed
// (save: a player's last move, a computer's, a timeout's): the features
// that follow a game's result apply it. Each applies it once whatever
// happens here (a flag written with its own change), and the clock loop
// (Deadlines) applies what a crash left, so a failure is only logged.
func (s *Server) gameOver(ctx context.Context, gameID int64) {
	if err := s.Ladders().GameOver(ctx, gameID); err != nil {
		s.mail.logger().Error("ladder result", "game", gameID, "err", err)
	}
}
