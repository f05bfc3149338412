package chiffres

import (
	"testing"

	"pbem/engine"
)

func TestZZOverAtStart(t *testing.T) {
	n := 0
	for seed := uint64(0); seed < 20000; seed++ {
		st, err := Game{}.New(engine.Options{}, seed, 2)
		if err != nil {
			t.Fatal(err)
		}
		if st.Over() {
			n++
			if n <= 3 {
				t.Logf("seed %d: over at start: %s", seed, st.Render(engine.View{Seat: 0}))
			}
		}
	}
	t.Logf("%d of 20000 over at start", n)
}
