package ludicitude

import (
	"fmt"
	"slices"
	"strings"

	"pbem/engine"
	"pbem/lang"
)

// Square is a square of the board: a1 is 0, b1 1 … g1 6, a2 7 … g7 48, the
// numbering of the engine's bitboards. Its String is the notation, "c3".
type Square int8

// NoSquare is the zero of squares that do not apply, as the From of a drop.
const NoSquare Square = -1

// String is the square's name, "a1" to "g7".
func (q Square) String() string {
	if !q.onBoard() {
		return fmt.Sprintf("square(%d)", int(q))
	}
	return string([]byte{'a' + byte(q%size), '1' + byte(q/size)})
}

func (q Square) onBoard() bool { return q >= 0 && q < squares }

// MarshalText writes the square's name, so that stored states read "c3".
func (q Square) MarshalText() ([]byte, error) {
	if !q.onBoard() {
		return nil, fmt.Errorf("marshal square %d: off the board", int(q))
	}
	return []byte(q.String()), nil
}

// UnmarshalText reads a square's name.
func (q *Square) UnmarshalText(text []byte) error {
	s, err := ParseSquare(string(text))
	if err != nil {
		return fmt.Errorf("unmarshal square: %q is not a square from a1 to g7", text)
	}
	*q = s
	return nil
}

// ParseSquare reads a square's name, case-insensitive: "c3", "C3".
func ParseSquare(text string) (Square, error) {
	if len(text) == 2 {
		f, r := text[0]|0x20, text[1]
		if f >= 'a' && f < 'a'+size && r >= '1' && r < '1'+size {
			return Square(int(r-'1')*size + int(f-'a')), nil
		}
	}
	if looksLikeSquare(strings.ToLower(text)) {
		return NoSquare, engine.Refuse("%s is not a square of the board: files run from a to g and ranks from 1 to 7", text)
	}
	return NoSquare, engine.Refuse("%q is not a square: name one as a file a to g and a rank 1 to 7, as c3", text)
}

// looksLikeSquare: a letter then digits, the shape of a square's name.
func looksLikeSquare(w string) bool {
	if len(w) < 2 || w[0] < 'a' || w[0] > 'z' {
		return false
	}
	for i := 1; i < len(w); i++ {
		if w[i] < '0' || w[i] > '9' {
			return false
		}
	}
	return true
}

// Kind is what a move does.
type Kind uint8

// The kinds of moves. Slide and Drop are actions, which take the turn; the
// others are answers any seat may give at any time while the game lasts.
const (
	Slide   Kind = iota // a cube slides 1 to level squares
	Drop                // a cube from the reserve enters on a corner
	Draw                // offers a draw, or accepts the other seat's offer
	Decline             // refuses the other seat's offer of a draw
	Resign              // gives the game up
)

// Move is a Ludicitude move. A slide names the squares its cube leaves and
// reaches, and the cubes it promotes (Promote, in square order; empty to
// leave every promotion to the server). A drop names only To.
type Move struct {
	Kind     Kind
	From, To Square
	Promote  []Square
	// Timeout marks the resignation the server plays when the player to
	// move ran out of time: "timeout forfeit". Ludicitude has no passes,
	// so a timeout always forfeits.
	Timeout bool
}

var _ engine.Move = Move{}

// String is the canonical notation: "c1-c3", "c1-c3 +b1 +e1", "drop a7",
// "draw", "decline", "resign".
func (m Move) String() string {
	switch m.Kind {
	case Drop:
		return "drop " + m.To.String()
	case Draw, Decline, Resign:
		return kindWords[m.Kind].Notation(m.Timeout)
	}
	var b strings.Builder
	b.WriteString(m.From.String() + "-" + m.To.String())
	for _, q := range m.Promote {
		b.WriteString(" +" + q.String())
	}
	return b.String()
}

// moveHelp is the end of every refusal of an unreadable move.
var moveHelp = lang.T("write a slide as c1-c3 (with promotions: c1-c3 +b1 +e1), a drop as drop a7, or draw, decline or resign")

