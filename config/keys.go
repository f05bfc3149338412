package config

// Key is one configuration key: the one list from which pbem init writes
// its commented pbem.toml, and against which the tests hold Load and the
// docs' table, so that a key cannot be accepted without being listed and
// explained.
type Key struct {
	Name    string // section.key, as in the file: "imap.addr"
	Var     string // the environment variable that overrides it
	Default string // the default as a TOML value, "" when there is none
	Meaning string // what it sets, in a sentence or two
}

// Keys are every key of pbem.toml, section by section, in the order the
// template lists them.
var Keys = []Key{
	{"imap.addr", "PBEM_IMAP_ADDR", "", "The IMAP server where the players' replies arrive, host:port (993 for tls, 143 for starttls); without it serve only sends, and mail comes through pbem ingest"},
	{"imap.user", "PBEM_IMAP_USER", "", "The IMAP login"},
	{"imap.password", "PBEM_IMAP_PASSWORD", "", "The IMAP password; better kept out of this file, in a file named by PBEM_IMAP_PASSWORD_FILE"},
	{"imap.tls", "PBEM_IMAP_TLS", `"tls"`, "How to secure the connection: tls (TLS from the first byte), starttls, or none (refused unless the host is loopback)"},
	{"imap.mailbox", "PBEM_IMAP_MAILBOX", `"INBOX"`, "The mailbox read"},
	{"imap.processed", "PBEM_IMAP_PROCESSED", `"pbem/processed"`, "The folder handled mail is moved to; / stands for the server's hierarchy delimiter, and the folder goes under its personal namespace (INBOX.pbem.processed on Courier)"},
	{"imap.rejected", "PBEM_IMAP_REJECTED", `"pbem/rejected"`, "The folder rejected mail (automatic, forged, from strangers, refused) is moved to, named as imap.processed"},

	{"smtp.addr", "PBEM_SMTP_ADDR", "", "The SMTP relay the server's mails leave by, host:port (465 for tls, 587 for starttls); serve needs it"},
	{"smtp.user", "PBEM_SMTP_USER", "", "The SMTP login (AUTH PLAIN); empty: no AUTH"},
	{"smtp.password", "PBEM_SMTP_PASSWORD", "", "The SMTP password; better in a file named by PBEM_SMTP_PASSWORD_FILE"},
	{"smtp.tls", "PBEM_SMTP_TLS", `"tls"`, "As imap.tls: tls, starttls, or none (loopback only)"},
	{"smtp.retry", "PBEM_SMTP_RETRY", `"30s"`, "A Go duration: the wait before a failed mail's first retry, doubling up to an hour"},
	{"smtp.give_up", "PBEM_SMTP_GIVE_UP", `"5d"`, "How long a mail the relay keeps deferring (a 4xx to its recipient) is tried before it is abandoned as a failed delivery, its game's players told: days (5d) or a Go duration; 0 or never tries for ever"},
	{"smtp.connections", "PBEM_SMTP_CONNECTIONS", "2", "How many connections the sender sends on at once (1 to 8), a player's mails always on the same one, in order; 1 for a relay that takes one connection an account"},

	{"server.address", "PBEM_ADDRESS", "", "The server's own mail address, LOCAL@DOMAIN: the sender of its mails, the base of the reply addresses (LOCAL+GAME-TOKEN@DOMAIN); serve needs it, and the database records it for the processes that see no configuration"},
	{"server.poll", "PBEM_POLL", `"60s"`, "A Go duration: how often the mailbox is read without IDLE, and a safety net with it"},
	{"server.max_mail_size", "PBEM_MAX_MAIL_SIZE", "1048576", "Bytes: a larger inbound mail is rejected unread"},
	{"server.templates", "PBEM_TEMPLATES", "", "A folder of mail templates overriding the embedded ones"},
	{"server.lang", "PBEM_LANG", "", "The language of the mails to a player who has chosen none: en (English) or fr (français); empty: en. Each player may choose with lang fr or lang en by mail"},
	{"server.authserv_id", "PBEM_AUTHSERV_ID", "", "The authserv-id your receiving mail server writes into Authentication-Results, the only such fields trusted"},
	{"server.sender_auth", "PBEM_SENDER_AUTH", "", "What those results must say for a mail to act: off (not read), not-fail or pass; empty: off without authserv_id, not-fail with it"},
	{"server.answers_per_hour", "PBEM_ANSWERS_PER_HOUR", "5", "The most refusals and explanations one seat, or one address, gets in an hour"},
	{"server.strangers_per_hour", "PBEM_STRANGERS_PER_HOUR", "20", "The most explanations all strangers together get in an hour"},
	{"server.http", "PBEM_HTTP", "", "Where serve listens for HTTP, host:port: the one-click unsubscribe endpoint"},
	{"server.unsubscribe_url", "PBEM_UNSUBSCRIBE_URL", "", "The public https: address a reverse proxy maps to server.http's /unsubscribe"},
	{"server.metrics", "PBEM_METRICS", "", "Where serve answers /metrics (Prometheus) and /healthz, host:port such as 127.0.0.1:9464; none by default"},
	{"server.outbox_keep", "PBEM_OUTBOX_KEEP", `"30d"`, "How long serve keeps the mails it sent (or gave up on) before deleting them: days such as 30d or a Go duration of a day or more, or forever; the moves and the mails received are kept for ever"},
	{"server.check_every", "PBEM_CHECK_EVERY", `"24h"`, "How often serve checks the whole database for damage (SQLite's quick_check, seconds a GB), besides at its start: a Go duration or days of an hour or more, or off (no check by serve at all; run pbem check from cron instead). A check that finds damage stops serve"},
	{"server.clock_start", "PBEM_CLOCK_START", `"delivery"`, "When the clock of a player's turn starts: delivery (when the SMTP relay accepted the mail giving them the turn, so that a mail held in the outbox costs them no time, and a mail that bounces stops their clock) or move (when the move was stored)"},
	{"server.db_group", "PBEM_DB_GROUP", "", "A group whose members may read the database: pbem creates it, and SQLite its -wal and -shm, mode 0640 with that group instead of 0600 (its owner's only); the user running pbem must belong to the group. pbem doctor warns of any other reader"},

	{"lobby.signup", "PBEM_SIGNUP", `"anyone"`, "Who may sign up by mail at the server's bare address: anyone, nobody (the operator registers players with pbem player register), or mail domains separated by blanks or commas, such as \"example.org club.example\""},
	{"lobby.games_per_day", "PBEM_GAMES_PER_DAY", "5", "The most games one player may start by mail in 24 hours"},
	{"lobby.games_running", "PBEM_GAMES_RUNNING", "20", "The most games one player may have started by mail and going, or waiting for their players, at once"},
	{"lobby.mails_per_hour", "PBEM_MAILS_PER_HOUR", "30", "The most lobby mails one address may send in an hour: past it, its mails are recorded unread and unanswered until the hour is over"},
	{"lobby.mails_to_address_per_hour", "PBEM_MAILS_TO_ADDRESS_PER_HOUR", "5", "The most mails the lobby sends in an hour to one mailbox that did not prove it wrote (an invited player, an address a forged mail names), whoever asked: case, +tags and Gmail's dots count as one mailbox"},
	{"lobby.challenge_days", "PBEM_CHALLENGE_DAYS", "7", "Days a challenge waits for its players to accept before it expires, everyone being told"},
	{"lobby.rematch", "PBEM_REMATCH", `"on"`, "Whether the players of a finished game may offer its rematch by mail (rematch in reply to its mail): on or off"},
	{"lobby.ladders", "PBEM_LADDERS", `"on"`, "Whether players may see, join, leave and challenge on the ladders by mail (ladder, ladder join GAME, ladder challenge NAME): on or off; the operator's pbem ladder commands work either way"},
	{"lobby.takeover", "PBEM_TAKEOVER", `"on"`, "Whether players may take over by mail (takeover ID) a seat on offer, one whose player left a game with the option replace=offer: on or off"},
	{"lobby.tournaments", "PBEM_TOURNAMENTS", `"registered"`, "Who may make a tournament by mail (tournament new): registered (any registered player), operator (the operator alone, with pbem tournament new; players still join, withdraw and look by mail) or off (no tournament command by mail)"},
	{"lobby.tournaments_per_player", "PBEM_TOURNAMENTS_PER_PLAYER", "2", "The most tournaments one player may have made by mail that sign up or run at once"},
	{"lobby.undo", "PBEM_UNDO", `"consent"`, "When a player may take back the last turn of a game by mail (undo): consent (every other player agreeing; a computer agrees at once), computer (only in a game against the computer alone) or off"},
}
