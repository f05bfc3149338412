// Package engine holds what every game served by pbem shares: the Game and
// State contracts, the registry of game types, player-facing refusals, the
// seeded random source, and the code the games have in common (digit bags,
// the shared move words, draws by agreement, the turn's refusals, the score
// table), so that each game writes only its own rules.
//
// Engines are pure: no I/O, no clock and no global random source. All chance
// comes from the seed a game is created with, so a game replays exactly from
// (seed, options, moves), and the archive can always be verified.
package engine

import "pbem/lang"

// Game is one kind of game: Amplitude, Ludicitude, Chiffres. It creates new
// games and reads moves and stored states; everything else is on State.
type Game interface {
	// ID is the game's name in commands and the database, as "amplitude".
	ID() string
	// Name is the game's name for people, as "Amplitude".
	Name() string
	// Seats is how many players a game may have.
	Seats() (min, max int)
	// Options lists the options New accepts, with their defaults.
	Options() []Option
	// New starts a game for the given number of seats. Options not given take
	// their defaults; an unknown key or a bad value is a Refusal.
	New(opts Options, seed uint64, seats int) (State, error)
	// Parse reads one move as a player writes it. It does not look at any
	// position: a well-formed move may still be illegal.
	Parse(text string) (Move, error)
	// Decode rebuilds a state from the bytes State.Encode gave.
	Decode(data []byte) (State, error)
}

// State is a position of a game, immutable: Apply returns a new State.
//
// Seats are numbered from 0 in seating order.
type State interface {
	// ToMove is the seat whose turn it is, or -1 once the game is over.
	ToMove() int
	// Legal says why seat may not play m now, or returns nil.
	Legal(seat int, m Move) error
	// Apply plays m for seat, returning the new state and what happened. An
	// illegal move is a Refusal and leaves the state as it was.
	Apply(seat int, m Move) (State, Outcome, error)
	// LegalMoves lists every move seat may play now.
	LegalMoves(seat int) []Move
	// BotMove is the computer player's choice for seat.
	BotMove(seat int) (Move, error)
	// Over reports whether the game has ended.
	Over() bool
	// Scores are the seats' totals so far.
	Scores() []int
	// Winners are the seats that won once the game is over: several for a
	// shared win, none for a draw.
	Winners() []int
	// MoveCount is the number of moves applied since the start.
	MoveCount() int
	// Render draws the position for one viewer: the board and public
	// information, and the viewer's private tokens only.
	Render(v View) string
	// Encode gives bytes that Decode turns back into an equal state.
	Encode() ([]byte, error)
}

// SeededBot is a State whose computer player can vary its play. A game
// between computers (the demo, a test, an operator's computer seats) would
// otherwise be the same game every time, whatever the game's seed, where
// the game has no chance of its own; with a seed per move, the player
// picks among moves it judges nearly as good as its best, so two seeds
// give two games while one seed always replays the same. The choice is
// never stored: a game's moves and states are encoded as they always were.
// Callers use it when a state implements it, and BotMove otherwise.
type SeededBot interface {
	// BotMoveSeeded is BotMove with the choice among near-best moves made
	// by seed, a function of the position and seed only; seed 0 gives the
	// move BotMove gives.
	BotMoveSeeded(seat int, seed uint64) (Move, error)
}

// Move is one action of a seat, as the game understands it. Its String is
// the canonical notation: parsing it gives the same move back.
type Move interface {
	String() string
}

// Outcome is what one applied move did, for the history and the mails.
type Outcome struct {
	// Move is the move as played, in canonical notation, completed with what
	// the server chose (a formula, a promotion): replaying it gives the same
	// state.
	Move string
	// Public is the move as the other players may see it, when Move tells
	// what only its player should know (the tokens an exchange gave back:
	// "exchange 2 tokens"); "" when Move is public.
	Public string
	// Score is the points the move earned.
	Score int
	// Events are sentences for the players: draws, captures, the end, each
	// rendered in its reader's language.
	Events []lang.Msg
	// Aside says the action left the turn where it was: a draw offer, its
	// answer, a resignation out of turn. It takes no move number of its
	// own, so a player may offer a draw and move in one mail, each line
	// with the number the last mail gave.
	Aside bool
}

// View is who looks at a rendered position.
type View struct {
	// Seat whose private tokens are shown; -1 for a spectator or the archive.
	Seat int
	// Names of the seats, in seating order; missing names read "seat N".
	Names []string
	// Before is the state the recipient saw last, so that a Render may mark
	// what changed since it: one mail may cover several moves (a player's
	// pose and the computer's reply), and the recipient should see every
	// token placed since their last board at a glance. It only adds marks,
	// never changes a stored state. nil marks nothing and leaves the
	// rendering as it always was; a Render ignores a Before it cannot
	// compare with (another game, another board).
	Before State
	// Lang is the language of the words around the board (legends, the
	// rack's label); English when empty.
	Lang lang.Tag
	// Flow asks Render for what it says under the board, written for a
	// reader that lays text out itself (a mail's HTML part, which shows
	// the board as a picture or its own grid): no grid and no legend,
	// each sentence on one line however long (Wrap), a line opening with
	// two spaces still an item of the line above it, and each row of a
	// table its cells separated by tabs, unpadded, a row whose first cell
	// is empty the table's head (ScoreTable). The words are the same.
	Flow bool
}

// Name is the display name of seat in v.
func (v View) Name(seat int) string {
	if seat >= 0 && seat < len(v.Names) && v.Names[seat] != "" {
		return v.Names[seat]
	}
	return "seat " + itoa(seat+1)
}

func itoa(n int) string {
	if n < 10 && n >= 0 {
		return string(rune('0' + n))
	}
	return itoa(n/10) + string(rune('0'+n%10))
}

// Option is one setting a game accepts at creation.
type Option struct {
	Key     string
	Default string
	Help    string
}

// Options are the settings given for a new game, by key.
type Options map[string]string

// Inspector is what operators' tools and machine-readable output read of a
// state beyond its rendering.
type Inspector interface {
	// BoardRows is the board as text, top row first, one string a row.
	BoardRows() []string
	// Hand is seat's private tokens as a string, "" where the game has none.
	Hand(seat int) string
	// Ending says why the game ended, "" while it goes on.
	Ending() string
}

// Documented is a game that can explain itself to players, in the first
// mail of a game and in answer to "help".
type Documented interface {
	// Rules is a short summary of the rules, plain text within 78 columns,
	// in every language.
	Rules() lang.Msg
	// Notation says how to write each kind of move, with examples: a
	// row a line, the example and what it does separated by a tab, laid
	// out by whoever shows it (the mails' templates); a line without a
	// tab is a note under the rows.
	Notation() lang.Msg
}

// Ending says why a finished game ended, naming the seats as v does where
// the game's ending names one (an optional EndingFor method), else through
// its Inspector; "" when the state tells neither.
func Ending(st State, v View) string {
	if e, ok := st.(interface{ EndingFor(View) string }); ok {
		return e.EndingFor(v)
	}
	if insp, ok := st.(Inspector); ok {
		return insp.Ending()
	}
	return ""
}
