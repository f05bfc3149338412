package e2e

import (
	"bytes"
	"context"
	"database/sql"
	"errors"
	"fmt"
	"math/rand/v2"
	"os"
	"os/exec"
	"os/signal"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"
	"unsafe"

	"pbem/mailer"
	"pbem/server"
	"pbem/store"
)

// The failures pbem ingest meets behind an MTA, each produced for real on
// a real database (as root too, where permissions stop nothing): every one
// must exit 75 (EX_TEMPFAIL, so that the MTA delivers the mail again),
// name the database on stderr, and record nothing; the same mail delivered
// again once the failure is gone is played.

// fsizeVar, set in the environment of this test binary run again, makes it
// a wrapper: it sets RLIMIT_FSIZE to the value, ignores SIGXFSZ (so that a
// write past the limit fails with EFBIG instead of killing the process),
// and executes its arguments. That is a full disk for the command: every
// write past the limit fails.
const fsizeVar = "E2E_INGEST_RLIMIT_FSIZE"

func init() {
	limit := os.Getenv(fsizeVar)
	if limit == "" {
		return
	}
	n, err := strconv.ParseUint(limit, 10, 64)
	if err != nil || len(os.Args) < 2 {
		fmt.Fprintf(os.Stderr, "%s=%q: want a number of bytes and a command\n", fsizeVar, limit)
		os.Exit(126)
	}
	signal.Ignore(syscall.SIGXFSZ) // SIG_IGN survives exec
	if err := syscall.Setrlimit(syscall.RLIMIT_FSIZE, &syscall.Rlimit{Cur: n, Max: n}); err != nil {
		fmt.Fprintln(os.Stderr, "setrlimit:", err)
		os.Exit(126)
	}
	var env []string
	for _, kv := range os.Environ() {
		if !strings.HasPrefix(kv, fsizeVar+"=") {
			env = append(env, kv)
		}
	}
	err = syscall.Exec(os.Args[1], os.Args[1:], env)
	fmt.Fprintln(os.Stderr, "exec:", err)
	os.Exit(126)
}

// ingestRun is one run of pbem ingest with raw on standard input.
type ingestRun struct {
	stdout, stderr string
	code           int
	took           time.Duration
	// writeErr is the error the writer of standard input met, as the MTA
	// would: a broken pipe when pbem stopped reading.
	writeErr error
}

// ingestWith pipes raw into pbem ingest, as an MTA does, with vars added to
// the environment; fsize, when not 0, limits the size of the files it
// writes (see fsizeVar). It returns whatever the command did; only a
// failure to run it fails the test.
func (e *env) ingestWith(t testing.TB, raw []byte, vars map[string]string, fsize int64) ingestRun {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	cmd := e.command(ctx, "ingest", "-")
	for k, v := range vars {
		cmd.Env = append(cmd.Env, k+"="+v)
	}
	if fsize != 0 {
		self, err := os.Executable()
		if err != nil {
			t.Fatal(err)
		}
		cmd.Path, cmd.Args = self, append([]string{self}, cmd.Args...)
		cmd.Args[1] = pbemBin
		cmd.Env = append(cmd.Env, fsizeVar+"="+strconv.FormatInt(fsize, 10))
	}
	// Our own pipe rather than an io.Reader: os/exec hides the EPIPE of
	// its copy when the command exits 0, and a broken pipe is what an MTA
	// would see.
	pr, pw, err := os.Pipe()
	if err != nil {
		t.Fatal(err)
	}
	var out, errOut bytes.Buffer
	cmd.Stdin, cmd.Stdout, cmd.Stderr = pr, &out, &errOut
	start := time.Now()
	if err := cmd.Start(); err != nil {
		t.Fatalf("start pbem ingest: %v", err)
	}
	pr.Close()
	wrote := make(chan error, 1)
	go func() {
		_, err := pw.Write(raw)
		pw.Close()
		wrote <- err
	}()
	err = cmd.Wait()
	r := ingestRun{stdout: strings.TrimSpace(out.String()), stderr: errOut.String(), took: time.Since(start), writeErr: <-wrote}
	var exit *exec.ExitError
	switch {
	case errors.As(err, &exit) && exit.Exited():
		r.code = exit.ExitCode()
	case err != nil:
		t.Fatalf("pbem ingest: %v\n%s", err, errOut.String())
	}
	return r
}

