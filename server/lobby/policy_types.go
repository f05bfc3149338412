package lobby

import "time"

// Policy is the operator's policy for the lobby. Zero fields take
// the defaults below (see WithDefaults).
type Policy struct {
	// Signup is who may sign up by mail: SignupAnyone, SignupNobody (the
	// operator registers players), or a list of mail domains ("example.org
	// club.example"), the sender's domain having to be one of them.
	// "" means SignupAnyone.
	Signup string
	// GamesPerDay caps the games one player may start in 24 hours;
	// GamesRunning the games they may have going at once, started or
	// waiting for their players. 0 means the default.
	GamesPerDay, GamesRunning int
	// MailsPerHour caps the lobby mails one address may send in an hour:
	// past it, its mails are recorded and go unanswered until the hour
	// has passed. 0 means the default.
	MailsPerHour int
	// MailsToAddressPerHour caps the lobby's mails an hour to one mailbox
	// (parser.MailboxKey) that did not prove it wrote the mail answered —
	// an invited player, the address a forged From names — whoever asked,
	// so that no one can make the server flood a mailbox. 0 means the
	// default.
	MailsToAddressPerHour int
	// ChallengeExpiry is how long a challenge waits for its players to
	// accept before it expires, everyone being told. 0 means the default.
	ChallengeExpiry time.Duration
	// Rematch is whether the players of a finished game may offer its
	// rematch by mail: RematchOn or RematchOff; "" means RematchOn.
	Rematch string
	// Undo is when a player may take back a turn by mail: UndoConsent
	// (with every other player's consent; the computer's is given at
	// once), UndoComputer (only in a game against the computer alone) or
	// UndoOff; "" means UndoConsent.
	Undo string
	// Ladders is whether players may join, leave, challenge on and see
	// the ladders by mail: LaddersOn or LaddersOff; "" means LaddersOn.
	Ladders string
	// Takeover is whether players may take over a seat on offer by mail
	// (takeover ID): TakeoverOn or TakeoverOff; "" means TakeoverOn.
	Takeover string
	// Tournaments is who may make a tournament by mail: "registered"
	// (any registered player, TournamentsPerPlayer at once), "operator"
	// (the operator alone; players join, withdraw and look by mail) or
	// "off" (no tournament command by mail); "" means registered
	// (package tournament's Policy).
	Tournaments          string
	TournamentsPerPlayer int
}

// The lobby's policies of ladders.
const (
	LaddersOn  = "on"
	LaddersOff = "off"
)

// The lobby's policies of takeover.
const (
	TakeoverOn  = "on"
	TakeoverOff = "off"
)

// The policies of undo by consent.
const (
	UndoConsent  = "consent"
	UndoComputer = "computer"
	UndoOff      = "off"
)

// The lobby's policies of rematch.
const (
	RematchOn  = "on"
	RematchOff = "off"
)

// The lobby's policies of sign-up.
const (
	SignupAnyone = "anyone"
	SignupNobody = "nobody"
)

// The lobby policy's defaults.
const (
	DefaultGamesPerDay     = 5
	DefaultGamesRunning    = 20
	DefaultMailsPerHour    = 30
	DefaultMailsToAddress  = 5
	DefaultChallengeExpiry = 7 * 24 * time.Hour
)

// WithDefaults is p with its zero fields set to the defaults.
func (p Policy) WithDefaults() Policy {
	if p.Signup == "" {
		p.Signup = SignupAnyone
	}
	if p.GamesPerDay <= 0 {
		p.GamesPerDay = DefaultGamesPerDay
	}
	if p.GamesRunning <= 0 {
		p.GamesRunning = DefaultGamesRunning
	}
	if p.MailsPerHour <= 0 {
		p.MailsPerHour = DefaultMailsPerHour
	}
	if p.MailsToAddressPerHour <= 0 {
		p.MailsToAddressPerHour = DefaultMailsToAddress
	}
	if p.ChallengeExpiry <= 0 {
		p.ChallengeExpiry = DefaultChallengeExpiry
	}
	if p.Rematch == "" {
		p.Rematch = RematchOn
	}
	if p.Undo == "" {
		p.Undo = UndoConsent
	}
	if p.Ladders == "" {
		p.Ladders = LaddersOn
	}
	if p.Takeover == "" {
		p.Takeover = TakeoverOn
	}
	return p
}
