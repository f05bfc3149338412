package amplitude

import (
	"fmt"
	"slices"
	"strings"

	"pbem/engine"
	"pbem/lang"
)

// Kind is what a move does.
type Kind uint8

// The kinds of moves.
const (
	Pose     Kind = iota // place tokens forming a line and its formula
	Exchange             // give back tokens and draw as many
	Pass                 // do nothing
	Resign               // leave the game
	Draw                 // offer a draw, or accept the pending offer
	Decline              // refuse the pending offer of a draw
)

// inTurn reports whether a move of kind k is played on one's turn only: a
// pose, an exchange or a pass. Resign, draw and decline may come at any time.
func (k Kind) inTurn() bool { return k <= Pass }

// Move is an Amplitude move. For a pose, Line is the whole line from its
// first (top or left) square, crossed tokens included, and Formula is the
// player's formula in normalised form, or empty when the server is to choose
// the best one.
type Move struct {
	Kind    Kind
	At      square // a pose's first square
	Down    bool   // the pose runs top to bottom, else left to right
	Line    []byte // a pose's digits, 1..9
	Formula string // a pose's formula, as Formula.Text
	Tokens  []byte // the tokens given back in an exchange
	// Timeout marks the pass or resignation the server plays when the
	// player to move ran out of time: "timeout" (the turn passes) and
	// "timeout forfeit" (the player leaves the game).
	Timeout bool
}

var _ engine.Move = Move{}

// String is the canonical notation: "H8 right 34251 (1+5)×(2/4)=3",
// "H8 down 123", "exchange 3 5", "pass", "resign", "draw", "decline".
func (m Move) String() string {
	switch m.Kind {
	case Exchange:
		return "exchange " + spaced(m.Tokens)
	case Pass, Resign, Draw, Decline:
		return kindWords[m.Kind].Notation(m.Timeout)
	}
	s := fmt.Sprintf("%s %s %s", m.At, direction(m.Down), digitText(m.Line))
	if m.Formula != "" {
		s += " " + m.Formula
	}
	return s
}

func direction(down bool) string {
	if down {
		return "down"
	}
	return "right"
}

// directionWord is a pose's direction as a word of the reader's language,
// the word a pose is written with: "right" or "droite".
func directionWord(down bool) lang.Msg {
	if down {
		return lang.T("down")
	}
	return lang.T("right")
}

// ParseMove reads an Amplitude move:
//
//	H8 right 3+4-5=2     a pose with the player's formula (its digits, in the
//	                     order written, are the line from H8)
//	H8 down 34251        a pose whose best formula the server finds
//	H8 across 123 3-2=1  the line, then a formula that may read it backwards
//	exchange 3 5         give back a 3 and a 5
//	pass, resign
//	draw, decline        offer or accept a draw; refuse the pending offer
//
// The French words are read as well (words.go): "H8 droite 123",
// "H8 en bas 123", "échanger 3 5", "passer", "abandonner", "nulle",
// "refuser", in any case and with or without accents; they make the same
// Move as the English.
func ParseMove(text string) (Move, error) {
	words := strings.Fields(text)
	if len(words) == 0 {
		return Move{}, engine.Refuse("the move is empty: write a pose such as H8 right 3+4-5=2, or exchange 3 5, or pass")
	}
	first := fold(words[0])
	if engine.IsTimeout(first) {
		w, err := engine.ParseTimeout(words)
		if err != nil {
			return Move{}, err
		}
		return Move{Kind: sharedKinds[w], Timeout: true}, nil
	}
	kind, ok := moveWords[first]
	switch {
	case !ok:
		return parsePose(words)
	case kind == Exchange:
		return parseExchange(words[1:])
	case len(words) > 1:
		w, _ := engine.MoveWord(first)
		return Move{}, engine.TakesNothing(w)
	}
	return Move{Kind: kind}, nil
}

