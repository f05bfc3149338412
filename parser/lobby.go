package parser

import (
	"slices"
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
	Ladder  = "ladder"  // ladder [GAME | join GAME | leave GAME | challenge NAME [GAME]]
	// Takeover ID takes over a seat on offer (a player left a game with
	// replace=offer); alone, or Takeovers, lists the seats on offer.
	Takeover  = "takeover"
	Takeovers = "takeovers"
)

// accountVerbs are the lobby verbs about the sender's account.
var accountVerbs = map[string]bool{Signup: true, Confirm: true, Rename: true, Alias: true, Signoff: true}

// lobbyVerbs are every lobby verb.
var lobbyVerbs = map[string]bool{Signup: true, Confirm: true, Rename: true, Alias: true, Signoff: true,
	New: true, Accept: true, Refuse: true, Join: true, Games: true, BoardOf: true, Lobby: true, Ladder: true,
	Takeover: true, Takeovers: true}

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
	for n, line := range writtenLines(text) {
		fields := strings.Fields(line)
		verb := lobbyVerbOf(fields[0])
		if !lobbyVerbs[verb] {
			continue
		}
		if out = append(out, LobbyCommand{Line: n, Written: line, Verb: verb, Args: lobbyArgs(verb, fields[1:])}); len(out) >= MaxCommands {
			break
		}
	}
	return out
}

// accountChoiceVerbs are the account commands the lobby reads too.
var accountChoiceVerbs = []string{Lang, MailPref, Pictures}

// AccountCommands reads, from a mail to the bare address, the commands
// about the sender's account that a game's mail may hold too — lang, mail
// and pictures, in either language — as strictly as there: a short line
// that starts like one but does not read is returned with Err set. Other
// lines are skipped, so that a player with no game yet may choose them.
func AccountCommands(text string) []Command {
	var out []Command
	for n, line := range writtenLines(text) {
		word, _, _ := strings.Cut(line, " ")
		if !slices.Contains(accountChoiceVerbs, verbOf(word)) {
			continue
		}
		c, ok := readVerb(line, Command{Line: n, Written: line}, nil)
		if !ok || !slices.Contains(accountChoiceVerbs, c.Verb) {
			continue
		}
		if out = append(out, c); len(out) >= MaxCommands {
			break
		}
	}
	return out
}
