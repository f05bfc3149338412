package parser

import (
	"strings"
)

// The lobby is the server's bare address: a mail there is about the
// sender's account or the games they start and find, not a move of one
// game. Each of its commands is a line opening with one of these verbs,
// or its French (inscription, confirmer, nom, nouvelle...: verbs_fr.go);
// the words after the verb are its arguments, read by the server.
const (
	Signup  = "signup"  // signup NAME: register the sender's address
	Confirm = "confirm" // confirm TOKEN: complete a sign-up, an alias, a sign-off
	Rename  = "name"    // name NEW: the name the other players see
	Alias   = "alias"   // alias ADDRESS: another address of the sender's, confirmed from it
	Signoff = "signoff" // signoff: no more games, no more mail
	New     = "new"     // new GAME with ADDRESS|NAME ... | new GAME open N | new GAME with computer
	Accept  = "accept"  // accept ID: take the seat a challenge offers
	Refuse  = "decline" // decline ID: refuse it
	Join    = "join"    // join ID: take an open seat
	Games   = "games"   // games: the sender's games; games open: the open seats
	BoardOf = "board"   // board ID: one of the sender's games' board again
	Lobby   = "help"    // help: these commands, in a mail
)

// accountVerbs are the lobby verbs about the sender's account.
var accountVerbs = map[string]bool{Signup: true, Confirm: true, Rename: true, Alias: true, Signoff: true}

// lobbyVerbs are every lobby verb.
var lobbyVerbs = map[string]bool{Signup: true, Confirm: true, Rename: true, Alias: true, Signoff: true,
	New: true, Accept: true, Refuse: true, Join: true, Games: true, BoardOf: true, Lobby: true}

// IsAccountVerb reports whether verb is about the sender's account (as
// opposed to the games they start and find).
func IsAccountVerb(verb string) bool { return accountVerbs[verb] }

// LobbyCommand is one command of a mail to the lobby.
type LobbyCommand struct {
	Line    int      // 1-based line number in the text
	Written string   // the line as written, trimmed
	Verb    string   // one of the lobby verbs, lower case
	Args    []string // the words after the verb, as written; French keywords (avec, ouverte) in English
}

// LobbyCommands reads the lobby commands of a mail's new text: the lines
// whose first word is a lobby verb, in order, at most MaxCommands. Blank
// and quoted lines are skipped and reading stops at a signature line
// ("-- "); every other line is chatter.
func LobbyCommands(text string) []LobbyCommand {
	var out []LobbyCommand
	for i, raw := range strings.Split(text, "\n") {
		if strings.TrimRight(raw, " \t\r") == "--" {
			break
		}
		line := strings.TrimSpace(raw)
		if line == "" || strings.HasPrefix(line, ">") {
			continue
		}
		fields := strings.Fields(line)
		verb := lobbyVerbOf(fields[0])
		if !lobbyVerbs[verb] {
			continue
		}
		if out = append(out, LobbyCommand{Line: i + 1, Written: line, Verb: verb, Args: lobbyArgs(verb, fields[1:])}); len(out) >= MaxCommands {
			break
		}
	}
	return out
}
