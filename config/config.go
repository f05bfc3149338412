// Package config reads pbem's settings: a TOML file, then environment
// variables, which win. Secrets may come from files named by *_FILE
// variables, so that they need not sit in the environment; they are never
// printed (see Config.String).
package config

import (
	"errors"
	"fmt"
	"io/fs"
	"net"
	"os"
	"pbem/lang"
	"strconv"
	"strings"
	"time"

	"github.com/BurntSushi/toml"

	"pbem/mailer"
)

// Config is every setting of pbem serve and pbem ingest.
type Config struct {
	IMAP   IMAP
	SMTP   SMTP
	Server Server
	Lobby  Lobby
}

// Lobby is the operator's policy for what players do by mail at the
// server's bare address (server.LobbyPolicy); zero values are the
// server's defaults.
type Lobby struct {
	// Signup is who may sign up by mail: anyone, nobody (the operator
	// registers players), or mail domains separated by blanks or commas.
	Signup string
	// GamesPerDay and GamesRunning cap the games a player starts in 24
	// hours and has going at once; MailsPerHour the lobby mails one
	// address sends in an hour before the next go unread;
	// MailsToAddressPerHour the lobby's mails an hour to an address that
	// did not prove it wrote (a third party, a forged sender);
	// ChallengeDays how long a challenge waits for its players.
	GamesPerDay, GamesRunning, MailsPerHour, MailsToAddressPerHour, ChallengeDays int
	// Rematch is whether the players of a finished game may offer its
	// rematch by mail: on or off; "" is on.
	Rematch string
	// Undo is when a player may take back a turn by mail: consent,
	// computer or off; "" is consent.
	Undo string
	// Ladders is whether players may act on the ladders by mail (ladder,
	// ladder join, ladder challenge): on or off; "" is on.
	Ladders string
	// Takeover is whether players may take over a seat on offer by mail:
	// on or off; "" is on.
	Takeover string
	// Tournaments is who may make a tournament by mail: registered,
	// operator or off; "" is registered. TournamentsPerPlayer caps those
	// one player made that sign up or run at once; 0 is the default, 2.
	Tournaments          string
	TournamentsPerPlayer int
}

// SMTP is how the server's mails leave.
type SMTP struct {
	mailer.Endpoint
	Retry time.Duration // the wait before a failed mail's first retry, doubling up to an hour; default 30s
	// GiveUp is how long a mail the relay keeps deferring is tried before
	// it is abandoned as refused (mailer.Sender.GiveUp); 0 tries for ever.
	// Load's default is mailer.DefaultGiveUp.
	GiveUp time.Duration
	// Connections is how many connections the sender sends on at once, a
	// recipient's mails always on the same one; default 2, at most
	// MaxSMTPConnections (a relay that takes one connection an account
	// wants 1).
	Connections int
}

// MaxSMTPConnections bounds smtp.connections: a relay sees a server of
// pbem's size as one client, and more connections than cores buy nothing.
const MaxSMTPConnections = 8

// IMAP is where the players' replies arrive.
type IMAP struct {
	mailer.Endpoint
	Mailbox string // default INBOX
	// Processed and Rejected are the folders handled mails are filed in;
	// "" means mailer.DefaultProcessed and mailer.DefaultRejected. They are
	// written as mailer.Namespace.Folder reads them: "/"-separated under
	// the server's personal namespace, or in the server's own form.
	Processed, Rejected string
}