// mustFail checks that a run of ingest was a temporary failure: exit 75,
// the database and each of want named on stderr.
func (r ingestRun) mustFail(t testing.TB, db string, want ...string) {
	t.Helper()
	if r.code != 75 {
		t.Fatalf("pbem ingest exited %d, want 75 (EX_TEMPFAIL); stdout %q, stderr:\n%s", r.code, r.stdout, r.stderr)
	}
	if r.stdout != "" {
		t.Errorf("a failed pbem ingest printed %q on stdout", r.stdout)
	}
	for _, w := range append([]string{db}, want...) {
		if !strings.Contains(r.stderr, w) {
			t.Errorf("pbem ingest's stderr lacks %q:\n%s", w, r.stderr)
		}
	}
	t.Logf("pbem ingest: exit 75 after %v: %s", r.took.Round(time.Millisecond), strings.TrimSpace(r.stderr))
}

// waiting is a game whose first move waits, with the first player's reply
// carrying it, ready to pipe into pbem ingest.
type waiting struct {
	id    int64
	reply []byte
}

// newWaitingGame creates an Amplitude game and the reply that plays its
// first move; pad, when not empty, is quoted below the move (a long
// thread, a pasted log) to make the mail that big.
func newWaitingGame(t testing.TB, e *env, pad int) waiting {
	t.Helper()
	s := spec{Kind: "amplitude", Seed: 4, Seats: []seat{players[0], players[1]}}
	id := e.newGame(t, s.Kind, s.Seed, s.Seats, nil)
	first := scripts(t, []spec{s}, 1)[0][0]
	who := s.Seats[first.Seat]
	// The outbox read on a connection closed at once, not queuedTo's,
	// which stays open to the end of the test: its -wal and -shm would
	// outlive the failures some tests make.
	db, err := sql.Open("sqlite", "file:"+uriEscaper.Replace(e.db))
	if err != nil {
		t.Fatal(err)
	}
	var mails []received
	for _, row := range outbox(t, db, id) {
		if row.Recipient == who.Email {
			m, err := readMail(row.Raw)
			if err != nil {
				t.Fatal(err)
			}
			mails = append(mails, m)
		}
	}
	closeDB(t, db)
	for _, suffix := range []string{"-wal", "-shm"} {
		if _, err := os.Stat(e.db + suffix); err == nil {
			t.Fatalf("%s%s is left after every connection closed", e.db, suffix)
		}
	}
	body := "#1 " + first.Text
	if pad > 0 {
		line := "> " + strings.Repeat("the thread so far, quoted again and again ", 2) + "\n"
		body += "\n\n" + strings.Repeat(line, pad/len(line)+1)
	}
	r := reply{From: who, To: mails[len(mails)-1].ReplyTo, Answered: mails[len(mails)-1], MessageID: fmt.Sprintf("failing.%d@example.test", id), Body: body}
	return waiting{id: id, reply: r.bytes()}
}

// untouched checks, once the failure is gone, that the failed delivery
// recorded nothing, then delivers the same mail again, as the MTA would:
// now it is played.
func (w waiting) untouched(t testing.TB, e *env) {
	t.Helper()
	if got := e.show(t, w.id).MoveNumber; got != 0 {
		t.Fatalf("after the failed delivery the game is at move %d, want 0", got)
	}
	if n := queryInt(t, openDB(t, e.db), `SELECT COUNT(*) FROM inbound_mails`); n != 0 {
		t.Fatalf("the failed delivery left %d inbound mails recorded", n)
	}
	if got := e.ingest(t, w.reply); got != "processed" {
		t.Fatalf("delivered again, the mail was %q", got)
	}
	if got := e.show(t, w.id).MoveNumber; got != 1 {
		t.Fatalf("delivered again, the mail left the game at move %d, want 1", got)
	}
}

