package lobby

import (
	"pbem/server/core"

	"context"
	"errors"
	"fmt"

	"github.com/emersion/go-message/mail"

	"pbem/lang"
	"pbem/mailer"
	"pbem/parser"
	"pbem/store"
	"pbem/templates"
)

// challenge stores the challenge r of player me, with the invitations to
// its invited seats and the creator's confirmation, in one transaction
// with the mail that asked for it.
func (lb Lobby) challenge(ctx context.Context, in store.Inbound, m parser.Mail, me store.Player, r challengeRequest, seed uint64) error {
	expires := lb.Core.Now().Add(lb.Policy.WithDefaults().ChallengeExpiry)
	c := store.Challenge{Game: r.kind.ID(), Options: r.options, Seed: seed, CreatedBy: me.ID, ExpiresAt: expires,
		Seats: []store.ChallengeSeat{{PlayerID: me.ID, Address: me.Email, Name: me.Name, Accepted: true}}}
	langs := []lang.Tag{lb.Core.Chosen(me.Lang)}
	for _, a := range r.invitees {
		seat, tag := store.ChallengeSeat{Address: a}, lb.Core.DefaultLang()
		switch p, err := lb.Store.PlayerByAddress(ctx, a); {
		case err == nil:
			seat.PlayerID, seat.Address, seat.Name, tag = p.ID, p.Email, p.Name, lb.Core.Chosen(p.Lang)
		case !errors.Is(err, store.ErrNotFound):
			return err
		}
		c.Seats, langs = append(c.Seats, seat), append(langs, tag)
	}
	for i := 0; i < r.open; i++ {
		c.Seats, langs = append(c.Seats, store.ChallengeSeat{}), append(langs, lb.Core.DefaultLang())
	}
	for i := range c.Seats {
		c.Seats[i].Seat = i
	}
	key, err := lb.Core.Key(ctx, core.ChallengeKeyName)
	if err != nil {
		return err
	}
	reply, replyID, err := lb.Core.LobbyReply(ctx, c.Seats[0].Address, me.TokenGen)
	if err != nil {
		return err
	}
	in.Outcome, in.Detail = store.Applied, "new challenge"
	_, err = lb.Store.CreateChallenge(ctx, store.NewChallenge{
		Game: c.Game, Options: c.Options, Seed: seed, CreatedBy: me.ID, ExpiresAt: expires, Seats: c.Seats, Inbound: &in,
		Mails: func(id int64) ([]store.OutMail, error) {
			c.ID = id
			return lb.challengeMails(key, c, langs, r.kind.Name(), m, reply, replyID)
		},
	})
	return err
}

// challengeMails are the creator's confirmation of challenge c (under the
// lobby's reply address and Message-ID for them) and the invitations to
// its invited seats, each in its seat's language (langs): all read before
// the transaction that calls it.
func (lb Lobby) challengeMails(key []byte, c store.Challenge, langs []lang.Tag, game string, answered parser.Mail, reply, replyID string) ([]store.OutMail, error) {
	names := seatNames(c)
	var text lang.Msg
	if c.Seats[len(c.Seats)-1].Open() {
		text = lang.T("Challenge %d: %s, seats: %s; options: %s. Anyone signed up here sees it with games open and takes a seat with join %d. The game starts when every seat is taken, and the challenge expires %s otherwise. Write decline %d to call it off.",
			c.ID, game, seatsText(c), optionsText(c.Options), c.ID, core.WhenMsg(c.ExpiresAt), c.ID)
	} else {
		text = lang.T("Challenge %d: %s, seats: %s; options: %s. The others are invited by mail; the game starts when every one of them accepts, and the challenge expires %s otherwise. Write decline %d to call it off.",
			c.ID, game, seatsText(c), optionsText(c.Options), core.WhenMsg(c.ExpiresAt), c.ID)
	}
	confirm, err := lb.Core.ComposeLobby(langs[0], c.Seats[0].Address, reply, replyID, "notice", lang.T("pbem: challenge %d, %s", c.ID, game), templates.Notice{Player: names[0].In(langs[0]), Text: text.In(langs[0])}, answered)
	if err != nil {
		return nil, err
	}
	out := []store.OutMail{confirm}
	for _, seat := range c.Seats[1:] {
		if seat.Open() {
			continue
		}
		text := lang.T("%s invites you to a game of %s (challenge %d), seats: %s; options: %s. Reply to this mail with accept to take your seat, or decline to refuse; or write accept %d or decline %d to %s from this address. The game starts when every player has accepted, and the challenge expires %s otherwise.",
			names[0], game, c.ID, seatsText(c), optionsText(c.Options), c.ID, c.ID, lb.Core.Address(), core.WhenMsg(c.ExpiresAt))
		m, err := lb.invitation(key, c.ID, seat, langs[seat.Seat], lang.T("pbem: %s invites you to %s (challenge %d)", names[0], game, c.ID), text)
		if err != nil {
			return nil, err
		}
		out = append(out, m)
	}
	return out, nil
}