// Server is the daemon's own settings.
type Server struct {
	Address     string        // the server's mail address, LOCAL@DOMAIN
	Poll        time.Duration // IMAP polling period when IDLE is not offered; default 60s
	MaxMailSize int           // inbound mail cap in bytes; default 1 MiB
	Templates   string        // a folder of mail templates overriding the embedded ones
	// AuthservID is the authserv-id the operator's receiving mail server
	// writes into Authentication-Results (RFC 8601); only those are trusted.
	AuthservID string
	// SenderAuth is off, not-fail or pass (see server.SenderAuthOff…);
	// default off without AuthservID, not-fail with it.
	SenderAuth string
	// AnswersPerHour caps the refusals to one seat or address an hour;
	// StrangersPerHour the explanations to all strangers together. 0:
	// the server's defaults.
	AnswersPerHour, StrangersPerHour int
	// HTTP is where serve listens for HTTP (host:port), "" for nowhere;
	// UnsubscribeURL is the public https: address that reaches its
	// /unsubscribe, for one-click List-Unsubscribe.
	HTTP, UnsubscribeURL string
	// Metrics is where serve offers /metrics (Prometheus) and /healthz
	// (host:port), "" for nowhere; it may equal HTTP, sharing its listener.
	Metrics string
	// OutboxKeep is how long serve keeps the mails sent (or abandoned)
	// before deleting them; 0 keeps them for ever. Load's default is
	// DefaultOutboxKeep.
	OutboxKeep time.Duration
	// CheckEvery is how often serve checks the whole database for damage
	// after the check at its start; 0 checks nothing, not even at the
	// start. Load's default is DefaultCheckEvery.
	CheckEvery time.Duration
	// Lang is the language of the mails to a player who has chosen none,
	// a tag of package lang ("fr"); "" is English.
	Lang string
	// DBGroup is a group (name or number) whose members may read the
	// database: store.Options.Group. "" keeps it its owner's only.
	DBGroup string
	// ClockStart is when a turn's clock starts: "delivery" (when the
	// relay accepts the turn mail) or "move" (when the move is stored);
	// "" is delivery (server.Config.ClockStart).
	ClockStart string
}

// file is the TOML layout.
type file struct {
	IMAP struct {
		Addr, User, Password, TLS, Mailbox string
		Processed, Rejected                string
	} `toml:"imap"`
	SMTP struct {
		Addr, User, Password, TLS, Retry string
		GiveUp                           string `toml:"give_up"`
		Connections                      int
	} `toml:"smtp"`
	Server struct {
		Address     string `toml:"address"`
		Poll        string `toml:"poll"`
		MaxMailSize int    `toml:"max_mail_size"`
		Templates   string `toml:"templates"`
		AuthservID  string `toml:"authserv_id"`
		SenderAuth  string `toml:"sender_auth"`
		Answers     int    `toml:"answers_per_hour"`
		Strangers   int    `toml:"strangers_per_hour"`
		HTTP        string `toml:"http"`
		Unsubscribe string `toml:"unsubscribe_url"`
		Metrics     string `toml:"metrics"`
		OutboxKeep  string `toml:"outbox_keep"`
		CheckEvery  string `toml:"check_every"`
		Lang        string `toml:"lang"`
		DBGroup     string `toml:"db_group"`
		ClockStart  string `toml:"clock_start"`
	} `toml:"server"`
	Lobby struct {
		Signup        string `toml:"signup"`
		GamesPerDay   int    `toml:"games_per_day"`
		GamesRunning  int    `toml:"games_running"`
		MailsPerHour  int    `toml:"mails_per_hour"`
		MailsTo       int    `toml:"mails_to_address_per_hour"`
		ChallengeDays int    `toml:"challenge_days"`
		Rematch       string `toml:"rematch"`
		Undo          string `toml:"undo"`
		Ladders       string `toml:"ladders"`
		Takeover      string `toml:"takeover"`
		Tournaments   string `toml:"tournaments"`
		TournamentsPP int    `toml:"tournaments_per_player"`
	} `toml:"lobby"`
}

// DefaultFile is the configuration file read when none is named and it
// exists in the working directory.
const DefaultFile = "pbem.toml"

