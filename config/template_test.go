package config

import (
	"pbem/server/lobby"
	"pbem/server/tournament"

	"os"
	"path/filepath"
	"reflect"
	"regexp"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"pbem/server"
)

// pendingKeys are listed in Keys ahead of the work, merged in parallel,
// that makes Load accept them. TestTemplateDecodesToDefaults fails once
// Load knows one of them: then it leaves this list, and is held to its
// default like every other key.
var pendingKeys = map[string]bool{}

// acceptedKeys are the keys of the TOML layout Load decodes, section.key.
func acceptedKeys() []string {
	var keys []string
	ft := reflect.TypeFor[file]()
	for i := range ft.NumField() {
		sec := ft.Field(i)
		for j := range sec.Type.NumField() {
			f := sec.Type.Field(j)
			name := f.Tag.Get("toml")
			if name == "" {
				name = strings.ToLower(f.Name)
			}
			keys = append(keys, sec.Tag.Get("toml")+"."+name)
		}
	}
	return keys
}

// TestTemplateListsEveryKey: every key Load accepts is in Keys, each
// named once with its own variable.
func TestTemplateListsEveryKey(t *testing.T) {
	listed := map[string]bool{}
	vars := map[string]bool{}
	for _, k := range Keys {
		assert.False(t, listed[k.Name], "%s listed twice", k.Name)
		assert.False(t, vars[k.Var], "%s given to two keys", k.Var)
		assert.Regexp(t, `^(imap|smtp|server|lobby)\.[a-z_]+$`, k.Name)
		assert.Regexp(t, `^PBEM_[A-Z_]+$`, k.Var)
		assert.NotEmpty(t, k.Meaning, k.Name)
		listed[k.Name], vars[k.Var] = true, true
	}
	for _, name := range acceptedKeys() {
		assert.True(t, listed[name], "config.Load accepts %s, which config.Keys (and so pbem init's file) lacks", name)
		_, key, _ := strings.Cut(name, ".")
		assert.True(t, strings.Contains(Template(), "\n# "+key+" = "), "the template lacks the line of %s", name)
	}
}

// effective is c with each unset value replaced by the default it stands
// for, so that two configurations compare by what they do.
func effective(c Config) Config {
	c.IMAP.TLS, c.SMTP.TLS = c.IMAP.Mode(), c.SMTP.Mode()
	if c.Server.MaxMailSize == 0 {
		c.Server.MaxMailSize = server.DefaultMaxMailSize
	}
	if c.Server.AnswersPerHour == 0 {
		c.Server.AnswersPerHour = server.DefaultAnswersPerHour
	}
	if c.Server.StrangersPerHour == 0 {
		c.Server.StrangersPerHour = server.DefaultStrangersPerHour
	}
	if c.Lobby.Signup == "" {
		c.Lobby.Signup = lobby.SignupAnyone
	}
	if c.Server.ClockStart == "" {
		c.Server.ClockStart = server.ClockFromDelivery
	}
	if c.Lobby.Rematch == "" {
		c.Lobby.Rematch = lobby.RematchOn
	}
	if c.Lobby.Undo == "" {
		c.Lobby.Undo = lobby.UndoConsent
	}
	if c.Lobby.Ladders == "" {
		c.Lobby.Ladders = lobby.LaddersOn
	}
	if c.Lobby.Takeover == "" {
		c.Lobby.Takeover = lobby.TakeoverOn
	}
	if c.Lobby.Tournaments == "" {
		c.Lobby.Tournaments = tournament.WhoRegistered
	}
	if c.Lobby.TournamentsPerPlayer == 0 {
		c.Lobby.TournamentsPerPlayer = tournament.DefaultPerPlayer
	}
	for _, v := range []struct {
		into *int
		def  int
	}{
		{&c.Lobby.GamesPerDay, lobby.DefaultGamesPerDay}, {&c.Lobby.GamesRunning, lobby.DefaultGamesRunning},
		{&c.Lobby.MailsPerHour, lobby.DefaultMailsPerHour}, {&c.Lobby.MailsToAddressPerHour, lobby.DefaultMailsToAddress},
		{&c.Lobby.ChallengeDays, int(lobby.DefaultChallengeExpiry.Hours() / 24)},
	} {
		if *v.into == 0 {
			*v.into = v.def
		}
	}
	return c
}

var keyLine = regexp.MustCompile(`(?m)^# ([a-z_]+ = .*)$`)

// TestTemplateDecodesToDefaults: the file pbem init writes changes
// nothing as written, nor with every key uncommented: each default it
// shows is the default in effect.
func TestTemplateDecodesToDefaults(t *testing.T) {
	defaults, err := Load("", false, envOf(nil))
	require.NoError(t, err)
	dir := t.TempDir()
	load := func(name, text string) (Config, error) {
		path := filepath.Join(dir, name)
		require.NoError(t, os.WriteFile(path, []byte(text), 0o600))
		return Load(path, true, envOf(nil))
	}

	asWritten, err := load("written.toml", Template())
	require.NoError(t, err)
	assert.Equal(t, defaults, asWritten)

	section := ""
	var lines []string
	for _, line := range strings.Split(Template(), "\n") {
		if strings.HasPrefix(line, "[") {
			section = strings.Trim(line, "[]")
		}
		if m := keyLine.FindStringSubmatch(line); m != nil {
			name := section + "." + strings.Fields(m[1])[0]
			if pendingKeys[name] {
				_, err := load("pending.toml", "["+section+"]\n"+m[1]+"\n")
				assert.ErrorContains(t, err, "unknown key "+name, "Load now accepts %s: take it out of pendingKeys", name)
			} else {
				line = m[1]
			}
		}
		lines = append(lines, line)
	}
	all, err := load("uncommented.toml", strings.Join(lines, "\n"))
	require.NoError(t, err)
	assert.Equal(t, effective(defaults), effective(all))
}

// TestDocsListEveryKey: docs/operators.md has a row for each key, with
// its variable.
func TestDocsListEveryKey(t *testing.T) {
	docs, err := os.ReadFile(filepath.Join("..", "docs", "operators.md"))
	require.NoError(t, err)
	for _, k := range Keys {
		if pendingKeys[k.Name] {
			continue
		}
		assert.Contains(t, string(docs), "| `"+k.Name+"` | `"+k.Var+"` |", "docs/operators.md's configuration table lacks %s", k.Name)
	}
}