// invitation is the mail inviting seat to challenge id, in t: its replies
// go to the challenge's reply address for the seat, which its token
// proves.
func (lb Lobby) invitation(key []byte, id int64, seat store.ChallengeSeat, t lang.Tag, subject, text lang.Msg) (store.OutMail, error) {
	token := mailer.ChallengeToken(key, id, seat.Seat)
	reply, err := mailer.ChallengeAddress(lb.Core.Address(), id, token)
	if err != nil {
		return store.OutMail{}, err
	}
	return lb.ChallengeMail(t, seat, reply, mailer.ChallengeID(id, token, lb.Core.Domain()), subject, text)
}

// ChallengeMail is a notice to seat whose replies go to reply, under the
// given Message-ID, in t: a challenge's reply address and Message-ID for
// the seat, whose token proves the seat (the lobby's invitations, a
// ladder's challenge).
func (lb Lobby) ChallengeMail(t lang.Tag, seat store.ChallengeSeat, reply, messageID string, subject, text lang.Msg) (store.OutMail, error) {
	who := seat.Name
	if who == "" {
		who = seat.Address
	}
	body, html, err := lb.Core.Render("notice", t, templates.Notice{Player: who, Text: text.In(t)}, nil)
	if err != nil {
		return store.OutMail{}, fmt.Errorf("mail notice to %s: %w", seat.Address, err)
	}
	msg := mailer.Message{
		From: mail.Address{Name: "pbem", Address: lb.Core.Address()}, To: mail.Address{Name: seat.Name, Address: seat.Address},
		ReplyTo: reply, Subject: subject.In(t), MessageID: messageID, Date: lb.Core.Now(), Text: body, HTML: html,
	}
	msg.Unsubscribe, msg.OneClick = lb.Core.Unsubscribe(seat.Address)
	return lb.Core.OutMail(msg)
}

// toEveryone is a notice to every seated player of c but skip (-1 for
// none), each in their language, with the text textOf gives for their
// seat: what the others did is told in the third person, what the reader
// did in the second.
func (lb Lobby) toEveryone(ctx context.Context, c store.Challenge, skip int, subject lang.Msg, textOf func(seat int) lang.Msg) ([]store.OutMail, error) {
	var out []store.OutMail
	for _, seat := range c.Seats {
		if seat.Open() || seat.Bot != "" || seat.Seat == skip {
			continue
		}
		who := seat.Name
		if who == "" {
			who = seat.Address
		}
		tag := lb.Core.LangOfChallengeSeat(ctx, seat)
		m, err := lb.Core.ComposeTo(ctx, tag, seat.Address, "notice", subject, templates.Notice{Player: who, Text: textOf(seat.Seat).In(tag)}, parser.Mail{})
		if err != nil {
			return nil, err
		}
		out = append(out, m)
	}
	return out, nil
}
