package lobby

import (
	"context"

	"pbem/lang"
	"pbem/mailer"
	"pbem/parser"
	"pbem/server/core"
	"pbem/store"
)

// At handles m, a mail about no seat of its sender's: its control
// commands ctl (watch, unwatch, stop) when it has some, else its lobby
// commands, else it is a stranger's. Whether it proves its sender decides
// what it may do at once and what the lobby may send (proof.go).
func (lb Lobby) At(ctx context.Context, in store.Inbound, m parser.Mail, ctl []parser.Command) (mailer.Verdict, int64, error) {
	vouched, err := lb.Vouched(ctx, m)
	if err != nil {
		return mailer.Rejected, 0, err
	}
	if ctx, err = lb.Limits(ctx, m, vouched); err != nil {
		return mailer.Rejected, 0, err
	}
	ctx = core.WithWriterLang(ctx, m)
	if len(ctl) > 0 {
		return lb.Core.Control(ctx, in, m, ctl, vouched)
	}
	if verdict, handled, err := lb.Handle(ctx, in, m, vouched); handled {
		return verdict, 0, err
	}
	return mailer.Rejected, 0, lb.Core.Stranger(ctx, in, m, 0, "not a reply to a game of this server", lang.T(core.NotAReply))
}
