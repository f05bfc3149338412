package e2e

import (
	"bytes"
	"context"
	"database/sql"
	"fmt"
	"os"
	"os/exec"
	"os/user"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/emersion/go-smtp"
)

// exim is an Exim daemon of the test's own on a loopback port, delivering
// the server's addresses into pbem ingest through the router and pipe
// transport docs/operators.md gives.
type exim struct {
	bin, conf, dir string
	addr           string
	cmd            *exec.Cmd
}

// eximTrusted is Debian's list of configuration files Exim runs as root
// with: any other -C file makes it drop root, and then it can neither
// switch to the pipe's user nor keep its spool.
const eximTrusted = "/etc/exim4/trusted_configs"

// eximMu serialises the edits of eximTrusted between tests.
var eximMu sync.Mutex

// startExim starts Exim with the recipe's router and transport on a free
// loopback port, the transport running command as nobody:nogroup with the
// environment given, and stops it when the test ends. Without Exim
// (Debian's exim4-daemon-light) the test is skipped, unless
// PBEM_E2E_EXIM=1, as in CI, where that is a failure.
func startExim(t *testing.T, dir, command, environment string) *exim {
	t.Helper()
	return runExim(t, dir, strings.NewReplacer("DIR", dir, "COMMAND", command, "ENVIRONMENT", environment).Replace(eximConfig))
}

// runExim starts Exim with config, its folders under dir, on a free
// loopback port, as startExim says.
func runExim(t *testing.T, dir, config string) *exim {
	t.Helper()
	unavailable := func(format string, args ...any) {
		t.Helper()
		why := fmt.Sprintf(format, args...)
		if os.Getenv("PBEM_E2E_EXIM") == "1" {
			t.Fatalf("PBEM_E2E_EXIM=1 and %s", why)
		}
		t.Skipf("skipped: %s (install Debian's exim4-daemon-light and run as root to run this test; PBEM_E2E_EXIM=1 makes this a failure)", why)
	}
	bin := lookPath("exim4", "/usr/sbin/exim4")
	switch {
	case bin == "":
		unavailable("exim4 is not installed")
	case os.Geteuid() != 0:
		unavailable("Exim is started as root, and this test runs as uid %d", os.Geteuid())
	}
	eximUser, err := user.Lookup("Debian-exim")
	if err != nil {
		unavailable("no user Debian-exim to own Exim's spool: %v", err)
	}
	uid, _ := strconv.Atoi(eximUser.Uid)
	gid, _ := strconv.Atoi(eximUser.Gid)
	for _, sub := range []string{"spool", "log"} {
		p := filepath.Join(dir, sub)
		if err := os.Mkdir(p, 0o750); err != nil {
			t.Fatal(err)
		}
		if err := os.Chown(p, uid, gid); err != nil {
			t.Fatal(err)
		}
	}
	port := freePort(t)
	conf := filepath.Join(dir, "exim.conf")
	if err := os.WriteFile(conf, []byte(config), 0o644); err != nil {
		t.Fatal(err)
	}
	trust(t, conf)
	ex := &exim{bin: bin, conf: conf, dir: dir, addr: fmt.Sprintf("127.0.0.1:%d", port)}
	// -bdf: the daemon stays in the foreground, this test's child.
	ex.cmd = exec.Command(bin, "-C", conf, "-bdf", "-oX", strconv.Itoa(port))
	out, err := os.Create(filepath.Join(dir, "daemon.out"))
	if err != nil {
		t.Fatal(err)
	}
	defer out.Close()
	ex.cmd.Stdout, ex.cmd.Stderr = out, out
	if err := ex.cmd.Start(); err != nil {
		t.Fatalf("exim4 -C %s -bdf: %v", conf, err)
	}
	t.Cleanup(func() {
		ex.cmd.Process.Kill()
		ex.cmd.Wait()
		if t.Failed() {
			t.Logf("Exim's main log:\n%s", ex.log())
		}
	})
	waitFor(t, 10*time.Second, "Exim's greeting on "+ex.addr, func() (bool, string) {
		c, err := smtp.Dial(ex.addr)
		if err != nil {
			return false, err.Error()
		}
		c.Close()
		return true, ""
	})
	return ex
}

// eximConfig is the recipe of docs/operators.md ("Exim") around a minimal
// loopback daemon: one local domain, every message delivered at once, and
// no retry before the test runs the queue itself.
const eximConfig = eximMain + eximACL + `
begin routers
pbem:
  driver = accept
  domains = +local_domains
  local_parts = pbem
  local_part_suffix = +*
  local_part_suffix_optional
  transport = pbem_pipe

begin transports
pbem_pipe:
  driver = pipe
  command = COMMAND
  user = nobody
  group = nogroup
  environment = ENVIRONMENT
  return_path_add
  log_fail_output
  temp_errors = 75
` + eximRetry

// eximMain is the main section of the tests' Exim: a loopback daemon for
// the one local domain, its spool and logs under DIR.
const eximMain = `primary_hostname = mx.example.test
qualify_domain = example.test
domainlist local_domains = example.test
local_interfaces = 127.0.0.1
spool_directory = DIR/spool
log_file_path = DIR/log/%slog
pid_file_path = DIR/exim.pid
acl_smtp_rcpt = acl_rcpt
host_lookup =
rfc1413_hosts =
tls_advertise_hosts =
keep_environment =
never_users = root
`

