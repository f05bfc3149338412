package engine

import (
	"testing"

	"github.com/stretchr/testify/assert"

	"pbem/lang"
)

// TestDrawSentencesInFrench: the offers, answers and refusals of a draw by
// agreement read in French for a French reader, seats kept as the server
// names them.
func TestDrawSentencesInFrench(t *testing.T) {
	resigned := []bool{false, false, false}
	var d DrawOffer
	d, offered, _ := d.Agree(0, resigned)
	d, accepted, _ := d.Agree(1, resigned)
	_, lapsed := d.PlayOn(2)
	_, declined := d.Decline(2)
	_, drawn, _ := d.Agree(2, resigned)
	for _, c := range []struct {
		name string
		msg  lang.Msg
		fr   string
	}{
		{"offer", offered[0], "Seat 1 propose la nulle : les autres l'acceptent par nulle ou la refusent par refuser."},
		{"accept", accepted[0], "Seat 2 accepte la nulle ; doivent encore répondre : seat 3."},
		{"play on", lapsed[0], "Seat 3 joue : l'offre de nulle tombe."},
		{"decline", declined[0], "Seat 3 refuse la nulle : l'offre est retirée."},
		{"drawn", drawn[len(drawn)-1], "Tous sont d'accord : la partie est nulle."},
		{"waits", d.Refusal(0, false, resigned).(*Refusal).Msg, "vous avez déjà accepté la nulle : l'offre attend seat 3"},
		{"nothing to decline", DrawOffer(nil).Refusal(0, true, resigned).(*Refusal).Msg, "il n'y a pas d'offre de nulle à refuser"},
		{"two waiting", DrawOffer{1}.Refusal(1, false, resigned).(*Refusal).Msg, "vous avez déjà accepté la nulle : l'offre attend seat 1 et seat 3"},
	} {
		t.Run(c.name, func(t *testing.T) {
			assert.Equal(t, c.fr, c.msg.In(lang.French))
		})
	}
}

// winners is a finished State as WinnersSentence reads it.
type winners struct {
	State
	seats []int
}

func (w winners) Winners() []int { return w.seats }

func TestWinnersSentence(t *testing.T) {
	names := []string{"ann", "Bob", "Cy"}
	for _, c := range []struct {
		seats  []int
		en, fr string
	}{
		{nil, "Nobody wins.", "Personne ne gagne."},
		{[]int{0}, "Ann wins.", "Ann gagne."},
		{[]int{0, 2}, "Ann and Cy share the win.", "Ann et Cy se partagent la victoire."},
		{[]int{0, 1, 2}, "Ann, Bob and Cy share the win.", "Ann, Bob et Cy se partagent la victoire."},
	} {
		st := winners{seats: c.seats}
		assert.Equal(t, c.en, WinnersSentence(st, View{Names: names}))
		assert.Equal(t, c.fr, WinnersSentence(st, View{Names: names, Lang: lang.French}))
	}
}

func TestFoldAndFrenchKeywords(t *testing.T) {
	assert.Equal(t, "echanger", Fold("ÉCHANGER"))
	assert.Equal(t, "parachuter a7", Fold("Parachuter A7"))
	assert.Equal(t, "a", Fold("à"))
	assert.True(t, KeywordLine("Échanger 3 5", "echanger"))
	assert.True(t, KeywordLine("ABANDONNER.", "abandonner"))
	assert.True(t, SquareAttempt("H8 Droite", "droite", "bas"))
	assert.True(t, SquareAttempt("c1 à", "a"))
	assert.False(t, KeywordLine("nulle part ailleurs vraiment", "nulle"))
}

func TestRegistryRefusalInFrench(t *testing.T) {
	_, err := NewRegistry().Lookup("echecs")
	assert.Equal(t, `il n'y a pas de jeu "echecs" ; les jeux sont []`, RefusalIn(err, lang.French))
}
