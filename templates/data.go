package templates

// Played is one move just applied, as the players read it.
type Played struct {
	Number   int    // the move's number in the game, from 1: its turn's
	Aside    bool   // a draw offer or answer, which takes no turn of its own
	Player   string // who played it
	Notation string // the move in the game's canonical notation
	Score    int
	Events   []string // sentences: draws, bonuses, the end
	// Why is the computer's own line on why it chose the move ("One of
	// its 28 moves with the best score."), "" for a player's move and
	// where the computer says nothing.
	Why string
	// You says the move is the reader's own: it is told in the second
	// person ("Move 9: you played ...").
	You bool
}

// Turn is the data of the "turn" mail, sent to every human seat after moves
// are applied: what happened, the board as that seat sees it (their own
// rack only) and whether they must now move.
type Turn struct {
	Game   string // the game's display name, such as "Amplitude"
	GameID int64
	Player string // the recipient's name
	Played []Played
	Board  string // the engine's rendering for this player, ≤ 78 columns
	// Flow is what the board says under its grid, written for the HTML
	// part (engine.View.Flow: a sentence a line, tables' cells separated
	// by tabs); "" shows Board's own lines.
	Flow     string
	YourTurn bool
	ToMove   string // whose turn it is now
	// MoveNumber is the number of the next move: the "#N" a reply starts
	// with, so that a late reply is refused rather than taken for a later move.
	MoveNumber int
	Over       bool
	// Ending and Winners are how the game ended and who won, for a
	// template of the operator's: the embedded one leaves them to the
	// board, which says them, so that a mail says them once.
	Ending   string   // how the game ended, a sentence
	Winners  []string // several for a shared win, none for a draw
	Notation string   // a few lines on how to write a move in this game
	// Watching says the recipient watches the game, with no seat in it:
	// the mail tells how to stop rather than how to move.
	Watching bool
	// Picture is the Content-ID of the board's picture, which the HTML
	// part shows in place of its text board; "" for none (pictures off,
	// or a game without one). PictureWidth is its width in pixels.
	Picture      string
	PictureWidth int
}

// Invitation is the data of the "invitation" mail, sent to every human seat
// of a new game: the players, the rules in short and the opening board.
type Invitation struct {
	Game    string
	GameID  int64
	Player  string
	Players []string // in order of play, the recipient among them
	Rules   string   // a short rules summary, plain text
	// Clock says the time each player has for a move and what happens
	// when it runs out, a sentence; "" without a clock.
	Clock string
	// Levels says at which level the computer seats play, those that do
	// not play normal, a sentence each; "" for none.
	Levels string
	// Played are the computer seats' opening moves, when they play before
	// the first person: the invitation waits for them and tells them.
	Played   []Played
	Notation string
	Board    string
	// Flow is what the board says under its grid, written for the HTML
	// part (engine.View.Flow: a sentence a line, tables' cells separated
	// by tabs); "" shows Board's own lines.
	Flow       string
	YourTurn   bool
	ToMove     string
	MoveNumber int
	// Picture is the Content-ID of the board's picture, which the HTML
	// part shows in place of its text board; "" for none (pictures off,
	// or a game without one). PictureWidth is its width in pixels.
	Picture      string
	PictureWidth int
}

// Refusal is the data of the "refusal" mail, sent to the sender alone when
// a command was refused: the game is unchanged, and the player learns why.
type Refusal struct {
	Game   string
	GameID int64
	Player string
	Line   string // the refused line as written, its #N included; may be empty
	Reason string // why, a sentence
	// Notation is how to write the kind of move refused, while the game
	// is on; "" for another command, or once the game is over.
	Notation string
	// HeldUntil is, when this is the last refusal the hour allows, when
	// the next ones may be answered again; "" when more may follow.
	HeldUntil string
}

