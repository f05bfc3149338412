package core

// The names of the server's keys (store.ServerKey) that sign the tokens
// naming no game: a digest's reply address, a lobby mail's, a challenge's.
const (
	DigestKeyName    = "digest"
	LobbyKeyName     = "lobby"
	ChallengeKeyName = "challenge"
)
