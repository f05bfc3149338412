package mailer

import (
	"crypto/rand"
	"encoding/hex"
	"fmt"
	"strings"
)

// NewMessageID is a Message-ID no other mail has or will have:
// "pbem.PART.PART….RANDOM@DOMAIN", the parts naming what the mail is (its
// game, its kind), RANDOM 64 random bits. Every mail the server may send
// more than once in the same shape (a turn after an undo, a second "you are
// watching", a digest due at a time already passed) gets one: the outbox
// keys its mails by Message-ID, and a fixed one repeated would make the
// second mail's insert fail for ever. Only the first mail of a thread
// (ThreadID) and the mails whose token is random (ConfirmID) have fixed
// IDs, each minted once.
func NewMessageID(domain string, parts ...any) string {
	b := make([]byte, 8)
	rand.Read(b) // never fails (crypto/rand panics rather than return an error)
	var id strings.Builder
	id.WriteString("pbem")
	for _, p := range parts {
		fmt.Fprintf(&id, ".%v", p)
	}
	fmt.Fprintf(&id, ".%s@%s", hex.EncodeToString(b), domain)
	return id.String()
}