// Answer is the data of the "answer" mail: the board, history or help a
// player asked for by mail, to that player alone.
type Answer struct {
	Game   string
	GameID int64
	Player string
	Title  string // what was asked, such as "Board" or "History"
	// Body is preformatted text, shown as is but for its lists (rows of
	// two cells separated by a tab, laid out in columns) and a line over
	// 78 columns, wrapped.
	Body string
	// Flow is Body written for the HTML part, a line standing for itself
	// (engine.View.Flow: a sentence a line, tables' cells separated by
	// tabs), under the board's grid or picture when Body opens with one;
	// "" flows Body as prose with its lists (the help).
	Flow string
	// Picture is the Content-ID of the board's picture, which the HTML
	// part shows in place of its text board; "" for none (pictures off,
	// or a game without one). PictureWidth is its width in pixels.
	Picture      string
	PictureWidth int
}

// Chat is the data of the "chat" mail: a player's say, relayed to each of
// the other players.
type Chat struct {
	Game   string
	GameID int64
	Player string // the recipient
	From   string // who said it
	Text   string
}

// Stranger is the data of the "stranger" mail: the one explanatory reply to
// an unknown sender or to a mail without a valid token.
type Stranger struct {
	Address string
	Reason  string // why nothing was done, a sentence naming no game
	// Known says the address is a player's (registered or an alias): the
	// mail then says to reply to a game's mail, else that the address has
	// no seat here.
	Known bool
}

// Status is the data of the "status" mail, the answer to a mail that held
// no command (a thank-you, a comment): where the game stands and how to
// write a move, to that player alone, at most once an hour.
type Status struct {
	Game     string
	GameID   int64
	Player   string // the recipient
	Moves    int    // moves played so far
	YourTurn bool
	ToMove   string // whose turn it is, while the game goes on
	// MoveNumber is the number of the next move, the "#N" of a reply.
	MoveNumber int
	Hand       string // the recipient's own tokens, "" where the game has none; the status block shows them
	Over       bool
	Ending     string // how the game ended, a sentence
	Notation   string
	// InSubject is the command the mail wrote in its subject, its text
	// holding none: the status says that commands go in the text. "" for
	// none.
	InSubject string
}

// Rekey is the data of the "rekey" mail: the first mail under a seat's new
// reply address, after the operator or the player revoked the old one.
type Rekey struct {
	Game   string
	GameID int64
	Player string
	Board  string
	// Flow is what the board says under its grid, written for the HTML
	// part (engine.View.Flow: a sentence a line, tables' cells separated
	// by tabs); "" shows Board's own lines.
	Flow       string
	YourTurn   bool
	ToMove     string
	MoveNumber int
	Over       bool
	Notation   string
}

// Revoked is the data of the "revoked" mail, to a seat's registered address
// when a mail carried a reply token a rekey revoked.
type Revoked struct {
	Game   string
	GameID int64
	Player string
	Sender string // the address the mail came from
}

// Footer is the status block every mail of a game ends with, whatever the
// mail is about: the one place a player always finds the number to write,
// whose turn it is, their own rack and where to reply, without digging
// through older mails.
type Footer struct {
	Game       string
	GameID     int64
	MoveNumber int // the next move's number: the "#N" a reply starts with
	YourTurn   bool
	ToMove     string // whose turn it is, while the game goes on
	Over       bool
	Rack       string // the recipient's own tokens, spaced; "" where the game has none
	ReplyTo    string // the seat's reply address
	// Deadline is when the player to move runs out of time, as "Thu 3 Dec
	// 2026 12:00 UTC"; "" without a clock. Stopped says a vacation stopped
	// that player's clock.
	Deadline string
	Stopped  bool
	// Started is when that clock started, as Deadline, where it waited
	// for the relay to accept the mail giving the turn; "" otherwise.
	Started string
	// Undelivered says that clock is stopped because the mail giving the
	// turn never reached the player (it bounced, or the relay refused it).
	Undelivered bool
	// Tournament and Round say the game is a tournament's, played in that
	// round of it; 0 for a game of no tournament.
	Tournament int64
	Round      int
	// LadderChallenge says the game plays that challenge of the ladder of
	// its game (Game); 0 for a game of no ladder.
	LadderChallenge int64
}