func parseExchange(words []string) (Move, error) {
	var tokens []byte
	for _, w := range words {
		for _, r := range w {
			switch {
			case r >= '1' && r <= '9':
				tokens = append(tokens, byte(r-'0'))
			case r == ',' || r == ';':
			default:
				return Move{}, engine.Refuse("exchange takes the digits to give back, as exchange 3 5; %q is not one", string(r))
			}
		}
	}
	if len(tokens) == 0 {
		return Move{}, engine.Refuse("exchange which tokens? Name them, as exchange 3 5")
	}
	if len(tokens) > rackSize {
		return Move{}, engine.Refuse("a rack holds %d tokens: you cannot exchange %d", rackSize, len(tokens))
	}
	slices.Sort(tokens)
	return Move{Kind: Exchange, Tokens: tokens}, nil
}

func parsePose(words []string) (Move, error) {
	if len(words) < 3 {
		return Move{}, engine.Refuse("a pose is a square, a direction and the line, as H8 right 3+4-5=2; or write exchange 3 5, pass or resign")
	}
	q, err := parseSquare(words[0])
	if err != nil {
		return Move{}, err
	}
	down, n := readDirection(words[1:])
	if n == 0 {
		return Move{}, engine.Refuse("%q is not a direction: write right (or across) or down, as H8 right 3+4-5=2", words[1])
	}
	rest := words[1+n:]
	if len(rest) == 0 {
		return Move{}, engine.Refuse("a pose is a square, a direction and the line, as H8 right 3+4-5=2; or write exchange 3 5, pass or resign")
	}
	m := Move{Kind: Pose, At: q, Down: down}
	whole := strings.Join(rest, "")
	if line, ok := lineDigits(whole); ok {
		m.Line = line
	} else if line, ok := lineDigits(rest[0]); ok && len(rest) > 1 {
		// The line, then a formula; or a formula written with spaces, as
		// 3 + 4 - 5 = 2, whose first word happens to be digits only.
		f, err := lineFormula(line, strings.Join(rest[1:], ""))
		if err != nil {
			g, gerr := ParseFormula(whole)
			if gerr != nil {
				if len(line) < 3 || strings.ContainsRune("+-−×xX*·/÷:=)]", []rune(rest[1])[0]) {
					return Move{}, gerr
				}
				return Move{}, err
			}
			line, f = g.Digits(), g
		}
		m.Line, m.Formula = line, f.Text
	} else {
		f, err := ParseFormula(whole)
		if err != nil {
			return Move{}, err
		}
		m.Line, m.Formula = f.Digits(), f.Text
	}
	if len(m.Line) < 3 {
		return Move{}, engine.Refuse("a pose holds at least 3 tokens, and %s has %d", digitText(m.Line), len(m.Line))
	}
	if len(m.Line) > maxLine {
		return Move{}, engine.Refuse("a pose holds at most %d tokens (5 from the rack, 6 crossed), and %s has %d", maxLine, digitText(m.Line), len(m.Line))
	}
	return m, nil
}

// lineFormula reads a formula given after its line, which it must read
// forwards or backwards.
func lineFormula(line []byte, text string) (Formula, error) {
	f, err := ParseFormula(text)
	if err != nil {
		return Formula{}, err
	}
	if fd := f.Digits(); !slices.Equal(fd, line) && !slices.Equal(fd, reversed(line)) {
		return Formula{}, engine.Refuse("the formula %s does not read the line %s, forwards or backwards", f.Text, digitText(line))
	}
	return f, nil
}

// lineDigits reads a bare line of digits 1..9.
func lineDigits(s string) ([]byte, bool) {
	if s == "" {
		return nil, false
	}
	line := make([]byte, len(s))
	for i := range len(s) {
		if s[i] < '1' || s[i] > '9' {
			return nil, false
		}
		line[i] = s[i] - '0'
	}
	return line, true
}

func reversed(line []byte) []byte {
	r := slices.Clone(line)
	slices.Reverse(r)
	return r
}

// digitText writes digits side by side: 34251.
func digitText(ds []byte) string { return engine.DigitText(ds) }

// spaced writes digits apart: 3 4 5.
func spaced(ds []byte) string { return engine.Spaced(ds) }
