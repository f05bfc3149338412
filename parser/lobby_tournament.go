package parser

// The tournament commands of the lobby: tournament (tournoi) with its
// subcommand and arguments, read by the server (server/tournament), and
// tournaments (tournois), the list. Registered here, beside the other
// lobby verbs, so that a mail's line opening with either is a command.
const (
	Tournament  = "tournament"  // tournament new GAME FORMAT … | join ID | withdraw ID | ID
	Tournaments = "tournaments" // tournaments: those signing up or under way
)

func init() {
	lobbyVerbs[Tournament], lobbyVerbs[Tournaments] = true, true
	frenchLobbyVerbs["tournoi"], frenchLobbyVerbs["tournois"] = Tournament, Tournaments
}