// eximACL takes mail for the local domain only.
const eximACL = `
begin acl
acl_rcpt:
  accept domains = +local_domains
  deny   message = relay not permitted
`

// eximRetry keeps a failed delivery for an hour: no retry comes before
// the test runs the queue itself.
const eximRetry = `
begin retry
*   *   F,1h,1h
`

// eximDir is a folder for Exim, removed when the test ends: 0755, not
// 0700 as t.TempDir makes it, as Exim's user and the users its
// transports run as cross it.
func eximDir(t *testing.T) string {
	t.Helper()
	dir, err := os.MkdirTemp("", "pbem-exim-")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { os.RemoveAll(dir) })
	if err := os.Chmod(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	return dir
}

// trust lists conf in eximTrusted for the test's length.
func trust(t *testing.T, conf string) {
	t.Helper()
	eximMu.Lock()
	defer eximMu.Unlock()
	old, err := os.ReadFile(eximTrusted)
	if err != nil && !os.IsNotExist(err) {
		t.Fatal(err)
	}
	existed := err == nil
	if err := os.WriteFile(eximTrusted, append(bytes.Clone(old), []byte(conf+"\n")...), 0o644); err != nil {
		t.Fatalf("list %s in %s: %v", conf, eximTrusted, err)
	}
	t.Cleanup(func() {
		eximMu.Lock()
		defer eximMu.Unlock()
		now, err := os.ReadFile(eximTrusted)
		if err != nil {
			return
		}
		kept := strings.ReplaceAll(string(now), conf+"\n", "")
		if kept == "" && !existed {
			os.Remove(eximTrusted)
			return
		}
		os.WriteFile(eximTrusted, []byte(kept), 0o644)
	})
}

// send hands raw to Exim over SMTP, from sender to rcpt.
func (ex *exim) send(t testing.TB, sender, rcpt string, raw []byte) {
	t.Helper()
	c, err := smtp.Dial(ex.addr)
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	if err := c.SendMail(sender, []string{rcpt}, bytes.NewReader(raw)); err != nil {
		t.Fatalf("SMTP to Exim, %s to %s: %v", sender, rcpt, err)
	}
	c.Quit()
}

// runQueue is exim -qff: every message in the queue delivered now, frozen
// or not, whatever its retry time; it returns when the run is done.
func (ex *exim) runQueue(t testing.TB) {
	t.Helper()
	if out, err := exec.Command(ex.bin, "-C", ex.conf, "-qff").CombinedOutput(); err != nil {
		t.Fatalf("exim4 -C %s -qff: %v\n%s", ex.conf, err, out)
	}
}

// queued is how many messages wait in Exim's queue.
func (ex *exim) queued(t testing.TB) int {
	t.Helper()
	out, err := exec.Command(ex.bin, "-C", ex.conf, "-bpc").CombinedOutput()
	if err != nil {
		t.Fatalf("exim4 -C %s -bpc: %v\n%s", ex.conf, err, out)
	}
	n, err := strconv.Atoi(strings.TrimSpace(string(out)))
	if err != nil {
		t.Fatalf("exim4 -bpc printed %q", out)
	}
	return n
}

func (ex *exim) log() string {
	data, _ := os.ReadFile(filepath.Join(ex.dir, "log", "mainlog"))
	return string(tail(data, 8<<10))
}