// uriEscaper escapes what a file: URI's path reads specially.
var uriEscaper = strings.NewReplacer("%", "%25", "?", "%3F", "#", "%23", " ", "%20")

// closeDB closes a database the test opened, so that its WAL is
// checkpointed and removed before pbem ingest runs.
func closeDB(t testing.TB, db *sql.DB) {
	t.Helper()
	if _, err := db.Exec(`PRAGMA wal_checkpoint(TRUNCATE)`); err != nil {
		t.Fatal(err)
	}
	if err := db.Close(); err != nil {
		t.Fatal(err)
	}
}

func TestIngestMissingDatabase(t *testing.T) {
	e := newEnv(t, nil)
	r := e.ingestWith(t, []byte("From: ann@example.test\r\nSubject: [#1] hello\r\n\r\n#1 H8 right 34251\r\n"), nil, 0)
	r.mustFail(t, e.db, "does not exist")
	for _, suffix := range []string{"", "-wal", "-shm", "-journal"} {
		if _, err := os.Stat(e.db + suffix); !errors.Is(err, os.ErrNotExist) {
			t.Errorf("pbem ingest created %s (stat: %v)", e.db+suffix, err)
		}
	}

	// A folder where the file should be is no database either.
	if err := os.Mkdir(e.db, 0o755); err != nil {
		t.Fatal(err)
	}
	e.ingestWith(t, []byte("Subject: x\r\n\r\nx\r\n"), nil, 0).mustFail(t, e.db)
}

// fsImmutable is Linux's FS_IMMUTABLE_FL, and the ioctls reading and
// setting a file's attributes (chattr +i): not even root may write to,
// or create files in, an immutable file or folder.
const (
	fsImmutable    = 0x10
	fsIocGetFlags  = 0x80086601
	fsIocSetFlags  = 0x40086602
	readOnlyReason = "a read-only database needs a user other than root, or a file system with chattr +i"
)

func setImmutable(path string, on bool) error {
	f, err := os.Open(path)
	if err != nil {
		return err
	}
	defer f.Close()
	var flags int32
	if _, _, e := syscall.Syscall(syscall.SYS_IOCTL, f.Fd(), fsIocGetFlags, uintptr(unsafe.Pointer(&flags))); e != 0 {
		return e
	}
	if on {
		flags |= fsImmutable
	} else {
		flags &^= fsImmutable
	}
	if _, _, e := syscall.Syscall(syscall.SYS_IOCTL, f.Fd(), fsIocSetFlags, uintptr(unsafe.Pointer(&flags))); e != 0 {
		return e
	}
	return nil
}

// makeReadOnly makes path unwritable for this process and its children,
// root included: mode 0444 (0555 for a folder) stops any other user, the
// immutable attribute stops root. It fails the test when neither works,
// after checking that a write is refused indeed; the cleanup undoes it.
func makeReadOnly(t *testing.T, path string) {
	t.Helper()
	info, err := os.Stat(path)
	if err != nil {
		t.Fatal(err)
	}
	mode := os.FileMode(0o444)
	if info.IsDir() {
		mode = 0o555
	}
	if err := os.Chmod(path, mode); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { os.Chmod(path, info.Mode().Perm()) })
	if !writable(path, info.IsDir()) {
		return
	}
	if err := setImmutable(path, true); err != nil {
		t.Fatalf("%s: chattr +i %s: %v", readOnlyReason, path, err)
	}
	t.Cleanup(func() {
		if err := setImmutable(path, false); err != nil {
			t.Errorf("chattr -i %s: %v", path, err)
		}
	})
	if writable(path, info.IsDir()) {
		t.Fatalf("%s: %s is still writable", readOnlyReason, path)
	}
}

// writable reports whether this process may write to the file, or create
// a file in the folder.
func writable(path string, dir bool) bool {
	if dir {
		f, err := os.CreateTemp(path, "probe")
		if err != nil {
			return false
		}
		f.Close()
		os.Remove(f.Name())
		return true
	}
	f, err := os.OpenFile(path, os.O_WRONLY, 0)
	if err != nil {
		return false
	}
	f.Close()
	return true
}

