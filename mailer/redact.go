package mailer

import (
	"regexp"
	"strconv"
	"strings"
)

// Redacted is the word a redacted token becomes.
const Redacted = "redacted"

// A tokenShape is one place pbem writes a token: the text before it (a
// regular expression, matched case-insensitively, without a capturing
// group of its own), the token's alphabet when it is not a reply token's
// 20 base32 characters, and an example as the server writes it, with
// TOKEN where the token goes, which the test reads.
type tokenShape struct {
	name, before, token, example string
}

// replyToken is the alphabet of the tokens pbem mints for mail: 96 bits
// in 20 base32 characters (Token, DigestToken, NewConfirmToken,
// ChallengeToken).
const replyToken = `[a-z2-7]{20}`

// tokenShapes are every shape of token the server mints, a row per shape.
// A number in a shape may be followed by more, so that a shape that
// grows a number (a generation, say) stays redacted.
var tokenShapes = []tokenShape{
	{"game reply address", `\+(?:\d+-)+`, "", "games+12-TOKEN@example.org"},
	{"game thread Message-ID", `pbem\.(?:\d+\.)+`, "", "pbem.12.TOKEN.thread@example.org"},
	{"game subject tag", `\[#(?:\d+-)+`, "", "Re: [#12-TOKEN] Amplitude, move 3"},
	{"digest reply address", `\+digest-(?:\d+-)+`, "", "games+digest-7-TOKEN@example.org"},
	{"digest Message-ID", `pbem\.digest\.(?:\d+\.)+`, "", "pbem.digest.7.TOKEN.202612010900@example.org"},
	{"confirmation reply address", `\+confirm-`, "", "games+confirm-TOKEN@example.org"},
	{"confirmation Message-ID", `pbem\.confirm\.`, "", "pbem.confirm.TOKEN@example.org"},
	{"confirmation command", `\bconfirm(?:er)?\s+`, "", `line 1, "confirm TOKEN": this confirmation was used already`},
	{"challenge reply address", `\+challenge-(?:\d+-)+`, "", "games+challenge-3-TOKEN@example.org"},
	{"challenge Message-ID", `pbem\.challenge\.(?:\d+\.)+`, "", "pbem.challenge.3.TOKEN@example.org"},
	{"lobby reply address", `\+lobby-`, "", "games+lobby-TOKEN@example.org"},
	{"lobby Message-ID", `pbem\.lobby\.`, "", "pbem.lobby.TOKEN.welcome.1a2b@example.org"},
	// The signature of an unsubscribe link, base64url, in the link and in
	// List-Unsubscribe's <https://…?a=…&t=…> (&amp;t= in HTML).
	{"unsubscribe link", `[?&;]t=`, `[a-z0-9_-]+`, "<https://games.example.org/unsubscribe?a=ann%40example.org&t=TOKEN>"},
}

// tokenInText finds a token of any shape: one alternative a row, each
// capturing the text before the token, so that the replacement keeps it.
var tokenInText, keepBefore = func() (*regexp.Regexp, string) {
	alts := make([]string, len(tokenShapes))
	var keep strings.Builder
	for i, s := range tokenShapes {
		token := s.token
		if token == "" {
			token = replyToken
		}
		alts[i] = "(" + s.before + ")" + token
		keep.WriteString("${" + strconv.Itoa(i+1) + "}")
	}
	return regexp.MustCompile(`(?i)` + strings.Join(alts, "|")), keep.String()
}()

// Redact hides the tokens in s, for logs and the operator's commands: a
// token lets whoever holds it move for its seat, confirm an address or
// silence it, and a log is read by more people than a player's mailbox.
// What is around the token stays, so the game is still named:
// "pbem.12.redacted.thread@example.org".
func Redact(s string) string {
	if !mayHoldToken(s) {
		return s
	}
	return tokenInText.ReplaceAllString(s, keepBefore+Redacted)
}

// mayHoldToken is false when s cannot hold a token of any shape: it has
// no 20 characters of the reply tokens' alphabet in a row, and no "t=" of
// an unsubscribe link. Most of what the daemon logs (the Message-IDs of
// its notifications, addresses, outcomes) holds none, and this look costs
// a small part of the regular expression's.
func mayHoldToken(s string) bool {
	run := 0
	for i := 0; i < len(s); i++ {
		switch c := s[i] | 0x20; { // ASCII letters in lower case
		case c >= 'a' && c <= 'z' || s[i] >= '2' && s[i] <= '7':
			run++
			if run >= 20 {
				return true
			}
		case s[i] == '=' && i > 0 && s[i-1]|0x20 == 't':
			return true
		default:
			run = 0
		}
	}
	return false
}
