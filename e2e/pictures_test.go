package e2e

import (
	"bytes"
	"image/png"
	"strings"
	"testing"
	"time"

	"pbem/picture"
)

// TestDeliveredMailsShowTheirPicture: the mails pbem serve hands to the
// relay carry their board pictures drawn in (the relay refuses a mail
// still holding a placeholder), one PNG per mail that decodes, the same
// picture for both players of a move, another after the next move.
func TestDeliveredMailsShowTheirPicture(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	gs := createGames(t, w.env, mix(3, 1, 1, 40), 2)
	d := w.env.serve(t, w.log)
	defer d.stop(t, 15*time.Second)
	waitInvitations(t, w.sink, gs, time.Minute)
	writeReplies(t, w.sink, gs)
	want := w.sink.count()
	for _, g := range gs {
		for _, raw := range g.Replies {
			if err := w.imap.Append("", raw); err != nil {
				t.Fatal(err)
			}
			want += len(g.Seats)
		}
	}
	waitFor(t, time.Minute, "every notification", func() (bool, string) {
		n := w.sink.count()
		return n >= want, "received"
	})
	// The sender keeps each recipient's mails in order, not the order of
	// two recipients' mails between them (they may go on two connections):
	// the pictures are compared recipient by recipient.
	byGame := map[int64]map[string][][]byte{}
	for _, m := range w.sink.all() {
		pics := picturesIn(t, m.Raw)
		if len(pics) != 1 {
			t.Fatalf("%s: %d pictures, want 1", m.Subject, len(pics))
		}
		img, err := png.Decode(bytes.NewReader(pics[0]))
		if err != nil {
			t.Fatalf("%s: the picture does not decode: %v", m.Subject, err)
		}
		if w := img.Bounds().Dx(); w < picture.MinWidth {
			t.Errorf("%s: a picture %d px wide", m.Subject, w)
		}
		if byGame[m.Game] == nil {
			byGame[m.Game] = map[string][][]byte{}
		}
		to := strings.ToLower(strings.Join(m.To, ","))
		byGame[m.Game][to] = append(byGame[m.Game][to], pics[0])
	}
	for id, byTo := range byGame {
		// Each player: the invitation, then a mail per move; the two
		// players' k-th mails show the same board, each move another.
		if len(byTo) != 2 {
			t.Fatalf("game %d: mails to %d addresses, want 2", id, len(byTo))
		}
		var seats [][][]byte
		for _, pics := range byTo {
			if len(pics) != 3 {
				t.Fatalf("game %d: %d mails to a player, want 3", id, len(pics))
			}
			seats = append(seats, pics)
		}
		for k := range 3 {
			if !bytes.Equal(seats[0][k], seats[1][k]) {
				t.Errorf("game %d: the two players' mails %d show different boards", id, k)
			}
			if k > 0 && bytes.Equal(seats[0][k], seats[0][k-1]) {
				t.Errorf("game %d: mails %d and %d show the same board across a move", id, k-1, k)
			}
		}
	}
}

// picturesIn is the bytes of every image part of raw.
func picturesIn(t *testing.T, raw []byte) [][]byte {
	t.Helper()
	parts, err := mimeParts(raw)
	if err != nil {
		t.Fatal(err)
	}
	var out [][]byte
	for _, p := range parts {
		if strings.HasPrefix(p.Type, "image/") {
			out = append(out, p.Body)
		}
	}
	return out
}
