package amplitude

import (
	"fmt"
	"strings"
	"unicode"
	"unicode/utf8"

	"pbem/engine"
	"pbem/lang"
)

// Limits checked before any recursive parsing, so that hostile input can
// neither take long nor nest deep enough to matter.
const (
	maxFormulaBytes  = 300 // of the player's text, and of the normalised Text
	maxFormulaDigits = 15  // a board line holds at most 15 tokens
)

// Formula is an equation over a line's digits as a player wrote it.
type Formula struct {
	Result      byte   // the result digit, 1..9
	ResultFirst bool   // written "r=…" rather than "…=r"
	Operands    *expr  // the side of '=' that is not the result, as parsed
	Text        string // normalised: no spaces, × and / only, ( ) only, parentheses as written
	Score       int64  // points by the textual rule: - and / count as +, × stays
}

// ParseFormula reads a formula as a player writes it and checks that it is
// true. Every refusal is an *engine.Refusal a player can act upon. The
// optional forbidden patterns are not checked here: see expr.forbiddenPattern.
func ParseFormula(s string) (Formula, error) {
	if len(s) > maxFormulaBytes {
		return Formula{}, engine.Refuse("the formula is too long: at most %d characters", maxFormulaBytes)
	}
	raw, err := tokenizeFormula(s)
	if err != nil {
		return Formula{}, err
	}
	if err := checkFormulaShape(raw); err != nil {
		return Formula{}, err
	}
	toks := implyProducts(raw)
	text := renderTokens(toks)
	if len(text) > maxFormulaBytes {
		return Formula{}, engine.Refuse("the formula is too long: at most %d characters", maxFormulaBytes)
	}
	p := &formulaParser{src: s, toks: toks}
	left, right, eq, err := p.equation()
	if err != nil {
		return Formula{}, err
	}
	f := Formula{Text: text}
	var opToks []fToken
	switch {
	case left.op == opLeaf && right.op == opLeaf:
		return Formula{}, engine.Refuse("%s has a single digit on each side of '=': one side is the result, the other must combine at least two digits, as in 1+2=3", text)
	case left.op == opLeaf:
		f.Result, f.ResultFirst, f.Operands, opToks = left.digit, true, right, toks[eq+1:]
	case right.op == opLeaf:
		f.Result, f.Operands, opToks = right.digit, left, toks[:eq]
	default:
		return Formula{}, engine.Refuse("neither side of '=' in %s is a single digit: one side of '=' must be the result, a single digit, as in 1+2=3", text)
	}
	v, ok := f.Operands.eval()
	if !ok {
		return Formula{}, engine.Refuse("the formula divides by zero")
	}
	if v != ratOf(int64(f.Result)) {
		return Formula{}, engine.Refuse("%s is false: %s makes %s, not %d", text, renderTokens(opToks), formatRatio(v), int(f.Result))
	}
	if f.Score, err = textualScore(s, opToks); err != nil {
		return Formula{}, err
	}
	return f, nil
}

// Digits returns the formula's digits in the order they are written, result
// included; nil for the zero Formula.
func (f Formula) Digits() []byte {
	if f.Operands == nil {
		return nil
	}
	if f.ResultFirst {
		return f.Operands.digits([]byte{f.Result})
	}
	return append(f.Operands.digits(nil), f.Result)
}

// textualScore applies the seed's rule to the operand side's tokens: every -
// and / becomes +, × (written or implied) and parentheses stay, and the text
// is evaluated again with the usual precedence, which may group differently
// from the formula itself (3×4/2 scores 3×4+2).
func textualScore(src string, opToks []fToken) (int64, error) {
	toks := make([]fToken, len(opToks))
	for i, t := range opToks {
		if t.kind == fkSub || t.kind == fkDiv {
			t.kind = fkAdd
		}
		toks[i] = t
	}
	p := &formulaParser{src: src, toks: toks}
	e, err := p.sum()
	if err != nil {
		return 0, err
	}
	return e.score(), nil // only + and × remain: the score is the value
}

// formatRatio writes v as a whole number or a fraction such as 7/2 or -1/3.
func formatRatio(v rat) string {
	if v.den == 1 {
		return fmt.Sprint(v.num)
	}
	return fmt.Sprintf("%d/%d", v.num, v.den)
}

// fKind is the kind of a formula token.
type fKind byte

const (
	fkDigit fKind = iota
	fkAdd
	fkSub
	fkMul
	fkDiv
	fkOpen
	fkClose
	fkEq
	fkEnd // past the last token
)