// Reminder is the data of the "reminder" mail, to the player to move who
// has not played yet: at half their time, on their last day, or when the
// operator nudges them.
type Reminder struct {
	Game       string
	GameID     int64
	Player     string
	MoveNumber int
	Deadline   string // when their time runs out; "" without a clock
	Left       string // how long that is from now, as "2 days 3 hours"
	Timeout    string // what happens then, "the turn passes"; "" for nothing
	Board      string
	// Flow is what the board says under its grid, written for the HTML
	// part (engine.View.Flow: a sentence a line, tables' cells separated
	// by tabs); "" shows Board's own lines.
	Flow     string
	Notation string
	// Picture is the Content-ID of the board's picture, which the HTML
	// part shows in place of its text board; "" for none (pictures off,
	// or a game without one). PictureWidth is its width in pixels.
	Picture      string
	PictureWidth int
}

// Notice is the data of the "notice" mail: news a player did not ask for
// (an opponent's vacation) or the confirmation of what they asked that is
// about no one game (their own vacation). Game is "" for the latter.
type Notice struct {
	Game   string
	GameID int64
	Player string
	Text   string // sentences, wrapped to the mail's width
	Board  string // a board shown as is under the text; "" for none
	// Flow is what the board says under its grid, written for the HTML
	// part (engine.View.Flow: a sentence a line, tables' cells separated
	// by tabs); "" shows Board's own lines.
	Flow string
}

// Digest is the data of the "digest" mail, to a player who chose mail
// digest HH:MM: once a day at that time, every game where it is their
// turn, in one mail they answer with a line per move, each naming its
// game, instead of a mail for every move.
type Digest struct {
	Player string
	At     string // the digest's time of day, "08:30", in UTC
	Games  []DigestGame
	// Example is a line that plays in one of the digest's games, as the
	// reader writes it: "game 12: #7 H8 right 3+4-5=2".
	Example string
}

// DigestGame is one game of a digest, waiting for the recipient's move.
type DigestGame struct {
	Game       string // the game's display name
	GameID     int64
	MoveNumber int    // the "#N" the move writes
	Board      string // the board as the recipient sees it, their rack included
	// Flow is what the board says under its grid, written for the HTML
	// part (engine.View.Flow: a sentence a line, tables' cells separated
	// by tabs); "" shows Board's own lines.
	Flow string
	// Deadline is when their time runs out, as "Thu 3 Dec 2026 12:00
	// UTC"; "" without a clock. Stopped says a vacation stopped it.
	Deadline string
	Stopped  bool
	ReplyTo  string // the game's own reply address, for a reply about it alone
	// Picture is the Content-ID of the board's picture, which the HTML
	// part shows in place of its text board; "" for none (pictures off,
	// or a game without one). PictureWidth is its width in pixels.
	Picture      string
	PictureWidth int
}

// Ladder is the data of the "ladder" mail, the answer to ladder GAME: the
// ladder's rungs from the top, a row each, its open challenges under
// them.
type Ladder struct {
	Player string
	Text   string // what the ladder is: its game, reach, answer time, options; the reader's rung
	Rows   []LadderRow
	// Width is the widest Name, in characters, for the text part's
	// columns.
	Width int
	// Challenges are the open challenges, a sentence each.
	Challenges []string
	// Mine is whether the reader is on the ladder: the rows then mark
	// their rung (Mark ">") and those they may challenge ("*"), and a line
	// says so.
	Mine  bool
	Reach int
}

// LadderRow is one rung of a ladder.
type LadderRow struct {
	Mark                string // ">" the reader, "*" within the reader's reach, else ""
	Rung                int
	Name                string
	Wins, Draws, Losses int
}
