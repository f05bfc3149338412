package ladder

import (
	"context"
	"slices"

	"pbem/lang"
	"pbem/parser"
	"pbem/store"
)

// bumpedMails tell the players between a challenger who took the
// defender's rung and that rung, who all moved down one, where they are
// now: a club's players like to know why their rung changed.
func (ls Ladders) bumpedMails(ctx context.Context, l store.Ladder, lc store.LadderChallenge, c, d string, rungs []store.Rung, after []int64) ([]store.OutMail, error) {
	game := ls.gameName(l)
	var out []store.OutMail
	for i, r := range rungs {
		now := slices.Index(after, r.PlayerID)
		if r.PlayerID == lc.Challenger || r.PlayerID == lc.Defender || now == i {
			continue
		}
		text := lang.T("On the %s ladder, %s took the rung of %s, %d (challenge %d): everyone between moved down one, and you are now on rung %d.",
			game, c, d, slices.Index(after, lc.Challenger)+1, lc.Challenge, now+1)
		m, err := ls.notice(ctx, r.Email, r.Name, lang.T("the %s ladder", game), text, nil, parser.Mail{})
		if err != nil {
			return nil, err
		}
		out = append(out, m)
	}
	return out, nil
}