// keywords are the move words in English and in French, folded
// (engine.Fold), by the kind of move they open: players write either
// language whatever their setting, and the move is the same. They are the
// drop's (engine.WordDrop), and those of the moves every game shares (engine.MoveWord) but
// pass.
var keywords = engine.WordTable(sharedKinds, map[engine.GameWord]Kind{engine.WordDrop: Drop})

// sharedKinds are the kinds of the moves every game shares that
// Ludicitude has.
var sharedKinds = map[engine.Word]Kind{engine.WordResign: Resign, engine.WordDraw: Draw, engine.WordDecline: Decline}

// kindWords are the shared moves by their kind, for Move.String.
var kindWords = engine.KindWords(sharedKinds)

// passWords are "pass" in both languages: Ludicitude has no passing by
// choice, and they are refused with the reason.
var passWords = engine.MoveWords(engine.WordPass)

// ParseMove reads a move as a player writes it, in English or French, in
// any case and with or without accents:
//
//	c1-c3, c1c3, c1 c3         a slide
//	c1 up 2, c1 haut 2         the same, by its direction (up, down, left,
//	                           right; haut, bas, gauche, droite)
//	c1-c3 +b1 +e1              a slide naming its promotions
//	c1-c3 promote b1 e1        the same (promouvoir, promus: the same)
//	drop a7, *a7, @a7          a drop (parachuter a7, parachute a7)
//	draw, decline, resign      answers: draw offers or accepts a draw
//	                           (nulle, refuser, abandonner)
//
// It does not look at any position: a well-formed move may be illegal.
func ParseMove(text string) (Move, error) {
	norm := engine.Fold(strings.TrimSpace(text))
	for _, dash := range []string{"–", "—", "‐"} {
		norm = strings.ReplaceAll(norm, dash, "-")
	}
	norm = strings.TrimSpace(strings.NewReplacer(",", " ", ";", " ").Replace(norm))
	words := strings.Fields(norm)
	if len(words) == 0 {
		return Move{}, engine.Refuse("the move is empty: %s", moveHelp)
	}
	if slices.Contains(passWords, words[0]) {
		return Move{}, engine.Refuse("there is no passing by choice in Ludicitude: the server passes a player only when they have no legal action")
	}
	if engine.IsTimeout(words[0]) {
		if w, err := engine.ParseTimeout(words); err == nil && w == engine.WordResign {
			return Move{Kind: Resign, Timeout: true}, nil
		}
		return Move{}, engine.Refuse("Ludicitude has no passes: a timeout is written timeout forfeit")
	}
	switch k, ok := keywords[words[0]]; {
	case ok && k == Drop:
		return parseDrop(words[1:], words[0])
	case ok:
		return word(words, k)
	}
	if norm[0] == '*' || norm[0] == '@' {
		return parseDrop(strings.Fields(norm[1:]), "drop")
	}
	return parseSlide(norm)
}

// word is a move of one word with nothing after it.
func word(words []string, k Kind) (Move, error) {
	if len(words) > 1 {
		return Move{}, engine.Refuse("%s takes nothing after it, and %q follows", words[0], strings.Join(words[1:], " "))
	}
	return Move{Kind: k}, nil
}

// parseDrop reads the square of a drop, written after the keyword ("drop
// a7", "* a7") or against it ("*a7").
func parseDrop(words []string, keyword string) (Move, error) {
	words = slices.DeleteFunc(slices.Clone(words), func(w string) bool { return strings.Trim(w, "*@") == "" })
	switch {
	case len(words) == 0:
		return Move{}, engine.Refuse("%s where? Name the square, as drop a7", keyword)
	case len(words) > 1 || strings.Contains(words[0], "+"):
		return Move{}, engine.Refuse("a drop names one square, as drop a7, and nothing after it: a drop captures nothing, so it earns no promotion")
	}
	q, err := ParseSquare(strings.TrimLeft(words[0], "*@"))
	if err != nil {
		return Move{}, engine.Refuse("%s: a drop names one square, as drop a7", refusalText(err))
	}
	return Move{Kind: Drop, From: NoSquare, To: q}, nil
}

