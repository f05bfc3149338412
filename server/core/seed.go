package core

import (
	"crypto/rand"
	"encoding/binary"
	"fmt"

	"pbem/engine"
)

// RandomSeed is a new game's chance, when nobody chose it.
func RandomSeed() (uint64, error) {
	var b [8]byte
	if _, err := rand.Read(b[:]); err != nil {
		return 0, fmt.Errorf("game seed: %w", err)
	}
	return binary.LittleEndian.Uint64(b[:]), nil
}

// dealTries bounds how many deals PlayableSeed looks at: a deal over at
// once is rare (a Chiffres game of two, 58 seeds in 20,000), so a few
// tries all but never run out.
const dealTries = 16

// PlayableSeed is a chance for a new game of kind with opts for n seats,
// drawn by draw, whose deal leaves something to play: a deal that is
// over at once (a Chiffres game where nobody can place a token) is no
// game to mail anyone, so another is drawn. The rules still end such a
// game, as a chosen seed (pbem game new --seed) shows; only the server's
// own choice avoids it. It returns the deal with its seed; an error of
// the game's New (options it does not take) is the answer.
func PlayableSeed(kind engine.Game, opts engine.Options, n int, draw func() (uint64, error)) (uint64, engine.State, error) {
	var seed uint64
	var st engine.State
	for range dealTries {
		var err error
		if seed, err = draw(); err != nil {
			return 0, nil, err
		}
		if st, err = kind.New(opts, seed, n); err != nil {
			return 0, nil, err
		}
		if !st.Over() {
			break
		}
	}
	return seed, st, nil // every deal over at once: the rules end the last
}
