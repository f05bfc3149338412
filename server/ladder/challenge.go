package ladder

import (
	"context"
	"errors"
	"fmt"
	"slices"

	"pbem/engine"
	"pbem/lang"
	"pbem/mailer"
	"pbem/parser"
	"pbem/server/core"
	"pbem/store"
)

// Challenge makes challenger's challenge of defender on ladder l: a
// challenge of two seats (the defender's first, to be accepted by the
// ladder's answer time; the challenger's accepted), the invitation to the
// defender and the challenger's confirmation, stored in one transaction
// with in, the mail that asked (nil for the operator). It returns the
// challenge's ID.
func (ls Ladders) Challenge(ctx context.Context, l store.Ladder, challenger, defender store.Player, in *store.Inbound, answered parser.Mail) (int64, error) {
	order, _, err := ls.order(ctx, l.ID)
	if err != nil {
		return 0, err
	}
	if err := MayChallenge(order, l.Reach, challenger.ID, defender.ID); err != nil {
		return 0, err
	}
	if err := ls.mayOpen(ctx, l, challenger, defender); err != nil {
		return 0, err
	}
	kind, err := ls.Games.Lookup(l.Game)
	if err != nil {
		return 0, err
	}
	seed, _, err := core.PlayableSeed(kind, core.EngineOptions(l.Options), 2, core.RandomSeed)
	if err != nil {
		return 0, err
	}
	key, err := ls.Core.Key(ctx, core.ChallengeKeyName)
	if err != nil {
		return 0, err
	}
	_, dTag, err := ls.Core.Greeting(ctx, defender.Email, defender.Name)
	if err != nil {
		return 0, err
	}
	_, cTag, err := ls.Core.Greeting(ctx, challenger.Email, challenger.Name)
	if err != nil {
		return 0, err
	}
	expires := ls.Core.Now().Add(l.Answer)
	dRung, cRung := slices.Index(order, defender.ID)+1, slices.Index(order, challenger.ID)+1
	if in != nil {
		in.Outcome, in.Detail = store.Applied, fmt.Sprintf("ladder %d challenge", l.ID)
	}
	game := kind.Name()
	id, err := ls.Store.CreateLadderChallenge(ctx, store.NewLadderChallenge{Ladder: l.ID, Challenger: challenger.ID, Defender: defender.ID,
		Challenge: store.NewChallenge{Game: l.Game, Options: l.Options, Seed: seed, CreatedBy: challenger.ID, ExpiresAt: expires, Inbound: in,
			Seats: []store.ChallengeSeat{
				{Seat: 0, PlayerID: defender.ID, Address: defender.Email, Name: defender.Name},
				{Seat: 1, PlayerID: challenger.ID, Address: challenger.Email, Name: challenger.Name, Accepted: true}},
			Mails: func(id int64) ([]store.OutMail, error) {
				token := mailer.ChallengeToken(key, id, 0)
				reply, err := mailer.ChallengeAddress(ls.Core.Address(), id, token)
				if err != nil {
					return nil, err
				}
				invite := lang.T("%s, on rung %d of the %s ladder, challenges you, on rung %d (challenge %d). Reply to this mail with accept, or write accept %d to %s, by %s. A ladder challenge may not be refused: if you decline, or the time runs out, %s takes your rung as if they had won. You have the first seat; the game's options: %s.",
					core.Label(challenger), cRung, game, dRung, id, id, ls.Core.Address(), core.WhenMsg(expires), core.Label(challenger), optionsText(l.Options))
				inv, err := ls.Core.ChallengeMail(dTag, store.ChallengeSeat{Address: defender.Email, Name: defender.Name}, reply, mailer.ChallengeID(id, token, ls.Core.Domain()),
					lang.T("pbem: %s challenges you on the %s ladder (challenge %d)", core.Label(challenger), game, id), invite)
				if err != nil {
					return nil, err
				}
				confirm := lang.T("You challenge %s, on rung %d of the %s ladder (challenge %d). They have until %s to accept; if they decline or do not answer in time, you take their rung. Write decline %d to withdraw it before they accept.",
					core.Label(defender), dRung, game, id, core.WhenMsg(expires), id)
				token = mailer.ChallengeToken(key, id, 1)
				reply, err = mailer.ChallengeAddress(ls.Core.Address(), id, token)
				if err != nil {
					return nil, err
				}
				conf, err := ls.Core.ChallengeMail(cTag, store.ChallengeSeat{Address: challenger.Email, Name: challenger.Name}, reply, mailer.ChallengeID(id, token, ls.Core.Domain()), lang.T("pbem: your challenge %d on the %s ladder", id, game), confirm)
				if err != nil {
					return nil, err
				}
				return []store.OutMail{inv, conf}, nil
			}}})
	if errors.Is(err, store.ErrConflict) {
		return 0, engine.Refuse("one of you has a ladder challenge open already: write ladder %s to see it", l.Game)
	}
	return id, err
}

// mayOpen is nil when challenger may open a challenge of defender on l
// now: neither has one open in that role, and defender did not hold
// challenger off within the answer time.
func (ls Ladders) mayOpen(ctx context.Context, l store.Ladder, challenger, defender store.Player) error {
	open, err := ls.Store.OpenLadderChallenges(ctx, l.ID)
	if err != nil {
		return err
	}
	for _, c := range open {
		switch {
		case c.Challenger == challenger.ID:
			return engine.Refuse("you have a challenge open on this ladder already (challenge %d): one at a time", c.Challenge)
		case c.Defender == defender.ID:
			return engine.Refuse("%s has a challenge to answer or play on this ladder already (challenge %d): try again when it is over", core.Label(defender), c.Challenge)
		}
	}
	held, err := ls.Store.LastHeld(ctx, l.ID, challenger.ID, defender.ID)
	if err != nil {
		return err
	}
	if again := held.Add(l.Answer); !held.IsZero() && ls.Core.Now().Before(again) {
		return engine.Refuse("%s held you off lately: you may challenge them again from %s", core.Label(defender), core.WhenMsg(again))
	}
	return nil
}