// Load reads the file at path (a missing file is an error only when named
// explicitly), then the environment through getenv, and checks the result.
func Load(path string, explicit bool, getenv func(string) string) (Config, error) {
	var f file
	if path != "" {
		meta, err := toml.DecodeFile(path, &f)
		switch {
		case errors.Is(err, fs.ErrNotExist) && !explicit:
		case err != nil:
			return Config{}, fmt.Errorf("read configuration %s: %w", path, err)
		case len(meta.Undecoded()) > 0:
			return Config{}, fmt.Errorf("read configuration %s: unknown key %s (a typo?)", path, meta.Undecoded()[0])
		}
	}
	env := func(key string, into *string) error {
		if v := getenv(key); v != "" {
			*into = v
		}
		if name := getenv(key + "_FILE"); name != "" {
			data, err := os.ReadFile(name)
			if err != nil {
				return fmt.Errorf("%s_FILE: %w", key, err)
			}
			*into = strings.TrimRight(string(data), "\r\n")
		}
		return nil
	}
	poll := f.Server.Poll
	maxSize, answers, strangers, conns := "", "", "", ""
	perDay, running, mails, mailsTo, challenge, tournamentsPP := "", "", "", "", "", ""
	for _, v := range []struct {
		key  string
		into *string
	}{
		{"PBEM_IMAP_ADDR", &f.IMAP.Addr}, {"PBEM_IMAP_USER", &f.IMAP.User}, {"PBEM_IMAP_PASSWORD", &f.IMAP.Password},
		{"PBEM_IMAP_TLS", &f.IMAP.TLS}, {"PBEM_IMAP_MAILBOX", &f.IMAP.Mailbox},
		{"PBEM_IMAP_PROCESSED", &f.IMAP.Processed}, {"PBEM_IMAP_REJECTED", &f.IMAP.Rejected},
		{"PBEM_SMTP_ADDR", &f.SMTP.Addr}, {"PBEM_SMTP_USER", &f.SMTP.User}, {"PBEM_SMTP_PASSWORD", &f.SMTP.Password},
		{"PBEM_SMTP_TLS", &f.SMTP.TLS}, {"PBEM_SMTP_RETRY", &f.SMTP.Retry}, {"PBEM_SMTP_GIVE_UP", &f.SMTP.GiveUp}, {"PBEM_SMTP_CONNECTIONS", &conns}, {"PBEM_ADDRESS", &f.Server.Address}, {"PBEM_POLL", &poll},
		{"PBEM_MAX_MAIL_SIZE", &maxSize}, {"PBEM_TEMPLATES", &f.Server.Templates},
		{"PBEM_AUTHSERV_ID", &f.Server.AuthservID}, {"PBEM_SENDER_AUTH", &f.Server.SenderAuth},
		{"PBEM_ANSWERS_PER_HOUR", &answers}, {"PBEM_STRANGERS_PER_HOUR", &strangers},
		{"PBEM_HTTP", &f.Server.HTTP}, {"PBEM_UNSUBSCRIBE_URL", &f.Server.Unsubscribe},
		{"PBEM_METRICS", &f.Server.Metrics}, {"PBEM_OUTBOX_KEEP", &f.Server.OutboxKeep},
		{"PBEM_CHECK_EVERY", &f.Server.CheckEvery},
		{"PBEM_LANG", &f.Server.Lang}, {"PBEM_DB_GROUP", &f.Server.DBGroup}, {"PBEM_CLOCK_START", &f.Server.ClockStart},
		{"PBEM_SIGNUP", &f.Lobby.Signup}, {"PBEM_GAMES_PER_DAY", &perDay}, {"PBEM_GAMES_RUNNING", &running},
		{"PBEM_MAILS_PER_HOUR", &mails}, {"PBEM_MAILS_TO_ADDRESS_PER_HOUR", &mailsTo}, {"PBEM_CHALLENGE_DAYS", &challenge},
		{"PBEM_REMATCH", &f.Lobby.Rematch}, {"PBEM_UNDO", &f.Lobby.Undo}, {"PBEM_LADDERS", &f.Lobby.Ladders},
		{"PBEM_TAKEOVER", &f.Lobby.Takeover},
		{"PBEM_TOURNAMENTS", &f.Lobby.Tournaments}, {"PBEM_TOURNAMENTS_PER_PLAYER", &tournamentsPP},
	} {
		if err := env(v.key, v.into); err != nil {
			return Config{}, err
		}
	}
	c := Config{
		IMAP: IMAP{Endpoint: mailer.Endpoint{Addr: f.IMAP.Addr, User: f.IMAP.User, Password: f.IMAP.Password, TLS: strings.ToLower(f.IMAP.TLS)}, Mailbox: f.IMAP.Mailbox,
			Processed: strings.TrimSpace(f.IMAP.Processed), Rejected: strings.TrimSpace(f.IMAP.Rejected)},
		SMTP: SMTP{Endpoint: mailer.Endpoint{Addr: f.SMTP.Addr, User: f.SMTP.User, Password: f.SMTP.Password, TLS: strings.ToLower(f.SMTP.TLS)}, Retry: 30 * time.Second,
			Connections: f.SMTP.Connections},
		Server: Server{Address: f.Server.Address, Poll: 60 * time.Second, MaxMailSize: f.Server.MaxMailSize, Templates: f.Server.Templates,
			AuthservID: strings.TrimSpace(f.Server.AuthservID), SenderAuth: strings.ToLower(strings.TrimSpace(f.Server.SenderAuth)),
			AnswersPerHour: f.Server.Answers, StrangersPerHour: f.Server.Strangers,
			HTTP: strings.TrimSpace(f.Server.HTTP), UnsubscribeURL: strings.TrimSpace(f.Server.Unsubscribe),
			Metrics: strings.TrimSpace(f.Server.Metrics), DBGroup: strings.TrimSpace(f.Server.DBGroup),
			ClockStart: strings.ToLower(strings.TrimSpace(f.Server.ClockStart))},
		Lobby: Lobby{Signup: strings.ToLower(strings.TrimSpace(f.Lobby.Signup)), GamesPerDay: f.Lobby.GamesPerDay, GamesRunning: f.Lobby.GamesRunning,
			MailsPerHour: f.Lobby.MailsPerHour, MailsToAddressPerHour: f.Lobby.MailsTo, ChallengeDays: f.Lobby.ChallengeDays,
			Rematch: strings.ToLower(strings.TrimSpace(f.Lobby.Rematch)), Undo: strings.ToLower(strings.TrimSpace(f.Lobby.Undo)),
			Ladders:     strings.ToLower(strings.TrimSpace(f.Lobby.Ladders)),
			Takeover:    strings.ToLower(strings.TrimSpace(f.Lobby.Takeover)),
			Tournaments: strings.ToLower(strings.TrimSpace(f.Lobby.Tournaments)), TournamentsPerPlayer: f.Lobby.TournamentsPP},
	}
	for _, v := range []struct {
		key, value string
		into       *int
	}{
		{"smtp.connections (PBEM_SMTP_CONNECTIONS)", conns, &c.SMTP.Connections},
		{"server.answers_per_hour (PBEM_ANSWERS_PER_HOUR)", answers, &c.Server.AnswersPerHour},
		{"server.strangers_per_hour (PBEM_STRANGERS_PER_HOUR)", strangers, &c.Server.StrangersPerHour},
		{"lobby.games_per_day (PBEM_GAMES_PER_DAY)", perDay, &c.Lobby.GamesPerDay},
		{"lobby.games_running (PBEM_GAMES_RUNNING)", running, &c.Lobby.GamesRunning},
		{"lobby.mails_per_hour (PBEM_MAILS_PER_HOUR)", mails, &c.Lobby.MailsPerHour},
		{"lobby.mails_to_address_per_hour (PBEM_MAILS_TO_ADDRESS_PER_HOUR)", mailsTo, &c.Lobby.MailsToAddressPerHour},
		{"lobby.challenge_days (PBEM_CHALLENGE_DAYS)", challenge, &c.Lobby.ChallengeDays},
		{"lobby.tournaments_per_player (PBEM_TOURNAMENTS_PER_PLAYER)", tournamentsPP, &c.Lobby.TournamentsPerPlayer},
	} {
		if v.value != "" {
			n, err := strconv.Atoi(strings.TrimSpace(v.value))
			if err != nil {
				return Config{}, fmt.Errorf("%s is a whole number, not %q", v.key, v.value)
			}
			*v.into = n
		}
		if *v.into < 0 {
			return Config{}, fmt.Errorf("%s is a whole number, not %d", v.key, *v.into)
		}
	}
	switch {
	case c.SMTP.Connections == 0:
		c.SMTP.Connections = 2
	case c.SMTP.Connections > MaxSMTPConnections:
		return Config{}, fmt.Errorf("smtp.connections (PBEM_SMTP_CONNECTIONS) is how many connections the sender opens at once, 1 to %d, not %d", MaxSMTPConnections, c.SMTP.Connections)
	}
	if err := checkSignup(c.Lobby.Signup); err != nil {
		return Config{}, err
	}
	if r := c.Lobby.Rematch; r != "" && r != "on" && r != "off" {
		return Config{}, fmt.Errorf("lobby.rematch (PBEM_REMATCH) is on or off, not %q", r)
	}
	if l := c.Lobby.Ladders; l != "" && l != "on" && l != "off" {
		return Config{}, fmt.Errorf("lobby.ladders (PBEM_LADDERS) is on or off, not %q", l)
	}
	if tp := c.Lobby.Tournaments; tp != "" && tp != "registered" && tp != "operator" && tp != "off" {
		return Config{}, fmt.Errorf("lobby.tournaments (PBEM_TOURNAMENTS) is registered, operator or off, not %q", tp)
	}
	if u := c.Lobby.Undo; u != "" && u != "consent" && u != "computer" && u != "off" {
		return Config{}, fmt.Errorf("lobby.undo (PBEM_UNDO) is consent, computer or off, not %q", u)
	}
	if t := c.Lobby.Takeover; t != "" && t != "on" && t != "off" {
		return Config{}, fmt.Errorf("lobby.takeover (PBEM_TAKEOVER) is on or off, not %q", t)
	}
	switch c.Server.SenderAuth {
	case "":
		if c.Server.AuthservID != "" {
			c.Server.SenderAuth = "not-fail"
		} else {
			c.Server.SenderAuth = "off"
		}
	case "off", "not-fail", "pass":
	default:
		return Config{}, fmt.Errorf("server.sender_auth (PBEM_SENDER_AUTH) is off, not-fail or pass, not %q", c.Server.SenderAuth)
	}
	switch c.Server.ClockStart {
	case "", "delivery", "move":
	default:
		return Config{}, fmt.Errorf("server.clock_start (PBEM_CLOCK_START) is delivery or move, not %q", c.Server.ClockStart)
	}
	if c.Server.SenderAuth != "off" && c.Server.AuthservID == "" {
		return Config{}, fmt.Errorf("server.sender_auth %s needs server.authserv_id (PBEM_AUTHSERV_ID): the authserv-id your receiving mail server writes into Authentication-Results", c.Server.SenderAuth)
	}
	if c.IMAP.Mailbox == "" {
		c.IMAP.Mailbox = "INBOX"
	}
	if c.IMAP.Processed == "" {
		c.IMAP.Processed = mailer.DefaultProcessed
	}
	if c.IMAP.Rejected == "" {
		c.IMAP.Rejected = mailer.DefaultRejected
	}
	if c.IMAP.Processed == c.IMAP.Rejected {
		return Config{}, fmt.Errorf("imap.processed and imap.rejected are both %q: name two folders, so that refused mail stays apart", c.IMAP.Processed)
	}
	if poll != "" {
		d, err := time.ParseDuration(poll)
		if err != nil || d <= 0 {
			return Config{}, fmt.Errorf("server.poll (PBEM_POLL) is a duration such as 60s, not %q", poll)
		}
		c.Server.Poll = d
	}
	if f.SMTP.Retry != "" {
		d, err := time.ParseDuration(f.SMTP.Retry)
		if err != nil || d <= 0 {
			return Config{}, fmt.Errorf("smtp.retry (PBEM_SMTP_RETRY) is a duration such as 30s, not %q", f.SMTP.Retry)
		}
		c.SMTP.Retry = d
	}
	giveUp, err := readGiveUp(f.SMTP.GiveUp)
	if err != nil {
		return Config{}, err
	}
	c.SMTP.GiveUp = giveUp
	if maxSize != "" {
		if _, err := fmt.Sscanf(maxSize, "%d", &c.Server.MaxMailSize); err != nil || c.Server.MaxMailSize <= 0 {
			return Config{}, fmt.Errorf("server.max_mail_size (PBEM_MAX_MAIL_SIZE) is a number of bytes, not %q", maxSize)
		}
	}
	keep, err := readKeep(f.Server.OutboxKeep)
	if err != nil {
		return Config{}, err
	}
	c.Server.OutboxKeep = keep
	if c.Server.CheckEvery, err = readCheckEvery(f.Server.CheckEvery); err != nil {
		return Config{}, err
	}
	if v := strings.TrimSpace(f.Server.Lang); v != "" {
		t, err := lang.Parse(v)
		if err != nil {
			return Config{}, fmt.Errorf("server.lang (PBEM_LANG): %w", err)
		}
		c.Server.Lang = string(t)
	}
	if c.Server.Metrics != "" {
		if _, _, err := net.SplitHostPort(c.Server.Metrics); err != nil {
			return Config{}, fmt.Errorf("server.metrics (PBEM_METRICS) is host:port, as 127.0.0.1:9464, not %q", c.Server.Metrics)
		}
	}
	return c, nil
}

