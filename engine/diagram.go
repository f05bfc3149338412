package engine

// Diagram is a board described for drawing, the same for every game: a
// grid of squares, each with what stands on it and what is printed on it.
// A mail shows players a picture of their board as well as its ASCII form;
// a game gives both from the same data, so that the two never disagree,
// and a drawing package knows nothing of the games. Its JSON form, short
// names and zero values left out, is what a mail queued without its
// picture keeps to draw it from.
type Diagram struct {
	// Cols and Rows are the board's size in squares.
	Cols int `json:"cols"`
	Rows int `json:"rows"`
	// ColLabels name the columns left to right, RowLabels the rows top to
	// bottom, as the ASCII board prints them on its edges ("A", "15", "g").
	ColLabels []string `json:"colLabels,omitempty"`
	RowLabels []string `json:"rowLabels,omitempty"`
	// Cells are the squares, top row first, each row left to right:
	// Cells[row*Cols+col].
	Cells []Cell `json:"cells"`
	// Legend says in a sentence or two what the picture's marks and
	// printed squares mean, "" when nothing needs saying.
	Legend string `json:"legend,omitempty"`
}

// At is the square in row (0 the top row) and column (0 the left one).
func (d Diagram) At(row, col int) Cell { return d.Cells[row*d.Cols+col] }

// Cell is one square of a Diagram.
type Cell struct {
	// Text is what stands on the square as the board writes it: a token's
	// digit, a cube's level; "" for an empty square.
	Text string `json:"t,omitempty"`
	// Owner is the seat whose piece stands there, -1 for none or for a
	// token that belongs to nobody once laid.
	Owner int `json:"o,omitempty"`
	// Level is a piece's level (a Ludicitude cube's 1 to 3), 0 for none.
	Level int `json:"l,omitempty"`
	// Mark says how the last move, or the moves since View.Before, touched
	// the square: what the ASCII board marks with brackets.
	Mark Mark `json:"m,omitempty"`
	// Kind is what the square itself is, whatever stands on it.
	Kind Kind `json:"k,omitempty"`
	// Printed is what the square bears printed beneath any token, as a
	// Chiffres board's digit; "" when the square bears nothing.
	Printed string `json:"p,omitempty"`
}

// Mark is how a move touched a square, so that a reader sees at a glance
// what changed since their last board.
type Mark uint8

// The marks a square may carry.
const (
	// Unmarked: the square did not change.
	Unmarked Mark = iota
	// Placed: a token was laid or a piece arrived there.
	Placed
	// Vacated: the piece that moved left this square.
	Vacated
	// Captured: a piece was captured there.
	Captured
)

// Kind is what a square is on the printed board.
type Kind uint8

// The kinds of square.
const (
	// Plain is an ordinary square.
	Plain Kind = iota
	// Centre is where the first token must lie (Amplitude's H8, Chiffres'
	// square without a digit).
	Centre
	// Bonus is a square that adds to a token's score (Chiffres' K, +10).
	Bonus
	// Malus is a square that takes from a token's score (Chiffres' ±, -10).
	Malus
	// Wall is a square nothing may enter (Ludicitude's d4).
	Wall
)

// Diagrammer is a State that can describe its board for a picture. It is
// optional: a mail without a diagram shows the ASCII board alone.
type Diagrammer interface {
	// Diagram is the board as Render would draw it for v: the same tokens,
	// and the same marks for the same v.Before.
	Diagram(v View) Diagram
}
