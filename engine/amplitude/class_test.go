package amplitude

import (
	"fmt"
	"testing"

	"github.com/stretchr/testify/assert"
)

// TestAdmitsEveryNode: admits never refuses a node that has the class,
// whichever operand it is told of, so that a search that skips what it
// refuses misses no tree; and it refuses some, or it would save nothing.
func TestAdmitsEveryNode(t *testing.T) {
	s := newSolver(true)
	var classes []class
	seen := map[class]bool{}
	for n := 1; n <= 3; n++ {
		eachLine(n, func(seq []byte) {
			for _, e := range s.set(seq).entries {
				if !seen[e.cls] {
					seen[e.cls] = true
					classes = append(classes, e.cls)
				}
			}
		})
	}
	refused := 0
	for _, a := range classes {
		for _, b := range classes {
			for _, o := range ops {
				c, ok := combineClass(o, a, b)
				if !ok {
					continue
				}
				name := fmt.Sprintf("%v %x %x", o.symbol(), a, b)
				assert.True(t, c.admits(o, a, true), name)
				assert.True(t, c.admits(o, b, false), name)
				if !kindSum.admits(o, a, true) {
					refused++
				}
			}
		}
	}
	assert.Greater(t, len(classes), 100)
	assert.Positive(t, refused)
}