// checkSignup refuses a sign-up policy that is not anyone, nobody or a
// list of mail domains.
func checkSignup(policy string) error {
	if policy == "" || policy == "anyone" || policy == "nobody" {
		return nil
	}
	for _, d := range strings.FieldsFunc(policy, func(r rune) bool { return r == ',' || r == ' ' || r == '\t' }) {
		if strings.ContainsAny(d, "@/:") || !strings.Contains(d, ".") && d != "localhost" {
			return fmt.Errorf("lobby.signup (PBEM_SIGNUP) is anyone, nobody, or mail domains such as \"example.org club.example\", not %q", policy)
		}
	}
	return nil
}

// CheckDaemon refuses settings the daemon cannot run with: it needs its own
// address and an SMTP server; without an IMAP server it only sends, for
// mail delivered to pbem ingest by the MTA.
func (c Config) CheckDaemon() error {
	var problems []string
	if !strings.Contains(c.Server.Address, "@") {
		problems = append(problems, "server.address (PBEM_ADDRESS) must be the server's mail address, LOCAL@DOMAIN")
	}
	if c.IMAP.Addr != "" {
		if err := c.IMAP.Check(); err != nil {
			problems = append(problems, "imap: "+err.Error())
		}
	}
	if c.SMTP.Addr == "" {
		problems = append(problems, "smtp.addr (PBEM_SMTP_ADDR) is missing")
	} else if err := c.SMTP.Check(); err != nil {
		problems = append(problems, "smtp: "+err.Error())
	}
	if len(problems) > 0 {
		return errors.New(strings.Join(problems, "; "))
	}
	return nil
}

// String describes the settings for logs, passwords hidden.
func (c Config) String() string {
	hide := func(p string) string {
		if p == "" {
			return "none"
		}
		return "set"
	}
	return fmt.Sprintf("imap %s user %q password %s tls %s mailbox %s folders %s %s; smtp %s user %q password %s tls %s; address %s; poll %s; sender auth %s (%s)",
		c.IMAP.Addr, c.IMAP.User, hide(c.IMAP.Password), c.IMAP.Mode(), c.IMAP.Mailbox, c.IMAP.Processed, c.IMAP.Rejected,
		c.SMTP.Addr, c.SMTP.User, hide(c.SMTP.Password), c.SMTP.Mode(), c.Server.Address, c.Server.Poll,
		c.Server.SenderAuth, c.Server.AuthservID)
}