func TestIngestReadOnlyDatabase(t *testing.T) {
	t.Run("file", func(t *testing.T) {
		e := newEnv(t, nil)
		w := newWaitingGame(t, e, 0)
		makeReadOnly(t, e.db)
		e.ingestWith(t, w.reply, nil, 0).mustFail(t, e.db)
		// The cleanups restore the file only after the test: do it now.
		setImmutable(e.db, false)
		os.Chmod(e.db, 0o644)
		w.untouched(t, e)
	})
	t.Run("folder", func(t *testing.T) {
		e := newEnv(t, nil)
		w := newWaitingGame(t, e, 0)
		makeReadOnly(t, e.dir)
		e.ingestWith(t, w.reply, nil, 0).mustFail(t, e.db)
		setImmutable(e.dir, false)
		os.Chmod(e.dir, 0o755)
		w.untouched(t, e)
	})
}

// TestIngestFullDisk runs pbem ingest with files limited to 64 KiB: it can
// open the database (its -shm takes 32 KiB), but the transaction of a
// mail of 300 KB cannot be written to the WAL: the disk is full for it.
func TestIngestFullDisk(t *testing.T) {
	e := newEnv(t, nil)
	w := newWaitingGame(t, e, 300<<10)
	r := e.ingestWith(t, w.reply, nil, 64<<10)
	r.mustFail(t, e.db)
	w.untouched(t, e)
}

// TestIngestHeldLock holds the database's write lock from another
// connection while pbem ingest runs: it waits PBEM_BUSY_TIMEOUT, not the
// default 10 s, then gives up with 75.
func TestIngestHeldLock(t *testing.T) {
	e := newEnv(t, nil)
	w := newWaitingGame(t, e, 0)
	ctx := context.Background()
	db := openDB(t, e.db)
	conn, err := db.Conn(ctx)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := conn.ExecContext(ctx, `BEGIN EXCLUSIVE`); err != nil {
		t.Fatal(err)
	}
	const wait = 300 * time.Millisecond
	r := e.ingestWith(t, w.reply, map[string]string{"PBEM_BUSY_TIMEOUT": wait.String()}, 0)
	r.mustFail(t, e.db, "locked")
	if r.took < wait || r.took > 5*time.Second {
		t.Errorf("pbem ingest gave up after %v, want PBEM_BUSY_TIMEOUT=%v and a little more", r.took, wait)
	}
	if _, err := conn.ExecContext(ctx, `ROLLBACK`); err != nil {
		t.Fatal(err)
	}
	conn.Close()
	w.untouched(t, e)
}

// garbage is n bytes of noise, the same for the same seed.
func garbage(seed uint64, n int) []byte {
	rng := rand.New(rand.NewPCG(seed, seed))
	b := make([]byte, n)
	for i := range b {
		b[i] = byte(rng.Uint32())
	}
	return b
}

// sameFile checks that the database file still holds want and has no WAL
// with anything in it: nothing was written.
func sameFile(t testing.TB, path string, want []byte) {
	t.Helper()
	got, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(got, want) {
		t.Errorf("pbem ingest changed %s", path)
	}
	if info, err := os.Stat(path + "-wal"); err == nil && info.Size() > 0 {
		t.Errorf("pbem ingest left %d bytes in %s-wal", info.Size(), path)
	}
}

func TestIngestGarbageFile(t *testing.T) {
	e := newEnv(t, nil)
	junk := garbage(1, 64<<10)
	if err := os.WriteFile(e.db, junk, 0o644); err != nil {
		t.Fatal(err)
	}
	e.ingestWith(t, []byte("From: ann@example.test\r\nSubject: [#1] hi\r\n\r\nhi\r\n"), nil, 0).mustFail(t, e.db, "damaged")
	sameFile(t, e.db, junk)
}

