package server

import (
	"pbem/server/core"

	"context"

	"pbem/engine"
	"pbem/lang"
	"pbem/store"
)

// Every mail the server composes is written in its recipient's language:
// a seat's is its player's (langOf); an address's is its player's when it
// is a player's or an alias of one, else the server's default
// (langOfAddress). The server's own sentences are lang formats, whose
// French is in lang_fr.go.

// langOf is the language of the mails to seat: the player's choice, else
// the server's default, else English.
func (c *composer) langOf(seat store.Seat) lang.Tag { return c.chosen(seat.Lang) }

// chosen is the language of the mails to a player whose choice is choice
// ("" for none): theirs, else the server's default.
func (c *composer) chosen(choice string) lang.Tag { return lang.Tag(choice).Or(c.defaultLang()) }

// defaultLang is the language of the mails to someone who chose none, or
// who is no player: the server's setting, else English.
func (c *composer) defaultLang() lang.Tag {
	return c.cfg.Lang.Or(lang.English)
}

// langOfAddress is the language of the mails to address: its player's
// when it is a player's address or alias and they chose one, else the one
// they wrote the mail in hand in (readerLang), else the server's default.
// A store that cannot say gives the default: the mail goes out all the
// same.
func (c *composer) langOfAddress(ctx context.Context, address string) lang.Tag {
	p, err := c.store.PlayerByAddress(ctx, address)
	if err != nil {
		return c.readerLang(ctx, address, "")
	}
	return c.readerLang(ctx, address, p.Lang)
}

// langOfPlayer is player id's language, else the server's default.
func (c *composer) langOfPlayer(ctx context.Context, id int64) lang.Tag {
	p, err := c.store.Player(ctx, id)
	if err != nil {
		return c.defaultLang()
	}
	return c.chosen(p.Lang)
}

// langOfChallengeSeat is the language of the mails to a challenge's seat:
// its player's, or the default for an address of no player's.
func (c *composer) langOfChallengeSeat(ctx context.Context, seat store.ChallengeSeat) lang.Tag {
	if seat.PlayerID != 0 {
		return c.langOfPlayer(ctx, seat.PlayerID)
	}
	return c.langOfAddress(ctx, seat.Address)
}

// reasonIn is why, as a sentence of t with the players' names: a refusal
// in t, any other error as its text.
func reasonIn(why error, t lang.Tag, names []string) string {
	return core.WithNames(core.Sentence(engine.RefusalIn(why, t)), names)
}
