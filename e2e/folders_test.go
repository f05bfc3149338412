package e2e

import (
	"fmt"
	"os"
	"strings"
	"testing"
	"time"

	"github.com/emersion/go-imap/v2"
	"github.com/emersion/go-imap/v2/imapclient"
)

// courierLayout is Courier's folder layout played by Dovecot: every folder
// under INBOX., with "." between levels. Many hosting providers' Dovecot
// set-ups look the same.
const courierLayout = `namespace inbox {
  inbox = yes
  prefix = INBOX.
  separator = .
}
`

// oldServer takes IDLE, MOVE, UIDPLUS (and NAMESPACE) out of what Dovecot
// offers: imap_capability replaces the whole list.
const oldServer = "imap_capability = IMAP4rev1 LITERAL+ SASL-IR LOGIN-REFERRALS ID ENABLE\n"

// TestDovecotCourierLayout: on a server whose folders live under INBOX.,
// serve files the replies in INBOX.pbem.processed, found through NAMESPACE.
func TestDovecotCourierLayout(t *testing.T) {
	t.Parallel()
	dv := startDovecotWith(t, courierLayout)
	e := playByDovecot(t, dv, nil, "INBOX", "INBOX.pbem.processed")
	if n := dv.count(t, "INBOX.pbem.rejected"); n != 0 {
		t.Errorf("INBOX.pbem.rejected holds %d mails, want 0", n)
	}
	doctorSays(t, e, `ok  imap folders: INBOX.pbem.processed and INBOX.pbem.rejected (personal namespace "INBOX.", delimiter ".")`)
}

// TestDovecotRefusedFolder: a folder named in a form the server refuses
// stops serve at once, exit status 1, with the server's answer and the
// setting to change, said once.
func TestDovecotRefusedFolder(t *testing.T) {
	t.Parallel()
	dv := startDovecotWith(t, courierLayout)
	sk := startSink(t)
	e := newEnv(t, dovecotVars(dv, sk, map[string]string{"PBEM_IMAP_PROCESSED": "pbem.processed"}))
	log := daemonLog(t, e.dir)
	d := e.serve(t, log)
	select {
	case <-d.done:
	case <-time.After(20 * time.Second):
		t.Fatal("pbem serve still runs 20 s after the server refused its folder")
	}
	if code := d.cmd.ProcessState.ExitCode(); code != 1 {
		t.Errorf("pbem serve exited with %d, want 1", code)
	}
	out := readLog(t, log)
	want := "the IMAP server refused to create the folder pbem.processed: NO "
	if strings.Count(out, want) != 1 {
		t.Errorf("the log should say %q once:\n%s", want, out)
	}
	for _, words := range []string{"Its folders live under INBOX.;", "set imap.processed (PBEM_IMAP_PROCESSED)", "such as INBOX.pbem.processed"} {
		if !strings.Contains(out, words) {
			t.Errorf("the log does not say %q:\n%s", words, out)
		}
	}
}

// TestDovecotWithoutIdleMoveUIDPlus: an old server. The client sees none
// of the three; serve polls, and files replies by COPY, STORE \Deleted and
// EXPUNGE.
func TestDovecotWithoutIdleMoveUIDPlus(t *testing.T) {
	t.Parallel()
	dv := startDovecotWith(t, oldServer)
	c, err := imapclient.DialInsecure(dv.addr, nil)
	if err != nil {
		t.Fatal(err)
	}
	if err := c.Login(imapUser, imapPassword).Wait(); err != nil {
		t.Fatal(err)
	}
	caps, err := c.Capability().Wait()
	c.Close()
	if err != nil {
		t.Fatal(err)
	}
	for _, hidden := range []imap.Cap{imap.CapIdle, imap.CapMove, imap.CapUIDPlus, imap.CapNamespace} {
		if caps.Has(hidden) {
			t.Errorf("Dovecot still offers %s: %v", hidden, caps)
		}
	}
	e := playByDovecot(t, dv, map[string]string{"PBEM_POLL": "300ms"}, "INBOX", "pbem.processed")
	doctorSays(t, e,
		"FAIL  imap idle: the server does not offer IDLE: pbem polls the mailbox every 300ms instead",
		"warn  imap move: the server offers neither MOVE nor UIDPLUS: pbem files mail by COPY, STORE \\Deleted and EXPUNGE",
		`ok  imap folders: pbem.processed and pbem.rejected (personal namespace "", delimiter ".")`)
}

