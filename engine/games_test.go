package engine_test

import (
	"pbem/engine"
	"pbem/engine/amplitude"
	"pbem/engine/chiffres"
	"pbem/engine/ludicitude"
)

// everyGame is each game with the options its engine tests play it at:
// Ludicitude's computer on a small budget, so that its moves take
// milliseconds.
var everyGame = []struct {
	game engine.Game
	opts engine.Options
}{
	{amplitude.Game{}, nil},
	{chiffres.Game{}, nil},
	{ludicitude.Game{}, engine.Options{"bot_nodes": "1000"}},
}
