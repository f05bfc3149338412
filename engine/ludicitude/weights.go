package ludicitude

// weights are the evaluation's weights, in hundredths of a cube on the
// board. The search reads them from its Limits (the default ones unless a
// tuning run gives others), so that two versions of the evaluation can
// play each other in one process (tune_test.go).
type weights struct {
	cube     int // a cube on the board
	level2   int // a cube at level 2, besides its worth as a cube
	level3   int // a cube at level 3, likewise
	reserve  int // a cube in reserve: it can come back, at level 1, on a corner
	mobility int // each slide the side could make
	lastCube int // a side with one cube on the board is one capture from losing
	pressure int // each empty square next to an enemy cube that the side can reach
	space    int // each empty square the side reaches in one slide and the other does not
	// drawFear is what the searching side gives up, at the quiet-turn
	// draw, to avoid it; a share of it as the quiet turns go by.
	drawFear int
	// fearFull is the quiet turns by which the whole drawFear is felt.
	fearFull int
	// quietFrom is the quiet turns from which an advantage shrinks, to
	// nothing at the quiet-turn draw.
	quietFrom int
}

// defaultWeights are the computer player's weights. The last tuning run
// (issue 28) played each change against itself, 12 to 16 games at 50,000
// nodes a move, counting the games that end with a winner: space 10 with
// quietFrom 40 and drawFear 100 ended 16 of 16 (the previous weights, 0 of
// 8: both sides kept their camps until the quiet-turn draw); space alone
// 4 to 9 of 12, drawFear 60 11 of 16, 200 15 of 16. Terms tried and
// dropped, as they added nothing or took away: the ranks a cube stands
// beyond its home rank, the squares where a side's arrival would capture,
// higher level values, a smaller reserve value. The fear felt whole
// from 60 quiet turns rather than at the draw ended 16 of 16 too, in 622
// moves a game rather than 980: after a capture the sides come back to
// the fight sooner.
var defaultWeights = weights{
	cube:      100,
	level2:    30,
	level3:    65,
	reserve:   70,
	mobility:  2,
	lastCube:  120,
	pressure:  4,
	space:     10,
	drawFear:  100,
	fearFull:  60,
	quietFrom: 40,
}
