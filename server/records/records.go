package records

import (
	"context"
	"time"

	"pbem/engine"
	"pbem/lang"
	"pbem/server/core"
	"pbem/store"
)

// Core is what the records need of the server's core.
type Core interface {
	Load(ctx context.Context, id int64) (core.Game, error)
	// Snapshot is game id as it stood after move at; now when at < 0.
	Snapshot(ctx context.Context, id int64, at int) (core.Snapshot, error)
	// CheckSeats turns the seats asked for a game of kind into the seats
	// stored, as game new seats a game.
	CheckSeats(ctx context.Context, kind engine.Game, asked []core.AskedSeat) ([]store.NewSeat, error)
	DefaultLang() lang.Tag
	Now() time.Time
}

// Records are the records' operations on the store through the core.
type Records struct {
	Store *store.Store
	Games *engine.Registry
	Core  Core
}
