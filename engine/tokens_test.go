package engine

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"pbem/lang"
)

func TestParseBagOption(t *testing.T) {
	for _, c := range []struct {
		name, value string
		lo, hi      int
		skip        string
		want        string
		en, fr      string // the refusal, when there is one
	}{
		{name: "digits in order", value: "9137", lo: 1, hi: 9, want: "9137"},
		{name: "empty", value: "", lo: 1, hi: 9, want: ""},
		{name: "spaces and commas skipped", value: "0 5, 5", lo: 0, hi: 9, skip: " ,", want: "055"},
		{name: "a space not skipped", value: "1 2", lo: 1, hi: 9,
			en: `option bag takes digits 1 to 9, not " "`, fr: `l'option bag prend des chiffres de 1 à 9, pas " "`},
		{name: "a digit below the set", value: "30", lo: 1, hi: 9,
			en: `option bag takes digits 1 to 9, not "0"`, fr: `l'option bag prend des chiffres de 1 à 9, pas "0"`},
		{name: "a letter", value: "7x", lo: 0, hi: 9, skip: " ,",
			en: `option bag takes digits 0 to 9, not "x"`, fr: `l'option bag prend des chiffres de 0 à 9, pas "x"`},
		{name: "more than the set holds", value: "4, 4 4", lo: 0, hi: 9, skip: " ,",
			en: "option bag names more than 2 tokens 4: the set has 2 of each digit",
			fr: "l'option bag nomme plus de 2 jetons 4 : le jeu en compte 2 de chaque chiffre"},
	} {
		t.Run(c.name, func(t *testing.T) {
			got, err := ParseBagOption(c.value, c.lo, c.hi, 2, c.skip)
			if c.en == "" {
				require.NoError(t, err)
				assert.Equal(t, c.want, got)
				return
			}
			require.True(t, IsRefusal(err), "%v", err)
			assert.Equal(t, c.en, err.Error())
			assert.Equal(t, c.fr, RefusalIn(err, lang.French))
		})
	}
}

func TestDigitBag(t *testing.T) {
	for _, c := range []struct {
		name      string
		seed      uint64
		lo, hi    int
		first     string
		want      string // pinned: games replay from their seed
		wantFirst string
	}{
		{name: "fixed tokens lead", seed: 7, lo: 1, hi: 3, first: "31", want: "312213", wantFirst: "31"},
		{name: "all shuffled, zero a digit", seed: 7, lo: 0, hi: 2, want: "020121"},
	} {
		t.Run(c.name, func(t *testing.T) {
			bag := DigitBag(NewRand(c.seed), c.lo, c.hi, 2, c.first)
			assert.Equal(t, c.want, DigitText(bag))
			assert.Equal(t, c.wantFirst, DigitText(bag[:len(c.first)]))
			var count [10]int
			for _, d := range bag {
				count[d]++
			}
			for d := c.lo; d <= c.hi; d++ {
				assert.Equal(t, 2, count[d], "tokens %d", d)
			}
		})
	}
	a := DigitBag(NewRand(1), 1, 9, 10, "")
	assert.Equal(t, a, DigitBag(NewRand(1), 1, 9, 10, ""), "one seed, one bag")
	assert.NotEqual(t, a, DigitBag(NewRand(2), 1, 9, 10, ""), "two seeds, two bags")
}

func TestReadDigits(t *testing.T) {
	for _, c := range []struct {
		name, text string
		lo         int
		want       []byte
		err        string
	}{
		{name: "a rack", text: "1379", lo: 1, want: []byte{1, 3, 7, 9}},
		{name: "empty", text: "", lo: 1, want: []byte{}},
		{name: "zero a token", text: "05", lo: 0, want: []byte{0, 5}},
		{name: "zero not a token", text: "105", lo: 1, err: `"0" is not a token`},
		{name: "a space", text: "1 5", lo: 0, err: `"" is not a token`},
	} {
		t.Run(c.name, func(t *testing.T) {
			var total [10]int
			got, err := ReadDigits(c.text, c.lo, 9, &total)
			if c.err != "" {
				assert.EqualError(t, err, c.err)
				return
			}
			require.NoError(t, err)
			assert.Equal(t, c.want, got)
			assert.Equal(t, c.text, DigitText(got))
			for _, d := range got {
				assert.Positive(t, total[d])
			}
		})
	}
}

func TestDigitTextAndSpaced(t *testing.T) {
	assert.Equal(t, "30519", DigitText([]byte{3, 0, 5, 1, 9}))
	assert.Equal(t, "3 0 5", Spaced([]byte{3, 0, 5}))
	assert.Equal(t, "", Spaced(nil))
}

