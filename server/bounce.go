package server

import (
	"context"

	"pbem/lang"
	"pbem/mailer"
	"pbem/server/bounce"
	"pbem/store"
)

// RefusedMail records that the relay refused outbox mail m for good when
// the sender handed it over (mailer.Sender's Refused): see
// bounce.Refused.
func (s *Server) RefusedMail(ctx context.Context, m store.Outgoing, r mailer.Refusal) error {
	return bounce.Refused(ctx, s.store, s.kit(), m, r)
}

// routeBounce records a delivery report about one of the server's mails
// (bounce.Record): its kind's handler.
func routeBounce(s *Server, ctx context.Context, r route, _ *bool) (mailer.Verdict, int64, error) {
	if err := bounce.Record(ctx, s.store, s.kit(), r.in, r.bounce); err != nil {
		return mailer.Rejected, 0, err
	}
	return mailer.Accepted, 0, nil
}

// StopClock is the change that stops game id's clock because its turn
// mail messageID never reached the player: see
// clock.Clocks.StopUndelivered.
func (k kit) StopClock(ctx context.Context, id int64, messageID, held, why string) (*store.ClockChange, lang.Msg, error) {
	return k.s.Clocks().StopUndelivered(ctx, id, messageID, held, why)
}