// parseSlide reads "c1-c3", "c1c3", "c1 c3" or "c1 up 2" (direction.go),
// then any promotions.
func parseSlide(norm string) (Move, error) {
	rest := norm
	from, rest, err := leadingSquare(rest)
	if err != nil {
		return Move{}, err
	}
	rest = strings.TrimLeft(rest, " \t")
	if strings.HasPrefix(rest, "-") {
		rest = strings.TrimLeft(rest[1:], " \t")
	}
	if rest == "" {
		return Move{}, engine.Refuse("%s to where? A slide names two squares, as c1-c3", from)
	}
	to, rest, toward, err := slideToward(from, rest)
	if !toward {
		to, rest, err = leadingSquare(rest)
	}
	if err != nil {
		return Move{}, err
	}
	m := Move{Kind: Slide, From: from, To: to}
	if m.Promote, err = parsePromotions(m, rest); err != nil {
		return Move{}, err
	}
	return m, nil
}

// leadingSquare reads the square at the start of s: a letter and the
// digits after it.
func leadingSquare(s string) (Square, string, error) {
	n := 0
	if n < len(s) && s[n] >= 'a' && s[n] <= 'z' {
		n++
		for n < len(s) && s[n] >= '0' && s[n] <= '9' {
			n++
		}
	}
	if n < 2 {
		return NoSquare, s, engine.Refuse("I cannot read %q as a move: %s", firstWord(s), moveHelp)
	}
	q, err := ParseSquare(s[:n])
	return q, s[n:], err
}

func firstWord(s string) string {
	if f := strings.Fields(s); len(f) > 0 {
		return f[0]
	}
	return s
}

var promoteWords = []string{"promote", "promotes", "promotion", "promotions", "promo", "promu", "promus",
	"promouvoir", "promeut", "promue", "promues"}

// parsePromotions reads what follows a slide: "+b1 +e1" or "promote b1
// e1". The squares come back in square order, each once.
func parsePromotions(m Move, text string) ([]Square, error) {
	words := strings.Fields(strings.ReplaceAll(text, "+", " + "))
	if len(words) == 0 {
		return nil, nil
	}
	keyword := slices.Contains(promoteWords, words[0])
	if keyword {
		words = words[1:]
	}
	var out []Square
	plus := false
	for _, w := range words {
		switch {
		case w == "+":
			if plus {
				return nil, engine.Refuse("+ must be followed by a square, as %s +b1", m)
			}
			plus = true
			continue
		case w == "and" || w == "et":
			if keyword && !plus {
				continue
			}
		}
		if !keyword && !plus {
			return nil, engine.Refuse("I cannot read %q after %s: name promotions as %s +b1 +e1, or %s promote b1 e1", w, m, m, m)
		}
		q, err := ParseSquare(w)
		if err != nil {
			return nil, engine.Refuse("%s: name promotions as %s +b1 +e1, or %s promote b1 e1", refusalText(err), m, m)
		}
		if slices.Contains(out, q) {
			return nil, engine.Refuse("%s is named twice: a cube is promoted at most once per turn", q)
		}
		out = append(out, q)
		plus = false
	}
	if plus {
		return nil, engine.Refuse("+ must be followed by a square, as %s +b1", m)
	}
	if len(out) == 0 {
		return nil, engine.Refuse("promote which cubes? Name them, as %s promote b1 e1", m)
	}
	slices.Sort(out)
	return out, nil
}

// refusalText is the sentence of a refusal, for quoting inside another: the
// refusal itself, which renders in the reader's language, or the error's
// text.
func refusalText(err error) any {
	if r, ok := err.(*engine.Refusal); ok {
		return r
	}
	return err.Error()
}
