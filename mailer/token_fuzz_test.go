package mailer

import (
	"strings"
	"testing"
	"unicode/utf8"
)

// FuzzParseReplyAddress: the readers of reply addresses, thread IDs,
// subject tags, digest, challenge, confirmation and lobby addresses take
// whatever a mail carries; they never panic, and what they accept is a
// positive game (or player, or challenge) ID and a well-formed,
// lower-case token.
func FuzzParseReplyAddress(f *testing.F) {
	tok := Token([]byte("secret"), 12, 1, 0)
	for _, s := range []string{
		"pbem+12-" + tok + "@example.org", ThreadID(12, tok, "example.org"), "Re: " + SubjectTag(12, tok),
		"pbem@example.org", "[#0]", "pbem+99999999999999999999-" + tok + "@x", "[#12-" + strings.ToUpper(tok) + "]",
		"pbem+digest-7-" + tok + "@example.org", "pbem.digest.7." + tok + ".202612020830@example.org", "pbem+digest-0-" + tok + "@x",
		"pbem+lobby-" + tok + "@example.org", LobbyID(tok, "example.org"), "pbem+confirm-" + tok + "@x", ConfirmID(tok, "x"),
		"pbem+challenge-3-" + tok + "@x", ChallengeID(3, tok, "x"), "pbem.challenge.3." + tok + "@x",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		check := func(id int64, token string, ok bool, empty bool) {
			if !ok {
				return
			}
			if id < 1 {
				t.Fatalf("%q: game %d accepted", s, id)
			}
			if (token == "") != empty && len(token) != 20 {
				t.Fatalf("%q: token %q accepted", s, token)
			}
			if !utf8.ValidString(token) || strings.ToLower(token) != token {
				t.Fatalf("%q: token %q not normalised", s, token)
			}
		}
		id, token, ok := ParseReplyAddress(s)
		check(id, token, ok, false)
		id, token, ok = ParseThreadID(s)
		check(id, token, ok, false)
		id, token, ok = ParseSubjectTag(s)
		check(id, token, ok, true)
		id, token, ok = ParseDigestAddress(s)
		check(id, token, ok, false)
		id, token, ok = ParseDigestID(s)
		check(id, token, ok, false)
		id, token, ok = ParseChallengeAddress(s)
		check(id, token, ok, false)
		id, token, ok = ParseChallengeID(s)
		check(id, token, ok, false)
		for _, read := range []func(string) (string, bool){ParseLobbyAddress, ParseLobbyID, ParseConfirmAddress, ParseConfirmID} {
			token, ok := read(s)
			check(1, token, ok, false)
		}
	})
}