func TestTopScorersAndPlaying(t *testing.T) {
	for _, c := range []struct {
		name     string
		scores   []int
		resigned []bool
		want     []int
		playing  int
	}{
		{"one best", []int{3, 9, 4}, []bool{false, false, false}, []int{1}, 3},
		{"a shared win", []int{9, 2, 9}, []bool{false, false, false}, []int{0, 2}, 3},
		{"a resigned seat never wins", []int{3, 9, 4}, []bool{false, true, false}, []int{2}, 2},
		{"negative scores", []int{-5, -2}, []bool{false, false}, []int{1}, 2},
		{"everyone resigned", []int{1, 2}, []bool{true, true}, nil, 0},
	} {
		t.Run(c.name, func(t *testing.T) {
			assert.Equal(t, c.want, TopScorers(c.scores, c.resigned))
			assert.Equal(t, c.playing, Playing(c.resigned))
		})
	}
}

func TestWrap(t *testing.T) {
	long := "one two three four five six seven eight nine ten eleven twelve thirteen"
	for _, c := range []struct {
		name, text string
		width      int
		indent     string
		want       string
	}{
		{"short", "Nobody wins.", 78, "  ", "Nobody wins.\n"},
		{"spaces collapsed", "  a   b  ", 78, "  ", "a b\n"},
		{"indented", long, 20, "  ", "one two three four\n  five six seven\n  eight nine ten\n  eleven twelve\n  thirteen\n"},
		{"not indented", long, 20, "", "one two three four\nfive six seven eight\nnine ten eleven\ntwelve thirteen\n"},
		{"a word longer than the line", "a abcdefghij b", 5, "", "a\nabcdefghij\nb\n"},
		{"runes, not bytes", "éé éé", 5, "", "éé éé\n"},
		{"empty", "", 78, "  ", "\n"},
		{"a French semicolon stays on its line", "à vous de jouer ; puis", 15, "", "à vous de\njouer ; puis\n"},
		{"a French colon stays on its line", "il reste deux jetons : 3 et 7", 21, "", "il reste deux\njetons : 3 et 7\n"},
		{"a question mark stays", "qui joue ?", 8, "", "qui\njoue ?\n"},
		{"guillemets hold their word", "écrivez « passe » ici", 13, "", "écrivez\n« passe » ici\n"},
		{"a mark alone is a word", "; a", 78, "", "; a\n"},
	} {
		t.Run(c.name, func(t *testing.T) {
			assert.Equal(t, c.want, Wrap(c.text, c.width, c.indent))
			assert.Equal(t, c.want, View{}.Wrap(c.text, c.width, c.indent), "a view for a mail's text wraps alike")
		})
	}
	assert.Equal(t, long+"\n", View{Flow: true}.Wrap(long, 20, "  "), "a view that flows keeps the sentence on one line")
}

func TestNameList(t *testing.T) {
	v := View{Names: []string{"Ann", "Bob", "Cy"}}
	assert.Equal(t, "Ann, Cy", NameList([]int{0, 2}, v.Name))
	assert.Equal(t, "seat 4", NameList([]int{3}, v.Name))
	assert.Equal(t, "", NameList(nil, v.Name))
}

func TestDrawOfferCheck(t *testing.T) {
	playing := []bool{false, false, false}
	for _, c := range []struct {
		name     string
		offer    DrawOffer
		resigned []bool
		over     bool
		first    int
		err      string
	}{
		{name: "no offer", resigned: playing},
		{name: "no offer, over", resigned: playing, over: true},
		{name: "a pending offer", offer: DrawOffer{0, 2}, resigned: playing},
		{name: "a seat out of range, from 0", offer: DrawOffer{3}, resigned: playing, err: "draw agreed by seat 3, which is not playing"},
		{name: "a seat out of range, from 1", offer: DrawOffer{3}, resigned: playing, first: 1, err: "draw agreed by seat 4, which is not playing"},
		{name: "a negative seat", offer: DrawOffer{-1}, resigned: playing, first: 1, err: "draw agreed by seat 0, which is not playing"},
		{name: "a resigned seat", offer: DrawOffer{1}, resigned: []bool{false, true, false}, err: "draw agreed by seat 1, which is not playing"},
		{name: "twice", offer: DrawOffer{1, 1}, resigned: playing, first: 1, err: "draw agreed by seat 2 twice or out of seating order"},
		{name: "out of order", offer: DrawOffer{2, 0}, resigned: playing, err: "draw agreed by seat 0 twice or out of seating order"},
		{name: "in a finished game", offer: DrawOffer{0}, resigned: playing, over: true, err: "a draw offer pending in a finished game"},
		{name: "everyone agreed", offer: DrawOffer{0, 2}, resigned: []bool{false, true, false}, err: "every seat agreed to a draw, yet the game goes on"},
	} {
		t.Run(c.name, func(t *testing.T) {
			err := c.offer.Check(c.resigned, c.over, c.first)
			if c.err == "" {
				assert.NoError(t, err)
				return
			}
			assert.EqualError(t, err, c.err)
		})
	}
}
