package e2e

import (
	"fmt"
	"regexp"
	"strconv"
	"strings"
	"testing"
)

// fromForgery is a mail that claims to be from a player, as the operator's
// receiving server stamped it: the From field (or fields) it carries and
// the Authentication-Results that server wrote.
type fromForgery struct {
	name    string
	from    func(victim seat) string // the From fields, "From: " included
	results string
}

// fromForgeries are the ways an attacker at attacker.example writes a
// victim's address into From, each with what the operator's server
// found: results about attacker.example, which the attacker's mail passes.
var fromForgeries = []fromForgery{
	{"a quoted local part", func(v seat) string { return fmt.Sprintf(`From: "%s"@attacker.example`, v.Email) }, aboutAttacker},
	{"a quoted local part in brackets", func(v seat) string { return fmt.Sprintf(`From: %s <"%s"@attacker.example>`, v.Name, v.Email) }, aboutAttacker},
	{"two addresses in From", func(v seat) string {
		return fmt.Sprintf("From: %s <%s>, Mallory <mallory@attacker.example>", v.Name, v.Email)
	}, aboutAttacker},
	{"two From fields", func(v seat) string {
		return fmt.Sprintf("From: Mallory <mallory@attacker.example>\r\nFrom: %s <%s>", v.Name, v.Email)
	}, aboutAttacker},
	{"the victim's From, every result about attacker.example", func(v seat) string { return fmt.Sprintf("From: %s <%s>", v.Name, v.Email) }, aboutAttacker},
	{"the victim's From, no DMARC policy, DKIM and SPF about attacker.example", func(v seat) string { return fmt.Sprintf("From: %s <%s>", v.Name, v.Email) },
		mxID + "; dkim=pass header.d=attacker.example; spf=pass smtp.mailfrom=bounce@attacker.example; dmarc=none header.from=example.test"},
}

// aboutAttacker is what the operator's server finds of a mail that
// attacker.example sent and signed.
const aboutAttacker = mxID + "; dkim=pass header.d=attacker.example; spf=pass smtp.mailfrom=bounce@attacker.example; dmarc=pass header.from=attacker.example"

// fromLine is a mail's From field, folded lines included.
var fromLine = regexp.MustCompile(`(?m)^From: .*\r\n([ \t].*\r\n)*`)

// forge is raw with its From field replaced by f's and f's results on top.
func (f fromForgery) forge(raw []byte, victim seat) []byte {
	loc := fromLine.FindIndex(raw)
	if loc == nil {
		panic("no From field")
	}
	head := "Authentication-Results: " + f.results + "\r\n"
	return []byte(head + string(raw[:loc[0]]) + f.from(victim) + "\r\n" + string(raw[loc[1]:]))
}

// victimState is what a forgery must not change: the victim's game, name,
// silence and mailbox.
type victimState struct {
	game, name string
	silenced   int
	mails      int
}

func (g *trustGame) victimState(t *testing.T, victim seat) victimState {
	t.Helper()
	db := openDB(t, g.e.db)
	var name string
	if err := db.QueryRow(`SELECT name FROM players WHERE email = ?`, victim.Email).Scan(&name); err != nil {
		t.Fatal(err)
	}
	return victimState{
		game:     g.e.pbem(t, "game", "show", strconv.FormatInt(g.id, 10), "--json"),
		name:     name,
		silenced: queryInt(t, db, `SELECT COUNT(*) FROM silenced WHERE address = ?`, victim.Email),
		mails:    queryInt(t, db, `SELECT COUNT(*) FROM outbox WHERE recipient = ?`, victim.Email),
	}
}

// changes says what differs from s in after.
func (s victimState) changes(after victimState) string {
	var out []string
	if after.game != s.game {
		out = append(out, "the game changed")
	}
	if after.name != s.name {
		out = append(out, fmt.Sprintf("the name went from %q to %q", s.name, after.name))
	}
	if after.silenced != s.silenced {
		out = append(out, "silenced")
	}
	if after.mails != s.mails {
		out = append(out, fmt.Sprintf("%d mails to the victim", after.mails-s.mails))
	}
	return strings.Join(out, ", ")
}

// TestIngestFromForgeries: under sender_auth not-fail and pass, each way
// of writing a victim's address into From from attacker.example — a
// `name Mallory` and a `stop` to the bare address, a move with the
// victim's leaked reply address — changes nothing of the victim's: their
// game, their name, their silence, their mailbox (each forgery on a fresh
// installation, so that no cap on answers hides one). Then the victim's
// own mail, which their domain vouches for, plays.
func TestIngestFromForgeries(t *testing.T) {
	t.Parallel()
	genuine := "Authentication-Results: " + mxID + "; dkim=pass header.d=example.test; spf=pass smtp.mailfrom=example.test; dmarc=pass header.from=example.test"
	for _, policy := range []string{"not-fail", "pass"} {
		for i, f := range fromForgeries {
			t.Run(policy+"/"+f.name, func(t *testing.T) {
				t.Parallel()
				e := newEnv(t, map[string]string{"PBEM_AUTHSERV_ID": mxID, "PBEM_SENDER_AUTH": policy})
				g := newTrustGame(t, e, 16, []seat{players[0], players[1]})
				victim := g.seats[g.plays[0].Seat]
				e.pbem(t, "player", "register", victim.Email, victim.Name)
				before := g.victimState(t, victim)
				if before.name != victim.Name || before.silenced != 0 {
					t.Fatalf("the victim before: %+v", before)
				}
				mails := []struct {
					what string
					raw  []byte
				}{
					{"name Mallory", lobbyMail(victim, "", "", fmt.Sprintf("name%d@attacker.example", i), "name Mallory")},
					{"stop", lobbyMail(victim, "", "", fmt.Sprintf("stop%d@attacker.example", i), "stop")},
					{"a move to the leaked reply address", g.replyTo(t, 0, victim.Email)},
				}
				for _, m := range mails {
					e.ingest(t, f.forge(m.raw, victim))
					if after := g.victimState(t, victim); after != before {
						t.Errorf("%s: %s", m.what, before.changes(after))
						before = after
					}
				}
				g.expect(t, g.replyTo(t, 0, victim.Email, genuine), "processed", 1, "the victim's own mail")
			})
		}
	}
}