// fToken is one token of a player's formula.
type fToken struct {
	kind       fKind
	digit      byte // 1..9, for fkDigit
	square     bool // written [ or ], for fkOpen and fkClose
	start, end int  // byte span in the player's text; empty for an implied ×
}

// symbol is how the normalised Text writes the token.
func (t fToken) symbol() string {
	switch t.kind {
	case fkDigit:
		return string(rune('0' + t.digit))
	case fkAdd:
		return "+"
	case fkSub:
		return "-"
	case fkMul:
		return "×"
	case fkDiv:
		return "/"
	case fkOpen:
		return "("
	case fkClose:
		return ")"
	case fkEq:
		return "="
	}
	return ""
}

// op is the operation of an operator token.
func (k fKind) op() op {
	switch k {
	case fkAdd:
		return opAdd
	case fkSub:
		return opSub
	case fkMul:
		return opMul
	case fkDiv:
		return opDiv
	}
	return opLeaf
}

// bracket writes an opening or closing bracket, round or square.
func bracket(k fKind, square bool) string {
	switch {
	case k == fkOpen && square:
		return "["
	case k == fkOpen:
		return "("
	case square:
		return "]"
	}
	return ")"
}

// tokenizeFormula splits the player's text into tokens, skipping spaces.
func tokenizeFormula(s string) ([]fToken, error) {
	var toks []fToken
	for i := 0; i < len(s); {
		r, n := utf8.DecodeRuneInString(s[i:])
		t := fToken{start: i, end: i + n}
		i += n
		switch {
		case r == utf8.RuneError && n == 1:
			return nil, engine.Refuse("the formula holds a byte (0x%02X) that is not valid text", s[t.start])
		case unicode.IsSpace(r):
			continue
		case r == '0':
			return nil, engine.Refuse("0 is not a token: tokens are the digits 1 to 9")
		case r >= '1' && r <= '9':
			t.kind, t.digit = fkDigit, byte(r-'0')
		case r == '+':
			t.kind = fkAdd
		case r == '-' || r == '−':
			t.kind = fkSub
		case strings.ContainsRune("×xX*·", r):
			t.kind = fkMul
		case strings.ContainsRune("/÷:", r):
			t.kind = fkDiv
		case r == '(' || r == '[':
			t.kind, t.square = fkOpen, r == '['
		case r == ')' || r == ']':
			t.kind, t.square = fkClose, r == ']'
		case r == '=':
			t.kind = fkEq
		case r == '^':
			return nil, engine.Refuse("'^' is not a digit or an operator: powers are not allowed")
		case unicode.IsPrint(r):
			return nil, engine.Refuse("'%c' is not a digit or an operator", r)
		default:
			return nil, engine.Refuse("the character %U is not a digit or an operator", r)
		}
		toks = append(toks, t)
	}
	return toks, nil
}

// checkFormulaShape refuses, before any parsing, a formula with no tokens,
// too many digits, or not exactly one '='.
func checkFormulaShape(toks []fToken) error {
	if len(toks) == 0 {
		return engine.Refuse("the formula is empty: write an equation such as 1+2=3")
	}
	digits, eqs := 0, 0
	for _, t := range toks {
		switch t.kind {
		case fkDigit:
			digits++
		case fkEq:
			eqs++
		}
	}
	switch {
	case digits > maxFormulaDigits:
		return engine.Refuse("the formula has %d digits: a line holds at most %d", digits, maxFormulaDigits)
	case eqs == 0:
		return engine.Refuse("the formula has no '=': write the result after '=', as in 1+2=3")
	case eqs == 2:
		return engine.Refuse("the formula has two '=': write exactly one, as in 1+2=3")
	case eqs > 2:
		return engine.Refuse("the formula has %d '=': write exactly one, as in 1+2=3", eqs)
	}
	return nil
}

// implyProducts makes juxtaposition explicit: a × goes between a digit or a
// closing bracket and a following digit or opening bracket.
func implyProducts(toks []fToken) []fToken {
	out := make([]fToken, 0, 2*len(toks))
	for i, t := range toks {
		if i > 0 {
			prev := toks[i-1].kind
			if (prev == fkDigit || prev == fkClose) && (t.kind == fkDigit || t.kind == fkOpen) {
				out = append(out, fToken{kind: fkMul, start: t.start, end: t.start})
			}
		}
		out = append(out, t)
	}
	return out
}

