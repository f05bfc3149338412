package lobby

import (
	"testing"

	"github.com/stretchr/testify/assert"

	"pbem/lang"
)

// The lobby's counted words read in French as a French reader writes them.
func TestCountedWordsInFrench(t *testing.T) {
	for _, c := range []struct {
		msg  lang.Msg
		want string
	}{
		{gamesCount(1), "1 partie"},
		{gamesCount(3), "3 parties"},
		{gameList([]int64{3, 7}), "partie 3, partie 7"},
	} {
		assert.Equal(t, c.want, c.msg.In(lang.French))
	}
}
