package engine

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"pbem/lang"
)

func TestMoveWord(t *testing.T) {
	for _, c := range []struct {
		text string
		want Word
	}{
		{"pass", WordPass}, {"Passer", WordPass}, {"PASSE", WordPass},
		{"resign", WordResign}, {"abandon", WordResign}, {"Abandonné", WordResign}, {"abandonner", WordResign},
		{"draw", WordDraw}, {"Nulle", WordDraw},
		{"decline", WordDecline}, {"refuse", WordDecline}, {"Refuser", WordDecline}, {"décliner", WordDecline},
		{"exchange", NoWord}, {"timeout", NoWord}, {"H8", NoWord},
	} {
		t.Run(c.text, func(t *testing.T) {
			got, ok := MoveWord(Fold(c.text))
			assert.Equal(t, c.want != NoWord, ok)
			assert.Equal(t, c.want, got)
		})
	}
	assert.Equal(t, []string{"pass", "passe", "passer"}, MoveWords(WordPass))
	assert.Len(t, MoveWords(), 13)
}

func TestWordTableAndKindWords(t *testing.T) {
	type kind int
	kinds := map[Word]kind{WordResign: 1, WordDraw: 2}
	table := WordTable(kinds, map[GameWord]kind{WordDrop: 3})
	assert.Equal(t, map[string]kind{
		"resign": 1, "abandon": 1, "abandonne": 1, "abandonner": 1,
		"draw": 2, "nulle": 2,
		"drop": 3, "parachute": 3, "parachuter": 3, "parachutage": 3,
	}, table)
	assert.Equal(t, map[kind]Word{1: WordResign, 2: WordDraw}, KindWords(kinds))
}

func TestNotation(t *testing.T) {
	for _, c := range []struct {
		w       Word
		timeout bool
		want    string
	}{
		{WordPass, false, "pass"}, {WordPass, true, "timeout"},
		{WordResign, false, "resign"}, {WordResign, true, "timeout forfeit"},
		{WordDraw, false, "draw"}, {WordDecline, false, "decline"},
		{NoWord, false, ""},
	} {
		t.Run(c.want, func(t *testing.T) {
			assert.Equal(t, c.want, c.w.Notation(c.timeout))
			if c.w == NoWord {
				return
			}
			// The notation reads back as the same move.
			if c.timeout {
				w, err := ParseTimeout(strings.Fields(c.want))
				require.NoError(t, err)
				assert.Equal(t, c.w, w)
				return
			}
			w, ok := MoveWord(c.want)
			assert.True(t, ok)
			assert.Equal(t, c.w, w)
		})
	}
}

func TestParseTimeout(t *testing.T) {
	for _, c := range []struct {
		text string
		want Word
	}{
		{"timeout", WordPass},
		{"timeout forfeit", WordResign},
		{"timeout FORFEIT", WordResign},
		{"hors-délai forfait", WordResign},
		{"timeout now", NoWord},
		{"timeout forfeit now", NoWord},
	} {
		t.Run(c.text, func(t *testing.T) {
			w, err := ParseTimeout(strings.Fields(c.text))
			assert.Equal(t, c.want, w)
			if c.want != NoWord {
				assert.NoError(t, err)
				return
			}
			require.True(t, IsRefusal(err))
			assert.Equal(t, "a timeout is written timeout or timeout forfeit", err.Error())
			assert.Equal(t, "un dépassement de temps s'écrit hors-délai ou hors-délai forfait", RefusalIn(err, lang.French))
		})
	}
}

func TestTakesNothing(t *testing.T) {
	for _, c := range []struct {
		w      Word
		en, fr string
	}{
		{WordPass, "pass takes nothing after it", "passer s'écrit seul, sans rien après"},
		{WordResign, "resign takes nothing after it", "abandonner s'écrit seul, sans rien après"},
		{WordDraw, "draw takes nothing after it", "nulle s'écrit seul, sans rien après"},
		{WordDecline, "decline takes nothing after it", "refuser s'écrit seul, sans rien après"},
	} {
		t.Run(c.en, func(t *testing.T) {
			err := TakesNothing(c.w)
			require.True(t, IsRefusal(err))
			assert.Equal(t, c.en, err.Error())
			assert.Equal(t, c.fr, RefusalIn(err, lang.French))
		})
	}
}

// typed is a game's own state type, as Decode's typed result holds it.
type typed struct{ State }

func TestAsMoveAndAsState(t *testing.T) {
	refused := Refuse("there is no move")
	m, err := AsMove(typedMove("pass"), nil)
	require.NoError(t, err)
	assert.Equal(t, "pass", m.String())
	m, err = AsMove(typedMove(""), refused)
	assert.Nil(t, m, "a refused move is a nil Move, not a typed zero")
	assert.Equal(t, refused, err)

	s, err := AsState((*typed)(nil), refused)
	assert.True(t, s == nil, "a nil *typed would make a State that is not nil")
	assert.Equal(t, refused, err)
	st := &typed{}
	s, err = AsState(st, nil)
	require.NoError(t, err)
	assert.Same(t, st, s)
}

type typedMove string

func (m typedMove) String() string { return string(m) }
