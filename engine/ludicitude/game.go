// Package ludicitude is the engine of Ludicitude, a game for two on a 7×7
// board with a wall in the centre: twelve cubes whose top face says their
// owner and how far they slide (their level, 1 to 3), drops from the reserve
// onto the corners, custodian captures that earn promotions and enclosures
// that turn enemy cubes into your own. The rules as pbem plays them, with
// every decision where the original is silent, are in
// shared/rules/ludicitude.md.
//
// The package holds the rules (slides, drops, both kinds of capture,
// promotions, the ends of the game), the move and position notations, the
// move generator, a searching computer player and the ASCII rendering.
// Seat 0 is White, who moves first; seat 1 is Black.
//
// Positions are bitboards: 49 squares in a uint64 per colour and per level,
// so that moves, captures and the evaluation are a few shifts and masks,
// and the search plays on cheap copies. The public State stays immutable.
//
// Where the rules leave the engine a choice:
//   - The history records every slide with all its promotions, the named
//     and the chosen ones, in square order ("c2-c3 +a3 +e3"): replaying
//     the record reproduces the game. Actions and LegalMoves list each
//     slide once, with the promotions the server would choose.
//   - "draw" offers a draw or accepts the other seat's offer, at any time;
//     "decline", or a slide or drop by the other seat, refuses it; the
//     offer does not take the turn. "resign" is allowed at any time.
//   - Scores count the cubes each seat has captured, both kinds; they do
//     not decide the game.
//   - The third occurrence of a position is counted since the last capture:
//     a capture changes the material, which only another capture could
//     bring back, and the stored state keeps only the turns since it (see
//     trail.go), so that it stays small however long the game.
//   - The setup option refuses positions play cannot continue from: more
//     than 12 cubes counting the reserves, a side with no cube on the board,
//     a side that has already won by promotion, a side to move that cannot
//     act. Fewer than 12 cubes is allowed, for endgames and exercises.
//   - A win is judged for the player whose turn ends (a passed player's
//     turn ends too). The draw when neither player can act cannot happen in
//     play (12 cubes cannot fill the 48 squares), but is kept.
//   - The computer player searches a number of positions (the bot_nodes
//     option), never a time, so that the same position gives the same move;
//     seeded (engine.SeededBot), it picks among the moves it judges nearly
//     as good as its best by the seed, so the same position and seed give
//     the same move.
package ludicitude

import (
	"maps"
	"slices"
	"strconv"
	"strings"

	"pbem/engine"
)

// defaultBotNodes is the computer player's budget when the bot_nodes
// option is not given: some tenths of a second on one core, deep enough
// (typically 6 to 8 plies) to see the usual captures coming.
const defaultBotNodes = 250000

// Game is Ludicitude's entry in the engine registry.
type Game struct{}

var _ engine.Game = Game{}

// ID is "ludicitude".
func (Game) ID() string { return "ludicitude" }

// Name is "Ludicitude".
func (Game) Name() string { return "Ludicitude" }

// Seats: two players, White (seat 0) and Black (seat 1).
func (Game) Seats() (int, int) { return 2, 2 }

// Options are setup (a starting position other than the rules' one, for
// variants and for replaying a position) and bot_nodes (how hard the
// computer player thinks).
func (Game) Options() []engine.Option {
	return []engine.Option{
		{Key: "setup", Default: "", Help: "the starting position in the notation of the rules, as " + startPosition + " (ranks 7 to 1, . empty, # the wall on d4, W1-W3 and B1-B3 cubes, the side to move, the reserves white/black); at most 12 cubes, each side with one on the board at least; empty for the rules' start"},
		{Key: "bot_nodes", Default: strconv.Itoa(defaultBotNodes), Help: "the computer player's search budget per move, in positions searched (1000 to 100000000): the same budget and game always give the same move"},
	}
}

// New starts a game for two seats.
func (g Game) New(opts engine.Options, seed uint64, seats int) (engine.State, error) {
	if seats != 2 {
		return nil, engine.Refuse("Ludicitude is played by 2 players, not %d", seats)
	}
	set := settings{botNodes: defaultBotNodes}
	for key, value := range opts {
		switch key {
		case "setup":
			set.setup = strings.TrimSpace(value)
		case "bot_nodes":
			n, err := strconv.Atoi(strings.TrimSpace(value))
			if err != nil || n < 1000 || n > 100_000_000 {
				return nil, engine.Refuse("option bot_nodes is a number of positions from 1000 to 100000000, not %q", value)
			}
			set.botNodes = n
		default:
			return nil, engine.Refuse("Ludicitude has no option %q; its options are setup and bot_nodes", key)
		}
	}
	b, err := setupBoard(set.setup)
	if err != nil {
		return nil, err
	}
	return newState(set, b), nil
}

// setupBoard reads the setup option and refuses positions play could not
// continue from: a side without a cube on the board (its opponent would
// have won), a side that has won already by promoting every cube, or a side
// to move without any legal action.
func setupBoard(text string) (board, error) {
	if text == "" {
		text = startPosition
	}
	b, err := parsePosition(text)
	if err != nil {
		return board{}, engine.Refuse("option setup: %s", refusalText(err))
	}
	for side := range 2 {
		if b.occ[side] == 0 {
			return board{}, engine.Refuse("option setup: %s has no cube on the board, so the game would be over before it starts", colour[side])
		}
	}
	if other := int(b.side ^ 1); b.won(other) {
		return board{}, engine.Refuse("option setup: every %s cube is on the board at level 3, so %s has won already", colourWord[other], colour[other])
	}
	if !b.canAct() {
		return board{}, engine.Refuse("option setup: %s is to move but has no legal action in that position", colour[b.side])
	}
	return b, nil
}

// Parse reads a move; see ParseMove.
func (Game) Parse(text string) (engine.Move, error) { return engine.AsMove(ParseMove(text)) }

// Decode reads a stored state.
func (Game) Decode(data []byte) (engine.State, error) { return engine.AsState(decodeState(data)) }

var _ engine.Spotter = Game{}

// LooksLikeMove reports whether text, which Parse refused, was meant as a
// move: it opens with a square and another or a digit ("c1-c9", "c1 c9"),
// with a drop ("*a9", "drop h7"), or with another move word on a short
// line.
func (Game) LooksLikeMove(text string) bool {
	t := strings.TrimSpace(text)
	if engine.SquareAttempt(t, squareWords...) || strings.HasPrefix(t, "*") || strings.HasPrefix(t, "@") {
		return true
	}
	if f := strings.Fields(engine.Fold(t)); len(f) >= 2 && keywords[f[0]] == Drop && engine.LeadsWithSquare(f[1]) {
		return true
	}
	return engine.KeywordLine(t, lineWords...)
}

// The words LooksLikeMove spots: after a square (a direction, a
// promotion), and opening a short line (every move word, pass).
var (
	squareWords = slices.Concat(directionWords, promoteWords)
	lineWords   = slices.Concat(slices.Sorted(maps.Keys(keywords)), passWords)
)
