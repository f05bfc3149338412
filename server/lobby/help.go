package lobby

import "pbem/lang"

// Help is the answer to help at the bare address: every lobby
// command, the way to write it, in the order a newcomer needs them.
// docs/players.md ("Signing up", "Starting a game") says the same at
// length; TestLobbyHelpIsDocumented keeps the two together.
func Help(address string) lang.Msg {
	return lang.T(HelpText, address)
}

// HelpText is the lobby's help, the server's address its argument:
// a row a command, the command and what it does separated by a tab (the
// notice's template lays the rows out).
const HelpText = "Write to %s, one command on a line of its own:\n" +
	"\n" +
	"signup NAME\tsign up under NAME; reply to the confirmation that comes\n" +
	"name NEW\tyour name is now NEW\n" +
	"alias ADDRESS\tmail from ADDRESS counts as yours, once confirmed from it\n" +
	"signoff\tno new games, no more mail (you choose: resign or keep)\n" +
	"new GAME with ADDRESS\ta challenge: GAME is amplitude, ludicitude or chiffres; name several players by address or name, add options as KEY=VALUE\n" +
	"new GAME open N\ta game with N seats anyone signed up may take\n" +
	"new GAME with computer\ta game against the computer, started at once (add level=easy or level=strong)\n" +
	"accept 12, decline 12\ttake or refuse your seat in challenge 12 (or reply to its invitation with accept or decline)\n" +
	"games open\tthe games waiting for players\n" +
	"join 12\ttake a seat in game 12 of games open\n" +
	"games\tyour games: whose turn, the move number, where to reply\n" +
	"board 12\tthe board of your game 12 again\n" +
	"ladder\tthe ladders (ladder GAME: one, its rungs, records and open challenges)\n" +
	"ladder join GAME\tjoin GAME's ladder at the bottom (ladder leave GAME: leave it); ladder challenge NAME: challenge a player a few rungs above you, who must accept in time or lose the rung\n" +
	"takeovers\tthe seats on offer, whose player left a game; takeover 12 takes over the one of game 12\n" +
	"tournament new\ta tournament: tournament new GAME round-robin, swiss ROUNDS or knockout, then open N (entrants in all) or with ADDRESS or NAME… (computer for a computer seat); before them until DATE, seats=N, options as KEY=VALUE\n" +
	"tournaments\tthe tournaments signing up or under way\n" +
	"tournament join 12\tenter tournament 12 (tournament withdraw 12: leave it, your games left lost; tournament cancel 12: call off one you made, while it signs up)\n" +
	"tournament 12\tthe standings and rounds of tournament 12\n" +
	"lang fr\tyour mails in French (lang en: in English)\n" +
	"mail turn\ta mail only when it is your turn (mail every: every move; mail digest 08:30: one a day)\n" +
	"pictures off\tthe board as text alone (pictures on: as a picture too)\n" +
	"help\tthis help\n" +
	"\n" +
	"To play a move, reply to the game's latest mail, not to this address."
