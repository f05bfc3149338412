package lobby

import (
	"context"
	"fmt"
	"time"

	"pbem/engine"
	"pbem/lang"
	"pbem/parser"
	"pbem/server/core"
	"pbem/store"
)

// Taking over a seat on offer: in a game of three or more with the
// option replace=offer, the seat of a player who left waits for another
// (core.ReplaceOffer). A registered player who does not play in the game
// writes takeover ID to the bare address and gets the seat at once, with
// the game's first mail (the board, their rack); takeover alone, or
// takeovers, lists the seats on offer. The operator's policy
// lobby.takeover (Policy.Takeover) may turn it off, and a seat taken over
// counts against lobby.games_running (Policy.GamesRunning) as a game
// started does; a seat nobody takes goes to a computer when its offer
// ends (the server's clock loop).

// takeover does "takeover ID [SEAT]" for registered player pid, or lists
// the seats on offer when no ID is given.
func (lb Lobby) takeover(ctx context.Context, in store.Inbound, m parser.Mail, pid int64, args []string) error {
	if lb.Policy.WithDefaults().Takeover == TakeoverOff {
		return engine.Refuse("this server's operator has turned taking over seats by mail off: ask them (pbem game replace)")
	}
	if len(args) == 0 {
		return lb.takeoversAnswer(ctx, in, m)
	}
	id, err := idArg(parser.Takeover, args)
	if err != nil {
		return err
	}
	offered, err := lb.Store.OfferedSeats(ctx, time.Time{})
	if err != nil {
		return err
	}
	seat := -1
	for _, o := range offered {
		named := len(args) < 2 || args[1] == fmt.Sprint(o.Seat+1) // the seat asked for, or any
		if o.GameID == id && named && seat < 0 {
			seat = o.Seat
		}
	}
	switch {
	case seat < 0 && len(args) > 1:
		return engine.Refuse("seat %s of game %d is not on offer: takeovers lists the seats on offer", args[1], id)
	case seat < 0:
		return engine.Refuse("game %d has no seat on offer: takeovers lists the seats on offer", id)
	}
	if err := lb.mayRun(ctx, pid); err != nil {
		return err
	}
	p, err := lb.Store.Player(ctx, pid)
	if err != nil {
		return err
	}
	in.Outcome, in.Detail = store.Applied, fmt.Sprintf("takeover: seat %d of game %d", seat+1, id)
	return lb.Core.TakeOver(ctx, id, seat, p, &in)
}

// takeoversAnswer lists the seats on offer in the answer to m.
func (lb Lobby) takeoversAnswer(ctx context.Context, in store.Inbound, m parser.Mail) error {
	offered, err := lb.Store.OfferedSeats(ctx, time.Time{})
	if err != nil {
		return err
	}
	var lines []lang.Msg
	for _, o := range offered {
		name := o.Type
		if kind, err := lb.Games.Lookup(o.Type); err == nil {
			name = kind.Name()
		}
		lines = append(lines, lang.T("Game %d, %s: seat %d is on offer until %s. Write takeover %d to take it over.", o.GameID, name, o.Seat+1, core.WhenMsg(o.Until), o.GameID))
	}
	if len(lines) == 0 {
		lines = []lang.Msg{lang.T("No seat is on offer now: a seat is offered when its player leaves a game of three or more whose option replace is offer.")}
	}
	return lb.lobbyAnswer(ctx, in, m, store.Applied, lang.T("seats on offer"), core.Paragraphs(lines))
}
