package e2e

import (
	"fmt"
	"strings"
	"testing"
	"time"
)

// phoneReply is a reply as a phone's mail app writes it: body (maybe
// nothing but its footer), then the mail answered, quoted under an
// attribution line; to its Reply-To, threaded to it.
func phoneReply(from seat, to received, messageID, body string) []byte {
	var b strings.Builder
	fmt.Fprintf(&b, "From: %s <%s>\r\nTo: %s\r\nSubject: Re: %s\r\nDate: %s\r\nMessage-ID: <%s>\r\n", from.Name, from.Email, to.ReplyTo,
		to.Subject, time.Now().UTC().Format(time.RFC1123Z), messageID)
	fmt.Fprintf(&b, "In-Reply-To: <%s>\r\nReferences: %s <%s>\r\n", to.MessageID, to.References, to.MessageID)
	b.WriteString("Content-Type: text/plain; charset=utf-8\r\n\r\n")
	b.WriteString(strings.ReplaceAll(body, "\n", "\r\n"))
	fmt.Fprintf(&b, "\r\n\r\nOn %s, pbem <%s> wrote:\r\n", time.Now().UTC().Format("2 Jan 2006, at 15:04"), serverAddress)
	for _, line := range strings.Split(strings.TrimRight(to.Text, "\n"), "\n") {
		b.WriteString(strings.TrimRight("> "+line, " ") + "\r\n")
	}
	return []byte(b.String())
}

// lastLobbyTo is the last lobby mail queued to who.
func lastLobbyTo(t testing.TB, e *env, who seat) received {
	t.Helper()
	mails := lobbyMailsTo(t, e, who.Email)
	if len(mails) == 0 {
		t.Fatalf("no mail to %s", who.Email)
	}
	return mails[len(mails)-1]
}

// TestIngestFirstHour: a newcomer's first hour through pbem ingest, as
// people reply: a sign-up confirmed by a reply that says "confirm",
// "yes", nothing or only a phone's footer, and cancelled by "no"; a lobby
// command replied in the confirmation's thread runs; a challenge accepted
// by "accept" above chatter and the quoted invitation; "sign up Dave" and
// "new amplitud with computer" answered with the command meant; lang fr
// before any game; "inscription Zoé" answered in French.
func TestIngestFirstHour(t *testing.T) {
	t.Parallel()
	e := newEnv(t, nil)
	e.pbem(t, "game", "list")
	processed := func(raw []byte, what string) {
		t.Helper()
		if got := e.ingest(t, raw); got != "processed" {
			t.Fatalf("%s: pbem ingest printed %q", what, got)
		}
	}
	for i, body := range []string{"confirm", "yes", "", "Sent from my iPhone", "no"} {
		who := seat{fmt.Sprintf("new%d@example.test", i), fmt.Sprintf("Newcomer%c", 'A'+i)}
		processed(signupMail(who, fmt.Sprintf("signup%d@example.test", i), "signup "+who.Name), "signup")
		conf := lastLobbyTo(t, e, who)
		if !strings.Contains(conf.ReplyTo, "+confirm-") {
			t.Fatalf("no confirmation to %s: %+v", who.Email, conf)
		}
		processed(phoneReply(who, conf, fmt.Sprintf("reply%d@example.test", i), body), fmt.Sprintf("reply %q", body))
		signedUp := registeredAt(t, e, who.Email) != ""
		if signedUp != (body != "no") {
			t.Errorf("a reply %q to the confirmation: signed up %v", body, signedUp)
		}
	}

	// The next step, replied in the thread: a game against the computer.
	ann := seat{"new1@example.test", "NewcomerB"}
	processed(phoneReply(ann, lastLobbyTo(t, e, ann), "next@example.test", "new amplitude with computer"), "new")
	if games := e.pbem(t, "game", "list"); !strings.Contains(games, ann.Name+", Computer") {
		t.Fatalf("no game of %s after replying in the thread:\n%s", ann.Email, games)
	}

	// A challenge, accepted above chatter and the quoted invitation.
	bob := seat{"new0@example.test", "NewcomerA"}
	processed(phoneReply(ann, lastLobbyTo(t, e, ann), "challenge@example.test", "new chiffres with "+bob.Email), "challenge")
	inv := lastLobbyTo(t, e, bob)
	if !strings.Contains(inv.ReplyTo, "+challenge-") {
		t.Fatalf("no invitation to %s: %+v", bob.Email, inv)
	}
	processed(phoneReply(bob, inv, "accept@example.test", "Hi!\n\naccept\n\nLooking forward to it,\nBob"), "accept")
	if out := e.pbem(t, "challenge", "list"); !strings.Contains(out, "started") {
		t.Fatalf("the challenge did not start:\n%s", out)
	}

	// Slips answered with what they meant.
	dave := seat{"dave@example.test", "Dave"}
	e.ingest(t, signupMail(dave, "dave@example.test", "sign up Dave")) // refused: filed with the rejected
	if got := lastLobbyTo(t, e, dave); !strings.Contains(flat(got.Text), "Did you mean signup Dave") {
		t.Errorf("sign up Dave answered:\n%s", got.Text)
	}
	e.ingest(t, phoneReply(ann, lastLobbyTo(t, e, ann), "typo@example.test", "new amplitud with computer"))
	if got := lastLobbyTo(t, e, ann); !strings.Contains(flat(got.Text), "did you mean new amplitude with computer?") {
		t.Errorf("new amplitud answered:\n%s", got.Text)
	}

	// lang fr with no game yet, then French everywhere.
	processed(phoneReply(bob, lastLobbyTo(t, e, bob), "lang@example.test", "lang fr"), "lang fr")
	if got := lastLobbyTo(t, e, bob); !strings.Contains(got.Text, "Désormais") {
		t.Errorf("lang fr answered:\n%s", got.Text)
	}
	zoe := seat{"zoe@example.test", "Zoé"}
	processed(signupMail(zoe, "zoe@example.test", "inscription Zoé"), "inscription")
	conf := lastLobbyTo(t, e, zoe)
	if conf.Subject != "pbem : confirmez votre inscription" {
		t.Errorf("inscription answered with subject %q", conf.Subject)
	}
	processed(phoneReply(zoe, conf, "oui@example.test", "oui"), "oui")
	if got := lastLobbyTo(t, e, zoe); !strings.Contains(got.Text, "Vous êtes inscrit") {
		t.Errorf("Zoé's welcome:\n%s", got.Text)
	}
}

// flat is s with its line breaks as spaces: sentences wrapped at 78
// columns read whole.
func flat(s string) string { return strings.Join(strings.Fields(s), " ") }