func TestIngestNewerSchema(t *testing.T) {
	e := newEnv(t, nil)
	w := newWaitingGame(t, e, 0)
	db := openDB(t, e.db)
	if _, err := db.Exec(`PRAGMA user_version = 9999`); err != nil {
		t.Fatal(err)
	}
	closeDB(t, db)
	e.ingestWith(t, w.reply, nil, 0).mustFail(t, e.db, "newer")
	if n := queryInt(t, openDB(t, e.db), `PRAGMA user_version`); n != 9999 {
		t.Errorf("the schema version is now %d", n)
	}
}

// TestIngestCorruptPage damages a valid database with a game, one page
// at a time (each page of the file in turn overwritten with noise, the
// first, the header, included), and pipes a valid move for the game into
// pbem ingest, which reads only what the mail needs: wherever the damage
// is, the move is either played (the page was off its path) or pbem ingest
// exits 75 saying the database is damaged, the file left as it was —
// never recorded as anything else. The pages of the mail's own rows are
// held to the second (TestIngestDamagedPageOfItsMail).
func TestIngestCorruptPage(t *testing.T) {
	e := newEnv(t, nil)
	w := newWaitingGame(t, e, 0)
	db := openDB(t, e.db)
	pageSize := queryInt(t, db, `PRAGMA page_size`)
	closeDB(t, db)
	good, err := os.ReadFile(e.db)
	if err != nil {
		t.Fatal(err)
	}
	pages := len(good) / pageSize
	if pages < 8 {
		t.Fatalf("the database has %d pages", pages)
	}
	var played, damaged int
	for page := 1; page <= pages; page++ {
		bad := bytes.Clone(good)
		copy(bad[(page-1)*pageSize:page*pageSize], garbage(uint64(page), pageSize))
		writeDatabase(t, e.db, bad)
		r := e.ingestWith(t, w.reply, nil, 0)
		switch {
		case r.code == 75 && strings.Contains(r.stderr, "damaged") && strings.Contains(r.stderr, e.db):
			sameFile(t, e.db, bad)
			damaged++
		case r.code == 0 && r.stdout == "processed":
			played++
		default:
			t.Errorf("page %d of %d damaged: pbem ingest exited %d, printed %q, stderr:\n%s", page, pages, r.code, r.stdout, r.stderr)
		}
		if page == 1 && r.code != 75 {
			t.Errorf("the header page damaged: pbem ingest exited %d, want 75", r.code)
		}
	}
	t.Logf("%d pages of %d bytes: the damage met on %d (exit 75), off the mail's path on %d", pages, pageSize, damaged, played)
	writeDatabase(t, e.db, good)
	w.untouched(t, e)
}

// writeDatabase makes the database file hold data, with no -wal or -shm
// beside it that a run before left.
func writeDatabase(t testing.TB, path string, data []byte) {
	t.Helper()
	for _, suffix := range []string{"-wal", "-shm"} {
		if err := os.Remove(path + suffix); err != nil && !errors.Is(err, os.ErrNotExist) {
			t.Fatal(err)
		}
	}
	if err := os.WriteFile(path, data, 0o644); err != nil {
		t.Fatal(err)
	}
}

// TestIngestTooBigMail pipes a 70 MB reply, a valid move on top, into
// pbem ingest: it reads at most server.max_mail_size + 1 bytes of it,
// records it as rejected over the cap, reads the rest so that the MTA's
// write never breaks, and exits 0: delivered, not played.
func TestIngestTooBigMail(t *testing.T) {
	e := newEnv(t, nil)
	w := newWaitingGame(t, e, 70<<20)
	if len(w.reply) < 70<<20 {
		t.Fatalf("the mail is %d bytes", len(w.reply))
	}
	r := e.ingestWith(t, w.reply, nil, 0)
	if r.code != 0 || r.stdout != "rejected" {
		t.Fatalf("a 70 MB mail: pbem ingest exited %d and printed %q, want 0 and rejected; stderr:\n%s", r.code, r.stdout, r.stderr)
	}
	if r.writeErr != nil {
		t.Errorf("writing the 70 MB mail to pbem ingest: %v; it must read its input to the end", r.writeErr)
	}
	if got := e.show(t, w.id).MoveNumber; got != 0 {
		t.Errorf("the 70 MB mail moved the game to move %d", got)
	}
	db := openDB(t, e.db)
	var outcome, detail string
	var size int
	if err := db.QueryRow(`SELECT outcome, detail, length(raw) FROM inbound_mails`).Scan(&outcome, &detail, &size); err != nil {
		t.Fatal(err)
	}
	if outcome != "rejected" || !strings.Contains(detail, "cap") || size > 1<<20 {
		t.Errorf("the 70 MB mail is recorded %s (%s) with %d bytes, want rejected over the cap with its header", outcome, detail, size)
	}
	t.Logf("70 MB mail: %s, %q, in %v", outcome, detail, r.took.Round(time.Millisecond))
}

