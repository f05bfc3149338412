package e2e

import (
	"fmt"
	"os"
	"testing"
	"time"

	"pbem/mailer/loopback"
)

const (
	imapUser     = "pbem"
	imapPassword = "secret"
)

// world is a daemon's surroundings on loopback: the in-memory IMAP server
// holding its inbox, the SMTP sink standing for its relay, its database and
// its log.
type world struct {
	imap *loopback.IMAPServer
	sink *sink
	env  *env
	log  *os.File
}

func newWorld(t testing.TB) *world {
	t.Helper()
	imap, err := loopback.StartIMAP(imapUser, imapPassword)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { imap.Close() })
	sk := startSink(t)
	e := newEnv(t, map[string]string{
		"PBEM_IMAP_ADDR": imap.Addr, "PBEM_IMAP_USER": imapUser, "PBEM_IMAP_PASSWORD": imapPassword, "PBEM_IMAP_TLS": "none",
		"PBEM_SMTP_ADDR": sk.Addr, "PBEM_SMTP_USER": relayUser, "PBEM_SMTP_PASSWORD": relayPassword, "PBEM_SMTP_TLS": "none",
	})
	return &world{imap: imap, sink: sk, env: e, log: daemonLog(t, e.dir)}
}

// count is how many mails an IMAP mailbox holds; -1 when it does not exist.
func (w *world) count(mailbox string) int {
	n, err := w.imap.Count(mailbox)
	if err != nil {
		return -1
	}
	return n
}

// created is a game the test created, with its moves computed and the
// replies carrying them.
type created struct {
	spec
	ID      int64
	Script  []play
	Replies [][]byte // Replies[i] carries move i+1
}

// createGames creates the games with pbem game new and computes each
// one's script of up to moves moves.
func createGames(t testing.TB, e *env, specs []spec, moves int) []*created {
	t.Helper()
	out := make([]*created, len(specs))
	for i, s := range specs {
		out[i] = &created{spec: s, ID: e.newGame(t, s.Kind, s.Seed, s.Seats, s.Opts)}
	}
	for i, sc := range scripts(t, specs, moves) {
		out[i].Script = sc
	}
	return out
}

// writeReplies builds each game's replies from the invitations the sink
// received: every move answers the mover's invitation, to its reply
// address, with the move number guard.
func writeReplies(t testing.TB, sk *sink, gs []*created) {
	t.Helper()
	for _, g := range gs {
		g.Replies = nil
		for i, p := range g.Script {
			from := g.Seats[p.Seat]
			inv := sk.invitation(t, g.ID, from.Email)
			g.Replies = append(g.Replies, reply{
				From: from, To: inv.ReplyTo, Answered: inv,
				MessageID: replyID(g.ID, i+1, from),
				Body:      fmt.Sprintf("#%d %s", i+1, p.Text),
			}.bytes())
		}
	}
}

// waitInvitations waits for the sink to have every game's invitations.
func waitInvitations(t testing.TB, sk *sink, gs []*created, timeout time.Duration) {
	t.Helper()
	want := 0
	for _, g := range gs {
		want += len(g.Seats)
	}
	waitFor(t, timeout, fmt.Sprintf("%d invitations", want), func() (bool, string) {
		n := sk.count()
		return n >= want, fmt.Sprintf("%d received", n)
	})
}
