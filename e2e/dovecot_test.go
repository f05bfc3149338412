package e2e

import (
	"bufio"
	"bytes"
	"fmt"
	"net"
	"os"
	"os/exec"
	"os/user"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"
)

// dovecot is a Dovecot instance of the test's own, on a loopback port, with
// one user (imapUser, imapPassword) whose mail is a Maildir in dir.
type dovecot struct {
	dir, conf string
	addr      string // host:port of its IMAP listener, without TLS
	doveadm   string
}

// startDovecot starts Dovecot on a free loopback port and stops it when the
// test ends. Without Dovecot (Debian's dovecot-imapd) the test is skipped,
// unless PBEM_E2E_DOVECOT=1, as in CI, where that is a failure.
func startDovecot(t *testing.T) *dovecot {
	t.Helper()
	return startDovecotWith(t, "")
}

// startDovecotWith is startDovecot with extra lines of configuration, to
// play another server's layout or capabilities.
func startDovecotWith(t *testing.T, extra string) *dovecot {
	t.Helper()
	unavailable := func(format string, args ...any) {
		t.Helper()
		why := fmt.Sprintf(format, args...)
		if os.Getenv("PBEM_E2E_DOVECOT") == "1" {
			t.Fatalf("PBEM_E2E_DOVECOT=1 and %s", why)
		}
		t.Skipf("skipped: %s (install Debian's dovecot-imapd and run as root to run this test; PBEM_E2E_DOVECOT=1 makes this a failure)", why)
	}
	bin := lookPath("dovecot", "/usr/sbin/dovecot")
	doveadm := lookPath("doveadm", "/usr/bin/doveadm")
	switch {
	case bin == "":
		unavailable("dovecot is not installed")
	case doveadm == "":
		unavailable("doveadm is not installed")
	case os.Geteuid() != 0:
		unavailable("Dovecot is started as root, and this test runs as uid %d", os.Geteuid())
	}
	nobody, err := user.Lookup("nobody")
	if err != nil {
		unavailable("no user nobody to run Dovecot's mail processes: %v", err)
	}
	nogroup, err := user.LookupGroup("nogroup")
	if err != nil {
		unavailable("no group nogroup to run Dovecot's mail processes: %v", err)
	}
	uid, _ := strconv.Atoi(nobody.Uid)
	gid, _ := strconv.Atoi(nogroup.Gid)

	// Dovecot's processes run as nobody and dovecot: the directory must be
	// theirs to cross, not 0700 as t.TempDir makes it.
	dir, err := os.MkdirTemp("", "pbem-dovecot-")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { os.RemoveAll(dir) })
	mail := filepath.Join(dir, "mail")
	if err := os.Chmod(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.Mkdir(mail, 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.Chown(mail, uid, gid); err != nil {
		t.Fatal(err)
	}
	users := filepath.Join(dir, "users")
	if err := os.WriteFile(users, []byte(imapUser+":{PLAIN}"+imapPassword+"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	port := freePort(t)
	conf := filepath.Join(dir, "dovecot.conf")
	config := strings.NewReplacer("DIR", dir, "PORT", strconv.Itoa(port)).Replace(dovecotConfig) + extra
	if err := os.WriteFile(conf, []byte(config), 0o644); err != nil {
		t.Fatal(err)
	}
	dv := &dovecot{dir: dir, conf: conf, addr: net.JoinHostPort("127.0.0.1", strconv.Itoa(port)), doveadm: doveadm}
	// Dovecot forks its master into the background, which keeps the
	// standard output and error it was given: a file, not a pipe that
	// would never reach its end.
	out, err := os.Create(filepath.Join(dir, "start.out"))
	if err != nil {
		t.Fatal(err)
	}
	defer out.Close()
	start := exec.Command(bin, "-c", conf)
	start.Stdout, start.Stderr = out, out
	err = start.Run()
	t.Cleanup(func() { dv.stop(t, bin) })
	if err != nil {
		said, _ := os.ReadFile(out.Name())
		t.Fatalf("dovecot -c %s: %v\n%s\n%s", conf, err, said, dv.logTail())
	}
	if err := dv.ready(10 * time.Second); err != nil {
		t.Fatalf("dovecot does not answer on %s: %v\n%s", dv.addr, err, dv.logTail())
	}
	return dv
}

// dovecotConfig is the minimal loopback configuration: plain IMAP on one
// port, no TLS, a password file, the mail as nobody:nogroup in a Maildir.
// IDLE hears of new mail through inotify; where a container has none, it
// looks every second rather than every 30.
const dovecotConfig = `base_dir = DIR/run
state_dir = DIR/state
log_path = DIR/dovecot.log
protocols = imap
listen = 127.0.0.1
ssl = no
disable_plaintext_auth = no
auth_mechanisms = plain login
mail_location = maildir:DIR/mail/%n/Maildir
mailbox_idle_check_interval = 1 secs
passdb {
  driver = passwd-file
  args = scheme=PLAIN username_format=%n DIR/users
}
userdb {
  driver = static
  args = uid=nobody gid=nogroup home=DIR/mail/%n
}
service imap-login {
  inet_listener imap {
    address = 127.0.0.1
    port = PORT
  }
  inet_listener imaps {
    port = 0
  }
}
`

func lookPath(name, fallback string) string {
	if p, err := exec.LookPath(name); err == nil {
		return p
	}
	if _, err := os.Stat(fallback); err == nil {
		return fallback
	}
	return ""
}

// freePort is a loopback TCP port the OS had free a moment ago.
func freePort(t testing.TB) int {
	t.Helper()
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer l.Close()
	return l.Addr().(*net.TCPAddr).Port
}

// ready waits for the IMAP greeting.
func (dv *dovecot) ready(timeout time.Duration) error {
	deadline := time.Now().Add(timeout)
	for {
		c, err := net.DialTimeout("tcp", dv.addr, time.Second)
		if err == nil {
			c.SetDeadline(time.Now().Add(5 * time.Second))
			line, rerr := bufio.NewReader(c).ReadString('\n')
			c.Close()
			if rerr == nil && strings.HasPrefix(line, "* OK") {
				return nil
			}
			err = fmt.Errorf("greeting %q: %v", line, rerr)
		}
		if time.Now().After(deadline) {
			return err
		}
		time.Sleep(20 * time.Millisecond)
	}
}

// stop is dovecot -c FILE stop, then waits for the master process to be
// gone, killing it if it lingers.
func (dv *dovecot) stop(t testing.TB, bin string) {
	pid := 0
	if data, err := os.ReadFile(filepath.Join(dv.dir, "run", "master.pid")); err == nil {
		pid, _ = strconv.Atoi(strings.TrimSpace(string(data)))
	}
	if out, err := exec.Command(bin, "-c", dv.conf, "stop").CombinedOutput(); err != nil && pid > 0 {
		t.Errorf("dovecot -c %s stop: %v\n%s", dv.conf, err, out)
	}
	if pid <= 0 {
		return
	}
	deadline := time.Now().Add(5 * time.Second)
	for syscall.Kill(pid, 0) == nil {
		if time.Now().After(deadline) {
			syscall.Kill(pid, syscall.SIGKILL)
			t.Errorf("dovecot (pid %d) still ran 5 s after stop: killed", pid)
			return
		}
		time.Sleep(20 * time.Millisecond)
	}
}

func (dv *dovecot) logTail() string {
	data, _ := os.ReadFile(filepath.Join(dv.dir, "dovecot.log"))
	return string(tail(data, 4<<10))
}

// save delivers a mail into the user's INBOX as the MDA would.
func (dv *dovecot) save(t testing.TB, raw []byte) {
	t.Helper()
	cmd := exec.Command(dv.doveadm, "-c", dv.conf, "save", "-u", imapUser, "-m", "INBOX")
	cmd.Stdin = bytes.NewReader(raw)
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("doveadm save: %v\n%s\n%s", err, out, dv.logTail())
	}
}

// count is how many mails a mailbox holds, by doveadm search; -1 when the
// mailbox does not exist.
func (dv *dovecot) count(t testing.TB, mailbox string) int {
	t.Helper()
	out, err := exec.Command(dv.doveadm, "-c", dv.conf, "search", "-u", imapUser, "mailbox", mailbox, "ALL").Output()
	if err != nil {
		return -1
	}
	return len(strings.Fields(string(out))) / 2 // "GUID UID" a line
}

// TestDovecot plays a game by mail through a real Dovecot: pbem serve
// reads the inbox over IMAP (IDLE), the test's players answer the mails
// the relay (the sink) receives, as people do, and Dovecot delivers their
// replies. Each move is applied, answered to both players and the reply
// filed in pbem/processed (Dovecot's Maildir++ names it pbem.processed).
func TestDovecot(t *testing.T) {
	t.Parallel()
	dv := startDovecot(t)
	sk := startSink(t)
	e := newEnv(t, map[string]string{
		"PBEM_IMAP_ADDR": dv.addr, "PBEM_IMAP_USER": imapUser, "PBEM_IMAP_PASSWORD": imapPassword, "PBEM_IMAP_TLS": "none",
		"PBEM_SMTP_ADDR": sk.Addr, "PBEM_SMTP_USER": relayUser, "PBEM_SMTP_PASSWORD": relayPassword, "PBEM_SMTP_TLS": "none",
	})
	log := daemonLog(t, e.dir)
	const moves = 6
	sp := spec{Kind: "amplitude", Seed: 7, Seats: players[:2]}
	id := e.newGame(t, sp.Kind, sp.Seed, sp.Seats, nil)
	d := e.serve(t, log)
	waitFor(t, 30*time.Second, "the invitations", func() (bool, string) {
		n := sk.countFor(id)
		return n == len(sp.Seats), fmt.Sprintf("%d received", n)
	})
	db := openDB(t, e.db)

	var want []string
	var ids []string
	for n := 1; n <= moves; n++ {
		// The player to move reads the game as it stands, chooses with
		// the engine's computer player, and answers the last mail.
		s := e.show(t, id)
		if s.MoveNumber != n-1 || s.Status != "active" {
			t.Fatalf("before move %d: move_number %d, status %s", n, s.MoveNumber, s.Status)
		}
		var notations []string
		for _, m := range e.history(t, id) {
			notations = append(notations, m.Notation)
		}
		st := replay(t, sp, notations)
		seat := st.ToMove()
		player := sp.Seats[seat]
		if player.Email != s.ToMove {
			t.Fatalf("move %d: the engine says %s moves, game show says %s", n, player.Email, s.ToMove)
		}
		move, err := st.BotMove(seat)
		if err != nil {
			t.Fatal(err)
		}
		_, res, err := st.Apply(seat, move)
		if err != nil {
			t.Fatal(err)
		}
		last := sk.last(t, id, player.Email)
		if !strings.Contains(last.Text, "your turn") && !strings.Contains(last.Text, "You play first") {
			t.Errorf("move %d: the last mail to %s does not say it is their turn:\n%s", n, player.Email, last.Text)
		}
		msgID := fmt.Sprintf("dovecot.%d.%d@%s", id, n, strings.SplitN(player.Email, "@", 2)[1])
		dv.save(t, reply{
			From: player, To: last.ReplyTo, Answered: last, MessageID: msgID,
			Body: fmt.Sprintf("#%d %s", n, move),
		}.bytes())
		want, ids = append(want, res.Move), append(ids, msgID)

		waitFor(t, 30*time.Second, fmt.Sprintf("move %d applied and announced to both players", n), func() (bool, string) {
			played := queryInt(t, db, `SELECT move_number FROM games WHERE id = ?`, id)
			mails := sk.countFor(id)
			return played == n && mails == len(sp.Seats)*(n+1), fmt.Sprintf("move_number %d, %d mails", played, mails)
		})
	}

	waitFor(t, 30*time.Second, "every reply filed in pbem.processed", func() (bool, string) {
		inbox, processed := dv.count(t, "INBOX"), dv.count(t, "pbem.processed")
		return inbox == 0 && processed == moves, fmt.Sprintf("INBOX %d, pbem.processed %d", inbox, processed)
	})
	if _, err := os.Stat(filepath.Join(dv.dir, "mail", imapUser, "Maildir", ".pbem.processed", "cur")); err != nil {
		t.Errorf("the Maildir++ folder of pbem/processed: %v", err)
	}
	if n := dv.count(t, "pbem.rejected"); n != 0 {
		t.Errorf("pbem.rejected holds %d mails, want 0", n)
	}
	d.stop(t, 15*time.Second)

	h := e.history(t, id)
	if len(h) != moves {
		t.Fatalf("the history has %d moves, want %d", len(h), moves)
	}
	for i, m := range h {
		if m.Notation != want[i] || m.MessageID != ids[i] {
			t.Errorf("move %d: %q from %s, want %q from %s", i+1, m.Notation, m.MessageID, want[i], ids[i])
		}
	}
	if s := e.show(t, id); s.MoveNumber != moves {
		t.Errorf("move_number %d, want %d", s.MoveNumber, moves)
	}
	e.verifyAll(t)
}
