package mailer

import (
	"testing"

	"github.com/stretchr/testify/assert"
)

// TestTokensAreStable: the tokens of the reply addresses mailed before an
// upgrade must still be the ones the new code makes, or every player's
// reply to an old mail would be refused. These are the values the first
// releases minted.
func TestTokensAreStable(t *testing.T) {
	k := []byte("0123456789abcdef")
	assert.Equal(t, "6oskqchcmeh3yuo7kvga", Token(k, 12, 1, 0))
	assert.Equal(t, "vpujmlo7uyhp6w6teurq", Token(k, 12, 1, 3))
	assert.Equal(t, "nvy7fnzmmtjfg532qlza", ChallengeToken(k, 3, 1))
	assert.Equal(t, "fgdqa76cbis6j4no4vkq", DigestToken(k, 7, 0))
}
