package tournament

import (
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestReadNew: tournament new's words, in English and in French, and the
// refusals of what does not read.
func TestReadNew(t *testing.T) {
	for _, c := range []struct {
		line string
		want Request
	}{
		{"chiffres swiss 3 clock=72h with bob@example.org and computer computer:easy",
			Request{Game: "chiffres", Format: "swiss", Rounds: 3, Options: map[string]string{"clock": "72h"},
				People: []Person{{Email: "bob@example.org"}}, Bots: []string{"", "easy"}}},
		{"amplitude knockout seats=3 until 2026-12-24 open 8",
			Request{Game: "amplitude", Format: "knockout", Seats: 3, Options: map[string]string{}, Open: 8,
				Until: time.Date(2026, 12, 25, 0, 0, 0, 0, time.UTC)}},
		{"chiffres suisse 2 jusqu'au 2026-12-24 avec ann@example.org et ordinateur:fort",
			Request{Game: "chiffres", Format: "suisse", Rounds: 2, Options: map[string]string{},
				People: []Person{{Email: "ann@example.org"}}, Bots: []string{"fort"}, Until: time.Date(2026, 12, 25, 0, 0, 0, 0, time.UTC)}},
		{"chiffres round-robin with Ann, bob@example.org and Cleo", // names, resolved by newByMail
			Request{Game: "chiffres", Format: "round-robin", Options: map[string]string{},
				People: []Person{{Name: "Ann"}, {Email: "bob@example.org"}, {Name: "Cleo"}}}},
		{"ludicitude toutes-rondes ouvert 4", Request{Game: "ludicitude", Format: "toutes-rondes", Options: map[string]string{}, Open: 4}},
	} {
		got, err := ReadNew(strings.Fields(c.line))
		require.NoError(t, err, c.line)
		assert.Equal(t, c.want, got, c.line)
	}
	for _, line := range []string{"chiffres", "chiffres ladder open 4", "chiffres swiss 3", "chiffres knockout open x", "chiffres knockout until tomorrow open 4", "chiffres knockout seats=x open 4"} {
		_, err := ReadNew(strings.Fields(line))
		assert.Error(t, err, line)
	}
}
