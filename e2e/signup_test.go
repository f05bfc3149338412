package e2e

import (
	"fmt"
	"strings"
	"testing"
	"time"
)

// signupMail is a new mail from from to the server's bare address.
func signupMail(from seat, messageID, body string) []byte {
	return fmt.Appendf(nil, "From: %s <%s>\r\nTo: %s\r\nSubject: hello\r\nDate: %s\r\nMessage-ID: <%s>\r\nContent-Type: text/plain; charset=utf-8\r\n\r\n%s\r\n",
		from.Name, from.Email, serverAddress, time.Now().Format(time.RFC1123Z), messageID, body)
}

// registeredAt is the players.registered_at of email, "" when unset or
// unknown.
func registeredAt(t testing.TB, e *env, email string) string {
	t.Helper()
	var at string
	openDB(t, e.db).QueryRow(`SELECT COALESCE(registered_at, '') FROM players WHERE email = ?`, email).Scan(&at)
	return at
}

// TestIngestSignup: through pbem ingest, as an MTA hands the mails over,
// a sign-up registers its address only once the confirmation mailed to
// it is answered from it; a sign-up forged for another's address mails
// that address, and a reply from the forger confirms nothing. Then the
// operator's player commands rename and sign off.
func TestIngestSignup(t *testing.T) {
	t.Parallel()
	e := newEnv(t, nil)
	cyd := seat{Email: "cyd@example.test", Name: "Cyd"}
	if out := e.pbem(t, "player", "register", cyd.Email, "Cyd"); !strings.Contains(out, "cyd@example.test is registered") {
		t.Fatalf("pbem player register printed %q", out)
	}

	ann := seat{Email: "ann@example.test", Name: "Ann"}
	if got := e.ingest(t, signupMail(ann, "signup-ann@example.test", "signup Ann")); got != "processed" {
		t.Fatalf("the sign-up: pbem ingest printed %q", got)
	}
	if at := registeredAt(t, e, ann.Email); at != "" {
		t.Fatalf("registered at %s before the confirmation", at)
	}
	mails := lobbyMailsTo(t, e, ann.Email)
	if len(mails) != 1 || mails[0].Subject != "pbem: confirm your sign-up" || !strings.Contains(mails[0].ReplyTo, "+confirm-") {
		t.Fatalf("after the sign-up %s got %+v", ann.Email, mails)
	}
	r := reply{From: ann, To: mails[0].ReplyTo, Answered: mails[0], MessageID: "confirm-ann@example.test", Body: "Yes please."}
	if got := e.ingest(t, r.bytes()); got != "processed" {
		t.Fatalf("the reply to the confirmation: pbem ingest printed %q", got)
	}
	if registeredAt(t, e, ann.Email) == "" {
		t.Fatal("not registered after the confirmation")
	}

	// Eve signs up Bob's address.
	bob, eve := seat{Email: "bob@example.test", Name: "Bob"}, seat{Email: "eve@example.test", Name: "Eve"}
	e.ingest(t, signupMail(bob, "forged@example.test", "signup Bob"))
	if n := len(lobbyMailsTo(t, e, eve.Email)); n != 0 {
		t.Fatalf("the forger got %d mails", n)
	}
	forged := lobbyMailsTo(t, e, bob.Email)
	if len(forged) != 1 {
		t.Fatalf("Bob got %d mails, want the confirmation", len(forged))
	}
	r = reply{From: eve, To: forged[0].ReplyTo, Answered: forged[0], MessageID: "confirm-eve@example.test", Body: "confirmed!"}
	if got := e.ingest(t, r.bytes()); got != "rejected" {
		t.Fatalf("the forger's confirmation: pbem ingest printed %q", got)
	}
	if at := registeredAt(t, e, bob.Email); at != "" {
		t.Fatalf("Bob registered at %s by Eve's reply", at)
	}

	if out := e.pbem(t, "player", "rename", ann.Email, "Ann", "Smith"); !strings.Contains(out, "is now named Ann Smith") {
		t.Fatalf("pbem player rename printed %q", out)
	}
	if out := e.pbem(t, "player", "signoff", ann.Email, "--resign"); !strings.Contains(out, "ann@example.test is signed off: no games going") {
		t.Fatalf("pbem player signoff printed %q", out)
	}
	if got := e.ingest(t, signupMail(ann, "name-ann@example.test", "name Annie")); got != "rejected" {
		t.Fatalf("a signed-off player's name command: pbem ingest printed %q", got)
	}
}
