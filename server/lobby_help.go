package server

import "pbem/lang"

// lobbyHelp is the answer to help at the bare address: every lobby
// command, the way to write it, in the order a newcomer needs them.
// docs/players.md ("Signing up", "Starting a game") says the same at
// length; TestLobbyHelpIsDocumented keeps the two together.
func lobbyHelp(address string) lang.Msg {
	return lang.T(lobbyHelpText, address)
}

// lobbyHelpText is the lobby's help, the server's address its argument.
const lobbyHelpText = `Write to %s, one command on a line of its own:

  signup NAME            sign up under NAME; reply to the confirmation that comes
  name NEW               your name is now NEW
  alias ADDRESS          mail from ADDRESS counts as yours, once confirmed from it
  signoff                no new games, no more mail (you choose: resign or keep)
  new GAME with ADDRESS  a challenge: GAME is amplitude, ludicitude or chiffres;
                         name several players by address or name, add options
                         as KEY=VALUE
  new GAME open N        a game with N seats anyone signed up may take
  new GAME with computer a game against the computer, started at once
  accept 12, decline 12  take or refuse your seat in challenge 12 (or reply to
                         its invitation with accept or decline)
  games open             the games waiting for players
  join 12                take a seat in game 12 of games open
  games                  your games: whose turn, the move number, where to reply
  board 12               the board of your game 12 again
  help                   this help

To play a move, reply to the game's latest mail, not to this address.`