// doctorSays runs pbem doctor with e's settings and looks for these lines
// (their beginnings). The sink does not deliver into Dovecot, so the
// plus-addressing check fails: only the IMAP lines are read.
func doctorSays(t *testing.T, e *env, lines ...string) {
	t.Helper()
	out, _, _ := e.try("doctor", "--wait", "100ms")
	for _, want := range lines {
		found := false
		for _, l := range strings.Split(out, "\n") {
			found = found || strings.HasPrefix(l, want)
		}
		if !found {
			t.Errorf("pbem doctor does not say %q:\n%s", want, out)
		}
	}
}

// dovecotVars are the settings of serve against dv and the sink, plus more.
func dovecotVars(dv *dovecot, sk *sink, more map[string]string) map[string]string {
	vars := map[string]string{
		"PBEM_IMAP_ADDR": dv.addr, "PBEM_IMAP_USER": imapUser, "PBEM_IMAP_PASSWORD": imapPassword, "PBEM_IMAP_TLS": "none",
		"PBEM_SMTP_ADDR": sk.Addr, "PBEM_SMTP_USER": relayUser, "PBEM_SMTP_PASSWORD": relayPassword, "PBEM_SMTP_TLS": "none",
	}
	for k, v := range more {
		vars[k] = v
	}
	return vars
}

// playByDovecot plays two moves of a game by mail through dv and serve,
// and checks both replies were applied and filed in processed.
func playByDovecot(t *testing.T, dv *dovecot, more map[string]string, inbox, processed string) *env {
	t.Helper()
	sk := startSink(t)
	e := newEnv(t, dovecotVars(dv, sk, more))
	log := daemonLog(t, e.dir)
	const moves = 2
	sp := spec{Kind: "amplitude", Seed: 7, Seats: players[:2]}
	id := e.newGame(t, sp.Kind, sp.Seed, sp.Seats, nil)
	d := e.serve(t, log)
	waitFor(t, 30*time.Second, "the invitations", func() (bool, string) {
		n := sk.countFor(id)
		return n == len(sp.Seats), fmt.Sprintf("%d received", n)
	})
	db := openDB(t, e.db)
	var notations []string
	for n := 1; n <= moves; n++ {
		st := replay(t, sp, notations)
		seat := st.ToMove()
		move, err := st.BotMove(seat)
		if err != nil {
			t.Fatal(err)
		}
		_, res, err := st.Apply(seat, move)
		if err != nil {
			t.Fatal(err)
		}
		player := sp.Seats[seat]
		last := sk.last(t, id, player.Email)
		dv.save(t, reply{
			From: player, To: last.ReplyTo, Answered: last,
			MessageID: fmt.Sprintf("folders.%d.%d@example.test", id, n), Body: fmt.Sprintf("#%d %s", n, move),
		}.bytes())
		notations = append(notations, res.Move)
		waitFor(t, 30*time.Second, fmt.Sprintf("move %d applied", n), func() (bool, string) {
			played := queryInt(t, db, `SELECT move_number FROM games WHERE id = ?`, id)
			return played == n, fmt.Sprintf("move_number %d", played)
		})
	}
	waitFor(t, 30*time.Second, "every reply filed in "+processed, func() (bool, string) {
		in, done := dv.count(t, inbox), dv.count(t, processed)
		return in == 0 && done == moves, fmt.Sprintf("%s %d, %s %d", inbox, in, processed, done)
	})
	d.stop(t, 15*time.Second)
	e.verifyAll(t)
	return e
}

func readLog(t *testing.T, log *os.File) string {
	t.Helper()
	data, err := os.ReadFile(log.Name())
	if err != nil {
		t.Fatal(err)
	}
	return string(data)
}
