package store

import (
	"context"
	"fmt"
	"strings"
	"time"
)

// ClockWaitWarning is how long a clock may wait for the relay to accept its
// turn mail before pbem doctor warns: the sender retries a failed mail
// after 30 s, doubling up to an hour, so a mail not out after an hour is
// one the relay keeps refusing, or no pbem serve sends the outbox — and
// every clock waiting for a mail waits until it leaves.
const ClockWaitWarning = time.Hour

// clocksCheck warns of the clocks held longer than ClockWaitWarning for
// their turn mail, and of those stopped because it never reached the
// player: each a game that waits for the operator, or for its player.
func clocksCheck(ctx context.Context, s *Store, now time.Time) Check {
	c := Check{Name: "game clocks", OK: true}
	held, err := s.SummarizeHeldClocks(ctx)
	if err != nil {
		c.Warning, c.Detail = true, fmt.Sprintf("not read: %v", err)
		return c
	}
	var said []string
	for _, h := range held {
		switch {
		case h.Held == HeldDelivery && now.Sub(h.Oldest) > ClockWaitWarning:
			said = append(said, fmt.Sprintf("%d waiting for the relay to accept their turn mail, the oldest since %s (games %s): "+
				"their players' time does not run meanwhile; see pbem outbox list --pending, and that pbem serve runs", h.Games, h.Oldest.UTC().Format(time.RFC3339), h.GameList()))
		case h.Held == HeldBounced || h.Held == HeldAbandoned:
			said = append(said, fmt.Sprintf("%d stopped because their turn mail never reached the player, %s (games %s): "+
				"pbem game show ID says why; the player writing to the game, or pbem game clock ID +DURATION, runs it again", h.Games, h.Held, h.GameList()))
		}
	}
	if len(said) == 0 {
		c.Detail = "no clock waits for long or is stopped for want of its mail"
		return c
	}
	c.Warning, c.Detail = true, strings.Join(said, "; ")
	return c
}

// GameList is the games h names, "…" after them when it holds more:
// "4, 9, …".
func (h HeldClocks) GameList() string {
	ids := make([]string, len(h.IDs))
	for i, id := range h.IDs {
		ids[i] = fmt.Sprint(id)
	}
	if h.Games > len(h.IDs) {
		ids = append(ids, "…")
	}
	return strings.Join(ids, ", ")
}