// TestExim delivers players' replies through Debian's Exim into pbem
// ingest, with the router and pipe transport of docs/operators.md, the
// pipe running as nobody on a database nobody owns. A reply to the seat's
// reply address (games+GAME-TOKEN@) is applied. A second reply arrives
// while another connection holds the database's write lock: ingest exits
// 75 after PBEM_BUSY_TIMEOUT (from the transport's environment, as Exim
// clears the rest), Exim keeps the mail queued, and once the lock is gone
// a queue run delivers it again: the move is applied, once.
func TestExim(t *testing.T) {
	t.Parallel()
	dir := eximDir(t)
	e := newEnv(t, nil)
	state := filepath.Join(dir, "state") // the database's folder, the pipe user's
	if err := os.Mkdir(state, 0o755); err != nil {
		t.Fatal(err)
	}
	e.db = filepath.Join(state, "pbem.db")
	s := spec{Kind: "amplitude", Seed: 4, Seats: []seat{players[0], players[1]}}
	id := e.newGame(t, s.Kind, s.Seed, s.Seats, nil)
	plays := scripts(t, []spec{s}, 2)[0]

	// The recipe's installation: the binary where the pipe user may run it,
	// the configuration it reads (server.address: Exim passes no
	// PBEM_ADDRESS), the database and its folder the pipe user's.
	bin := filepath.Join(dir, "pbem")
	copyFile(t, pbemBin, bin, 0o755)
	toml := filepath.Join(dir, "pbem.toml")
	if err := os.WriteFile(toml, []byte(fmt.Sprintf("[server]\naddress = %q\n", serverAddress)), 0o644); err != nil {
		t.Fatal(err)
	}
	nobody, err := user.Lookup("nobody")
	if err != nil {
		t.Skipf("no user nobody to run the pipe: %v", err)
	}
	nogroup, err := user.LookupGroup("nogroup")
	if err != nil {
		t.Skipf("no group nogroup to run the pipe: %v", err)
	}
	uid, _ := strconv.Atoi(nobody.Uid)
	gid, _ := strconv.Atoi(nogroup.Gid)
	for _, p := range []string{state, e.db} {
		if err := os.Chown(p, uid, gid); err != nil {
			t.Fatal(err)
		}
	}
	const busy = 300 * time.Millisecond
	ex := startExim(t, dir, fmt.Sprintf("%s --db %s --config %s ingest -", bin, e.db, toml), "PBEM_BUSY_TIMEOUT="+busy.String())

	deliver := func(n int, p play) {
		t.Helper()
		who := s.Seats[p.Seat]
		mails := queuedTo(t, e, id, who.Email)
		last := mails[len(mails)-1]
		r := reply{From: who, To: last.ReplyTo, Answered: last, MessageID: fmt.Sprintf("exim%d@example.test", n), Body: fmt.Sprintf("#%d %s", n, p.Text)}
		ex.send(t, who.Email, last.ReplyTo, r.bytes())
	}
	moved := func(want int) func() (bool, string) {
		return func() (bool, string) {
			got := e.show(t, id).MoveNumber
			return got == want, fmt.Sprintf("move %d; Exim's log:\n%s", got, ex.log())
		}
	}

	deliver(1, plays[0])
	waitFor(t, 10*time.Second, "the first reply applied through Exim", moved(1))

	// Another process's write transaction, held while the reply comes.
	lock := openDB(t, e.db)
	conn, err := lock.Conn(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	if _, err := conn.ExecContext(context.Background(), `BEGIN EXCLUSIVE`); err != nil {
		t.Fatal(err)
	}
	deliver(2, plays[1])
	waitFor(t, 10*time.Second, "Exim deferring the second reply on exit 75", func() (bool, string) {
		l := ex.log()
		return strings.Contains(l, "returned 75") && strings.Contains(l, "=="), l
	})
	if _, err := conn.ExecContext(context.Background(), `ROLLBACK`); err != nil {
		t.Fatal(err)
	}
	conn.Close()
	if got := e.show(t, id).MoveNumber; got != 1 {
		t.Fatalf("the deferred reply moved the game to move %d", got)
	}
	if n := ex.queued(t); n != 1 {
		t.Fatalf("Exim holds %d messages after the deferral, want 1", n)
	}

	ex.runQueue(t)
	if got := e.show(t, id).MoveNumber; got != 2 {
		t.Fatalf("after the queue run the game is at move %d, want 2\n%s", got, ex.log())
	}
	if n := ex.queued(t); n != 0 {
		t.Fatalf("Exim still holds %d messages after the queue run\n%s", n, ex.log())
	}
	ex.runQueue(t)
	h := e.history(t, id)
	if len(h) != 2 {
		t.Fatalf("the history has %d moves, want 2: %+v", len(h), h)
	}
	if n := recorded(t, openDB(t, e.db), "exim2@example.test"); n != 1 {
		t.Fatalf("the deferred reply is recorded %d times, want once", n)
	}

	// Exim's own bounce: Ann's last mail, sent from the server's address
	// to an address Exim cannot route, comes back to the server's address
	// as a DSN through the same pipe. Its outbox row is marked and Bob is
	// told that Ann's address bounces.
	ann := queuedTo(t, e, id, s.Seats[0].Email)
	last := ann[len(ann)-1]
	ex.send(t, serverAddress, s.Seats[0].Email, last.Raw)
	var reason string
	waitFor(t, 10*time.Second, "Exim's bounce of Ann's mail recorded", func() (bool, string) {
		err := openDB(t, e.db).QueryRow(`SELECT bounce FROM outbox WHERE message_id = ? AND bounced_at IS NOT NULL`, last.MessageID).Scan(&reason)
		return err == nil, fmt.Sprintf("%v; Exim's log:\n%s", err, ex.log())
	})
	if !strings.Contains(reason, "Unrouteable address") {
		t.Errorf("the bounce is recorded as %q, without Exim's words", reason)
	}
	var told int
	for _, m := range queuedTo(t, e, id, s.Seats[1].Email) {
		if strings.Contains(m.Subject, "Ann's address bounces") {
			told++
		}
	}
	if told != 1 {
		t.Fatalf("Bob was told %d times that Ann's address bounces, want once", told)
	}
}

// recorded is how many inbound mails carry messageID.
func recorded(t testing.TB, db *sql.DB, messageID string) int {
	t.Helper()
	return queryInt(t, db, `SELECT COUNT(*) FROM inbound_mails WHERE message_id = ?`, messageID)
}

// copyFile copies src to dst with mode.
func copyFile(t testing.TB, src, dst string, mode os.FileMode) {
	t.Helper()
	data, err := os.ReadFile(src)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(dst, data, mode); err != nil {
		t.Fatal(err)
	}
}
