package mailer

import "regexp"

// tokenInText finds the reply tokens pbem writes into addresses,
// Message-IDs and subjects: LOCAL+GAME-TOKEN@, LOCAL+digest-P-TOKEN@,
// pbem.GAME.TOKEN., pbem.digest.P.TOKEN. and [#GAME-TOKEN].
var tokenInText = regexp.MustCompile(`(?i)(\+(?:digest-)?\d+-|pbem\.(?:digest\.)?\d+\.|\[#\d+-)[a-z2-7]{20}`)

// Redacted is the word a redacted token becomes.
const Redacted = "redacted"

// Redact hides the reply tokens in s, for logs: a token lets whoever
// holds it move for its seat, and a log is read by more people than a
// player's mailbox. What is around the token stays, so the game is still
// named: "pbem.12.redacted.thread@example.org".
func Redact(s string) string {
	return tokenInText.ReplaceAllString(s, "${1}"+Redacted)
}
