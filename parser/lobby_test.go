package parser

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestLobbyCommands: lines opening with a lobby verb are commands, with
// their words as written; chatter, quotes and the signature are not read.
func TestLobbyCommands(t *testing.T) {
	text := "Hello,\n\nSignup Ann Smith\nnew amplitude with bob@example.org Chloé clock=3d\n> games\nthanks!\n-- \ngames"
	cmds := LobbyCommands(text)
	assert.Equal(t, []LobbyCommand{
		{Line: 3, Written: "Signup Ann Smith", Verb: Signup, Args: []string{"Ann", "Smith"}},
		{Line: 4, Written: "new amplitude with bob@example.org Chloé clock=3d", Verb: New,
			Args: []string{"amplitude", "with", "bob@example.org", "Chloé", "clock=3d"}},
	}, cmds)
	assert.True(t, IsAccountVerb(Signup))
	assert.False(t, IsAccountVerb(New))
	assert.Empty(t, LobbyCommands("Thanks for the game!\nSee you"))
}

// TestLobbyCommandsInFrench: the lobby's verbs in French, in any case and
// without accents, and the keywords of new and games, are their English;
// names and addresses stay as written.
func TestLobbyCommandsInFrench(t *testing.T) {
	for _, c := range []struct {
		line, verb string
		args       []string
	}{
		{"inscription Chloé Martin", Signup, []string{"Chloé", "Martin"}},
		{"Confirmer abc123", Confirm, []string{"abc123"}},
		{"confirmer abc123 Abandonner", Confirm, []string{"abc123", "resign"}},
		{"confirmer abc123 garder", Confirm, []string{"abc123", "keep"}},
		{"nom Chloé", Rename, []string{"Chloé"}},
		{"Désinscription", Signoff, []string{}},
		{"desinscription", Signoff, []string{}},
		{"nouvelle amplitude avec bob@example.org et Avec", New, []string{"amplitude", "with", "bob@example.org", "and", "with"}},
		{"Nouvelle chiffres avec ordinateur", New, []string{"chiffres", "with", "computer"}},
		{"nouvelle ludicitude ouverte 2 clock=3d", New, []string{"ludicitude", "open", "2", "clock=3d"}},
		{"accepter 7", Accept, []string{"7"}},
		{"REFUSER 7", Refuse, []string{"7"}},
		{"rejoindre 9", Join, []string{"9"}},
		{"parties", Games, []string{}},
		{"parties ouvertes", Games, []string{"open"}},
		{"plateau 12", BoardOf, []string{"12"}},
		{"Aide", Lobby, []string{}},
	} {
		cmds := LobbyCommands("Bonjour,\n" + c.line + "\nMerci !")
		require.Len(t, cmds, 1, c.line)
		assert.Equal(t, LobbyCommand{Line: 2, Written: c.line, Verb: c.verb, Args: c.args}, cmds[0], c.line)
	}
	assert.Empty(t, LobbyCommands("Bonne partie à tous\nÀ bientôt"))
	assert.Equal(t, []string{"resign", "keep", "resign", "bonjour"},
		[]string{LobbyWord("ABANDONNER"), LobbyWord("garder"), LobbyWord("resign"), LobbyWord("Bonjour")})
}

// TestAccountCommands: lang, mail and pictures at the bare address, in
// either language, as strictly as in a game's mail; chatter and other
// commands skipped.
func TestAccountCommands(t *testing.T) {
	for _, c := range []struct {
		text, verb, arg string
		err             bool
	}{
		{"lang fr", Lang, "fr", false}, {"langue français", Lang, "français", false},
		{"mail digest 08:30", MailPref, "digest 08:30", false}, {"courrier tour", MailPref, "turn", false},
		{"pictures off", Pictures, "off", false}, {"images non", Pictures, "off", false},
		{"lang", Lang, "", true}, {"mail daily", MailPref, "", true},
		{"Hello\nlang fr\nthanks", Lang, "fr", false},
		{"mail me when you can", "", "", false}, {"try h8 right 123", "", "", false}, {"watch 12", "", "", false},
	} {
		got := AccountCommands(c.text)
		if c.verb == "" {
			assert.Empty(t, got, "%q", c.text)
			continue
		}
		if assert.Len(t, got, 1, "%q", c.text) {
			assert.Equal(t, c.verb, got[0].Verb, "%q", c.text)
			assert.Equal(t, c.err, got[0].Err != nil, "%q", c.text)
			if !c.err {
				assert.Equal(t, c.arg, got[0].Text, "%q", c.text)
			}
		}
	}
}

// TestLobbyTournament: tournament and tournaments, in either language,
// are lobby commands with their words as written.
func TestLobbyTournament(t *testing.T) {
	cmds := LobbyCommands("tournoi rejoindre 3\ntournaments\nTournament new chiffres swiss 3 with bob@example.org\n")
	if len(cmds) != 3 || cmds[0].Verb != Tournament || cmds[1].Verb != Tournaments || cmds[2].Verb != Tournament {
		t.Fatalf("got %+v", cmds)
	}
	if cmds[0].Args[0] != "rejoindre" || cmds[2].Args[4] != "with" {
		t.Fatalf("args %q %q", cmds[0].Args, cmds[2].Args)
	}
}