// TestIngestHandleMailOnDamage is the server's own path, in process:
// server.HandleMail on a database damaged one page at a time, for a valid
// move. Wherever the damage
// is, the mail is either played (the page was not on its path) or an error
// that is store.ErrCorrupt: never a verdict on a mail the damage made look
// like something else (no game, a stranger, a refusal).
func TestIngestHandleMailOnDamage(t *testing.T) {
	e := newEnv(t, nil)
	w := newWaitingGame(t, e, 0)
	good, err := os.ReadFile(e.db)
	if err != nil {
		t.Fatal(err)
	}
	const pageSize = 4096
	ctx := context.Background()
	var played, damaged int
	for page := 2; page <= len(good)/pageSize; page++ { // page 1 fails the open
		bad := bytes.Clone(good)
		copy(bad[(page-1)*pageSize:page*pageSize], garbage(uint64(page), pageSize))
		path := filepath.Join(t.TempDir(), "pbem.db")
		if err := os.WriteFile(path, bad, 0o644); err != nil {
			t.Fatal(err)
		}
		st, err := store.Open(ctx, path, nil)
		if err != nil {
			if !errors.Is(err, store.ErrCorrupt) {
				t.Errorf("page %d damaged: store.Open: %v, not store.ErrCorrupt", page, err)
			}
			damaged++
			continue
		}
		srv, err := server.New(st, games, server.Config{Address: serverAddress})
		if err != nil {
			t.Fatal(err)
		}
		verdict, err := srv.HandleMail(ctx, w.reply)
		switch {
		case err != nil && errors.Is(err, store.ErrCorrupt):
			damaged++
		case err != nil:
			t.Errorf("page %d damaged: HandleMail: %v, not store.ErrCorrupt", page, err)
		case verdict != mailer.Accepted:
			t.Errorf("page %d damaged: HandleMail filed the valid move as %v", page, verdict)
		default:
			if g, err := st.Game(ctx, w.id); err != nil || g.MoveNumber != 1 {
				t.Errorf("page %d damaged: HandleMail accepted the move, and the game is at move %d (%v)", page, g.MoveNumber, err)
			}
			played++
		}
		st.Close()
	}
	t.Logf("%d pages damaged: %d reported as store.ErrCorrupt, %d off the mail's path", damaged+played, damaged, played)
	if damaged == 0 {
		t.Error("no damage was ever met")
	}
}

// TestIngestOddDatabaseName: --db is a file name, whatever it holds: a
// '%', '?', '#' or space is part of it, for the commands that create the
// database and for ingest.
func TestIngestOddDatabaseName(t *testing.T) {
	e := newEnv(t, nil)
	name := "pct%41 q?x=1#frag.db"
	e.db = filepath.Join(e.dir, name)
	w := newWaitingGame(t, e, 0)
	entries, err := os.ReadDir(e.dir)
	if err != nil {
		t.Fatal(err)
	}
	if len(entries) != 1 || entries[0].Name() != name {
		var names []string
		for _, d := range entries {
			names = append(names, d.Name())
		}
		t.Fatalf("the folder holds %q, want only %q", names, name)
	}
	if got := e.ingest(t, w.reply); got != "processed" {
		t.Fatalf("pbem ingest printed %q", got)
	}
	if got := e.show(t, w.id).MoveNumber; got != 1 {
		t.Fatalf("the game is at move %d, want 1", got)
	}
}