// renderTokens writes tokens in the normalised form.
func renderTokens(toks []fToken) string {
	var b strings.Builder
	for _, t := range toks {
		b.WriteString(t.symbol())
	}
	return b.String()
}

// formulaParser is a recursive-descent parser over tokens in which every
// product is explicit:
//
//	equation = sum "=" sum
//	sum      = product { ("+" | "-") product }
//	product  = factor { ("×" | "/") factor }
//	factor   = digit | "(" sum ")"
type formulaParser struct {
	src  string // the player's text, to say where an error is
	toks []fToken
	pos  int
}

func (p *formulaParser) peek() fToken {
	if p.pos < len(p.toks) {
		return p.toks[p.pos]
	}
	return fToken{kind: fkEnd, start: len(p.src), end: len(p.src)}
}

// equation parses both sides; eq is the index of the '=' token. The caller
// has checked that there is exactly one '='.
func (p *formulaParser) equation() (left, right *expr, eq int, err error) {
	if left, err = p.sum(); err != nil {
		return nil, nil, 0, err
	}
	if t := p.peek(); t.kind != fkEq {
		return nil, nil, 0, p.stray(t)
	}
	eq = p.pos
	p.pos++
	if right, err = p.sum(); err != nil {
		return nil, nil, 0, err
	}
	if t := p.peek(); t.kind != fkEnd {
		return nil, nil, 0, p.stray(t)
	}
	return left, right, eq, nil
}

func (p *formulaParser) sum() (*expr, error) {
	e, err := p.factorChain()
	for err == nil {
		t := p.peek()
		if t.kind != fkAdd && t.kind != fkSub {
			return e, nil
		}
		p.pos++
		var r *expr
		r, err = p.factorChain()
		e = binExpr(t.kind.op(), e, r)
	}
	return nil, err
}

// factorChain parses a product: factors joined by × and /.
func (p *formulaParser) factorChain() (*expr, error) {
	e, err := p.factor()
	for err == nil {
		t := p.peek()
		if t.kind != fkMul && t.kind != fkDiv {
			return e, nil
		}
		p.pos++
		var r *expr
		r, err = p.factor()
		e = binExpr(t.kind.op(), e, r)
	}
	return nil, err
}

func (p *formulaParser) factor() (*expr, error) {
	t := p.peek()
	switch t.kind {
	case fkDigit:
		p.pos++
		return leafExpr(t.digit), nil
	case fkOpen:
		p.pos++
		e, err := p.sum()
		if err != nil {
			return nil, err
		}
		c := p.peek()
		if c.kind != fkClose {
			return nil, p.expected(c, closing(t.square))
		}
		if c.square != t.square {
			return nil, engine.Refuse("an opening %s closes with %s, not %s, in %s",
				bracket(fkOpen, t.square), bracket(fkClose, t.square), bracket(fkClose, c.square), p.before(c.end))
		}
		p.pos++
		return e, nil
	}
	err := p.expected(t, lang.T("a digit or ("))
	if t.kind == fkAdd || t.kind == fkSub {
		err = engine.Refuse("%s: a digit cannot carry a sign", err)
	}
	return nil, err
}

// before is the player's text up to byte i, spaces removed.
func (p *formulaParser) before(i int) string {
	return strings.Map(func(r rune) rune {
		if unicode.IsSpace(r) {
			return -1
		}
		return r
	}, p.src[:i])
}

// closing is the bracket that closes an opening one, as a refusal names
// what it expected: "a )", "a ]".
func closing(square bool) lang.Msg {
	if square {
		return lang.T("a ]")
	}
	return lang.T("a )")
}

// expected refuses token t where what was expected, saying where.
func (p *formulaParser) expected(t fToken, what lang.Msg) error {
	where := lang.T("at the start")
	if b := p.before(t.start); b != "" {
		where = lang.T("after %s", b)
	}
	if t.kind == fkEnd {
		return engine.Refuse("%s %s was expected, but the formula ends there", where, what)
	}
	return engine.Refuse("%s %s was expected, not '%s'", where, what, p.src[t.start:t.end])
}

// stray refuses a token found after a complete side of the equation: in
// practice a closing bracket that closes nothing.
func (p *formulaParser) stray(t fToken) error {
	if t.kind == fkClose {
		return engine.Refuse("in %s the '%s' closes no '%s'", p.before(t.end), p.src[t.start:t.end], bracket(fkOpen, t.square))
	}
	return p.expected(t, lang.T("'=' or the end of the formula"))
}
