package core

import (
	"pbem/engine"
	"pbem/store"
)

// Player is a human seat of a new game.
type Player struct {
	Email string
	Name  string
}

// NewGame asks for a game: its type, players in seating order, then
// computer seats, options, and a seed (random when nil).
type NewGame struct {
	Game    string
	Players []Player
	// Bots are the computer seats' labels, each with the level it plays
	// at after a colon when it is not normal: "Robot", "Robot:easy".
	Bots []string
	// Seated, when set, are the seats in seating order, players and
	// computers mixed, in place of Players then Bots: a rematch rotates
	// the seats of a game that had both.
	Seated  []AskedSeat
	Options engine.Options
	Seed    *uint64
	// CreatedBy is the player who starts the game by mail (counted
	// against the lobby's limits, see mayStart); 0 for the operator.
	CreatedBy int64
	// Start, for a game a challenge starts, is the answer that completes
	// it, and Inbound the mail that gave it: written with the game. The
	// lobby sets them; the operator's game new leaves them nil.
	Start   *store.ChallengeStart
	Inbound *store.Inbound
	// TournamentTable, for a game a tournament creates, is the table
	// (store.TournamentTable.ID) it plays, tied to it in the game's
	// transaction; Options then carry OptTournament. 0 otherwise.
	TournamentTable int64
	// LadderChallenge, for a game a ladder challenge starts, is that
	// challenge's ID; Options then carry OptLadder. 0 otherwise.
	LadderChallenge int64
}

// AskedSeats are the seats req asks for: Seated when set, else its
// players in the order given, then its computer seats.
func (req NewGame) AskedSeats() []AskedSeat {
	if len(req.Seated) > 0 {
		return req.Seated
	}
	asked := make([]AskedSeat, 0, len(req.Players)+len(req.Bots))
	for _, p := range req.Players {
		asked = append(asked, AskedSeat{Email: p.Email, Name: p.Name})
	}
	for _, b := range req.Bots {
		asked = append(asked, AskedSeat{Bot: true, Name: b})
	}
	return asked
}
