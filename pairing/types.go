package pairing

// Format is how a tournament pairs its entrants.
type Format string

// The formats: everyone meets everyone once; rounds paired by score; a
// bracket where a table's loser leaves.
const (
	RoundRobin Format = "round-robin"
	Swiss      Format = "swiss"
	Knockout   Format = "knockout"
)

// Entrant is one player of a tournament, identified by the tournament's
// own entrant ID (a person or a computer seat), so that the pairings never
// need to know who is behind a seat.
type Entrant struct {
	ID int64
	// Seed is 1 for the strongest at the start; the caller orders by
	// rating, then sign-up. Equal seeds are ordered by ID.
	Seed int
	// Withdrawn is the last round the entrant was paired in before
	// withdrawing; 0 while the entrant still plays.
	Withdrawn int
}

// Game is one game of a round as the caller stored it.
type Game struct {
	Round int
	// Seats are entrant IDs in seat order; seat 0 moves first. One seat
	// alone is a bye, which needs no play.
	Seats []int64
	Done  bool
	// Points, once Done, are per seat the tournament points it scored
	// (GamePoints).
	Points []float64
}

// Table is a game to start: entrant IDs in seat order, seat 0 moving
// first. One seat alone is a bye: a full point without play.
type Table struct {
	Seats []int64
}

// Standing is an entrant's line in the standings.
type Standing struct {
	ID int64
	// Place is 1 for the first; entrants equal on every criterion share
	// a place (and the next place is skipped: 1, 1, 3).
	Place  int
	Points float64
	// Buchholz is the sum of the opponents' points; SonnebornBerger the
	// sum over the games of the points scored against each opponent
	// times that opponent's points (the package's doc says the details).
	Buchholz, SonnebornBerger float64
	// Played counts the games played (byes are not games); Won, Drawn and
	// Lost split them; Byes counts the byes (and the games a withdrawal
	// forfeited to the entrant).
	Played, Won, Drawn, Lost, Byes int
	Withdrawn                      bool
	// Out: knockout only, eliminated, in round OutIn.
	Out   bool
	OutIn int
}
