package config

import (
	"fmt"
	"path/filepath"
	"strconv"
)

// The server settings every process that composes or judges mail needs,
// by key: the database records them (store.RecordSettings), so that a
// process that sees no configuration, pbem ingest under an MTA that
// cleared the environment, still writes the right reply addresses and
// applies the operator's limits and sender checks. IMAP and SMTP
// settings, passwords above all, are never recorded: only serve uses them.
const (
	keyAddress     = "server.address"
	keyUnsubscribe = "server.unsubscribe_url"
	keyTemplates   = "server.templates"
	keyMaxMailSize = "server.max_mail_size"
	keyAuthservID  = "server.authserv_id"
	keySenderAuth  = "server.sender_auth"
	keyAnswers     = "server.answers_per_hour"
	keyStrangers   = "server.strangers_per_hour"
	keyLang        = "server.lang"
	keyClockStart  = "server.clock_start"
	// The lobby's policy: who may sign up, and its limits.
	keySignup        = "lobby.signup"
	keyGamesPerDay   = "lobby.games_per_day"
	keyGamesRunning  = "lobby.games_running"
	keyMailsPerHour  = "lobby.mails_per_hour"
	keyMailsTo       = "lobby.mails_to_address_per_hour"
	keyChallengeDays = "lobby.challenge_days"
	keyRematch       = "lobby.rematch"
	keyUndo          = "lobby.undo"
	keyLadders       = "lobby.ladders"
	keyTakeover      = "lobby.takeover"
	keyTournaments   = "lobby.tournaments"
	keyTournamentsPP = "lobby.tournaments_per_player"
)

// Configured reports whether this configuration names the server, and so
// is the one to record: a configuration without server.address is taken
// for none at all, to be completed from the database (Complete).
func (c Config) Configured() bool { return c.Server.Address != "" }

// Recorded is what the database keeps of c: every recorded setting, an
// unset one as "", so that a setting the operator removed is removed for
// the processes that read the record too.
func (c Config) Recorded() map[string]string {
	num := func(n int) string {
		if n == 0 {
			return ""
		}
		return strconv.Itoa(n)
	}
	s := c.Server
	templates := s.Templates
	if templates != "" {
		// Another process runs in another folder: the folder this one
		// means, whatever its working directory.
		if abs, err := filepath.Abs(templates); err == nil {
			templates = abs
		}
	}
	return map[string]string{
		keyAddress: s.Address, keyUnsubscribe: s.UnsubscribeURL, keyTemplates: templates,
		keyMaxMailSize: num(s.MaxMailSize), keyAuthservID: s.AuthservID, keySenderAuth: s.SenderAuth,
		keyAnswers: num(s.AnswersPerHour), keyStrangers: num(s.StrangersPerHour), keyLang: s.Lang, keyClockStart: s.ClockStart,
		keySignup: c.Lobby.Signup, keyGamesPerDay: num(c.Lobby.GamesPerDay), keyGamesRunning: num(c.Lobby.GamesRunning),
		keyMailsPerHour: num(c.Lobby.MailsPerHour), keyMailsTo: num(c.Lobby.MailsToAddressPerHour), keyChallengeDays: num(c.Lobby.ChallengeDays),
		keyRematch: c.Lobby.Rematch, keyUndo: c.Lobby.Undo, keyLadders: c.Lobby.Ladders,
		keyTakeover:    c.Lobby.Takeover,
		keyTournaments: c.Lobby.Tournaments, keyTournamentsPP: num(c.Lobby.TournamentsPerPlayer),
	}
}

// Complete fills the settings c leaves unset from rec, as Recorded wrote
// it, and returns the keys it filled. The sender check is one setting of
// two keys: without an authserv_id of its own, c takes the recorded
// authserv_id and sender_auth together.
func (c *Config) Complete(rec map[string]string) ([]string, error) {
	var filled []string
	text := func(key string, into *string) {
		if *into == "" && rec[key] != "" {
			*into = rec[key]
			filled = append(filled, key)
		}
	}
	number := func(key string, into *int) error {
		if *into != 0 || rec[key] == "" {
			return nil
		}
		n, err := strconv.Atoi(rec[key])
		if err != nil || n < 0 {
			return fmt.Errorf("the database records %s as %q, not a number: set it in the configuration", key, rec[key])
		}
		*into = n
		filled = append(filled, key)
		return nil
	}
	s := &c.Server
	text(keyAddress, &s.Address)
	text(keyUnsubscribe, &s.UnsubscribeURL)
	text(keyTemplates, &s.Templates)
	text(keyLang, &s.Lang)
	text(keyClockStart, &s.ClockStart)
	text(keySignup, &c.Lobby.Signup)
	text(keyRematch, &c.Lobby.Rematch)
	text(keyUndo, &c.Lobby.Undo)
	text(keyLadders, &c.Lobby.Ladders)
	text(keyTakeover, &c.Lobby.Takeover)
	text(keyTournaments, &c.Lobby.Tournaments)
	if s.AuthservID == "" && rec[keyAuthservID] != "" {
		s.AuthservID, s.SenderAuth = rec[keyAuthservID], rec[keySenderAuth]
		filled = append(filled, keyAuthservID, keySenderAuth)
	}
	for _, n := range []struct {
		key  string
		into *int
	}{{keyMaxMailSize, &s.MaxMailSize}, {keyAnswers, &s.AnswersPerHour}, {keyStrangers, &s.StrangersPerHour},
		{keyGamesPerDay, &c.Lobby.GamesPerDay}, {keyGamesRunning, &c.Lobby.GamesRunning},
		{keyMailsPerHour, &c.Lobby.MailsPerHour}, {keyMailsTo, &c.Lobby.MailsToAddressPerHour}, {keyChallengeDays, &c.Lobby.ChallengeDays}} {
		if err := number(n.key, n.into); err != nil {
			return nil, err
		}
	}
	return filled, nil
}
