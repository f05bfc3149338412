package report

import (
	"testing"

	"github.com/stretchr/testify/assert"
)

// TestReasonGroup: reasons as the server records them group by the
// server's words, without the player's.
func TestReasonGroup(t *testing.T) {
	for _, c := range []struct{ detail, want string }{
		{`line 1, "H8 right 123": it is not your turn`, "it is not your turn"},
		{`line 3, "pass": it is not your turn; answer held back by the limit refusals:4:1`, "it is not your turn"},
		{`line 2, "#3 pass": #3 is stale: the game is at move 5 now`, "#N is stale"},
		{`line 1, "H8 rihgt 34251": "rihgt" is not a direction: write right (or across) or down, as H8 right 3+4-5=2`, `"…" is not a direction`},
		{`line 1, "say \"hi\": there": "foo: bar" is not an Amplitude move`, `"…" is not an Amplitude move`},
		{`line 1, "H8 right 3+4=2": 3+4=2 is false: 3+4 makes 7, not 2`, "N is false"},
		{`line 2, "H8 right 999": your rack holds no 9 (it holds 1 2 3 4 5)`, "your rack holds no N"},
		{"bob@example.org is not the address of its seat of game 12", "ADDRESS is not the address of its seat of game N"},
		{"no valid reply token for game 7", "no valid reply token for game N"},
		{"not a reply to a game of this server", "not a reply to a game of this server"},
		{"sender authentication: dmarc=fail", "sender authentication"},
		{"unreadable: read mail: malformed MIME header line: x", "unreadable"},
		{"over the 1048576-byte cap", "over the N cap"},
		{"a revoked reply token of seat 2, from eve@example.org", "a revoked reply token of seat N, from ADDRESS"},
		{"a mail may hold at most 20 commands", "a mail may hold at most N commands"},
		{"", "(no reason recorded)"},
	} {
		assert.Equal(t, c.want, ReasonGroup(c.detail), c.detail)
	}
}
