package e2e

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"
)

// pbemBin is the pbem binary TestMain built for this run.
var pbemBin string

// TestMain builds cmd/pbem once, as an operator would install it, and runs
// every test against that binary.
func TestMain(m *testing.M) {
	os.Exit(run(m))
}

func run(m *testing.M) int {
	dir, err := os.MkdirTemp("", "pbem-e2e-bin-")
	if err != nil {
		fmt.Fprintln(os.Stderr, "e2e:", err)
		return 1
	}
	defer os.RemoveAll(dir)
	root, err := moduleRoot()
	if err != nil {
		fmt.Fprintln(os.Stderr, "e2e:", err)
		return 1
	}
	pbemBin = filepath.Join(dir, "pbem")
	build := exec.Command(goTool(), "build", "-o", pbemBin, "./cmd/pbem")
	build.Dir = root
	if out, err := build.CombinedOutput(); err != nil {
		fmt.Fprintf(os.Stderr, "e2e: go build ./cmd/pbem: %v\n%s", err, out)
		return 1
	}
	return m.Run()
}

// trackSources makes go test's cache see the binary's sources. The cache
// keys a package's result on its test binary and on the files the tests
// open; the pbem binary these tests run is built from cmd/pbem and packages
// the tests do not import, so without this a change there would replay a
// cached "ok". Reading every source file (from a test: opens before
// m.Run are not logged) puts them all in the key.
var trackSources sync.Once

func readSources() {
	root, err := moduleRoot()
	if err != nil {
		return
	}
	filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return nil
		}
		name := d.Name()
		if d.IsDir() {
			if path != root && (strings.HasPrefix(name, ".") || name == "testdata" || name == "e2e") {
				return filepath.SkipDir
			}
			return nil
		}
		info, err := d.Info()
		if err != nil || !info.Mode().IsRegular() || info.Mode()&0o111 != 0 || info.Size() > 1<<20 || strings.HasSuffix(name, "_test.go") {
			return nil
		}
		os.ReadFile(path)
		return nil
	})
}

// moduleRoot is the directory holding go.mod, the parent of this package.
func moduleRoot() (string, error) {
	root, err := filepath.Abs("..")
	if err != nil {
		return "", err
	}
	if _, err := os.Stat(filepath.Join(root, "go.mod")); err != nil {
		return "", fmt.Errorf("no go.mod above the e2e package: %w", err)
	}
	return root, nil
}

// goTool is the go command running these tests.
func goTool() string {
	if p, err := exec.LookPath("go"); err == nil {
		return p
	}
	return filepath.Join(runtime.GOROOT(), "bin", "go")
}

// env is a pbem installation's setting: its database, working directory and
// the PBEM_* variables every command gets.
type env struct {
	dir  string            // working directory (no stray pbem.toml is read)
	db   string            // the database file
	vars map[string]string // PBEM_* variables
}

func newEnv(t testing.TB, vars map[string]string) *env {
	trackSources.Do(readSources)
	dir := t.TempDir()
	if vars == nil {
		vars = map[string]string{}
	}
	if vars["PBEM_ADDRESS"] == "" {
		vars["PBEM_ADDRESS"] = serverAddress
	}
	return &env{dir: dir, db: filepath.Join(dir, "pbem.db"), vars: vars}
}

// serverAddress is the daemon's own address in every test.
const serverAddress = "pbem@example.test"

// environ is this process's environment without any PBEM_ variable, plus
// the env's.
func (e *env) environ() []string {
	var out []string
	for _, kv := range os.Environ() {
		if !strings.HasPrefix(kv, "PBEM_") {
			out = append(out, kv)
		}
	}
	for k, v := range e.vars {
		out = append(out, k+"="+v)
	}
	return out
}

func (e *env) command(ctx context.Context, args ...string) *exec.Cmd {
	cmd := exec.CommandContext(ctx, pbemBin, append([]string{"--db", e.db}, args...)...)
	cmd.Dir = e.dir
	cmd.Env = e.environ()
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
	cmd.Cancel = func() error { return syscall.Kill(-cmd.Process.Pid, syscall.SIGKILL) }
	cmd.WaitDelay = 5 * time.Second
	return cmd
}

// pbem runs a one-shot command and returns its standard output; a failure
// fails the test with the command's standard error.
func (e *env) pbem(t testing.TB, args ...string) string {
	t.Helper()
	out, errOut, err := e.try(args...)
	if err != nil {
		t.Fatalf("pbem %s: %v\n%s", strings.Join(args, " "), err, errOut)
	}
	return out
}

// try runs a one-shot command, bounded to a minute.
func (e *env) try(args ...string) (stdout, stderr string, err error) {
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	cmd := e.command(ctx, args...)
	var o, s bytes.Buffer
	cmd.Stdout, cmd.Stderr = &o, &s
	err = cmd.Run()
	return o.String(), s.String(), err
}

// seat is a human seat of a new game: "ann@example.test:Ann".
type seat struct{ Email, Name string }

// newGame creates a game with pbem game new and returns its ID.
func (e *env) newGame(t testing.TB, game string, seed uint64, seats []seat, opts map[string]string) int64 {
	t.Helper()
	args := []string{"game", "new", game, "--seed", strconv.FormatUint(seed, 10)}
	for _, s := range seats {
		args = append(args, "--player", s.Email+":"+s.Name)
	}
	for k, v := range opts {
		args = append(args, "--option", k+"="+v)
	}
	out := strings.TrimSpace(e.pbem(t, args...))
	id, err := strconv.ParseInt(out, 10, 64)
	if err != nil {
		t.Fatalf("pbem game new printed %q, not a game ID", out)
	}
	return id
}

// shown is the part of pbem game show --json the tests read.
type shown struct {
	ID         int64  `json:"id"`
	Game       string `json:"game"`
	Status     string `json:"status"`
	MoveNumber int    `json:"move_number"`
	ToMove     string `json:"to_move"`
	NextMove   int    `json:"next_move"`
	Deadline   string `json:"deadline"`
	Ending     string `json:"ending"`
	Players    []struct {
		Email string `json:"email"`
		Rack  string `json:"rack"`
	} `json:"players"`
}

func (e *env) show(t testing.TB, id int64) shown {
	t.Helper()
	var s shown
	out := e.pbem(t, "game", "show", strconv.FormatInt(id, 10), "--json")
	if err := json.Unmarshal([]byte(out), &s); err != nil {
		t.Fatalf("game show --json: %v\n%s", err, out)
	}
	return s
}

// historyMove is one entry of pbem game history --json.
type historyMove struct {
	Number    int    `json:"number"`
	Seat      int    `json:"seat"`
	Player    string `json:"player"`
	Notation  string `json:"notation"`
	MessageID string `json:"message_id"`
}

func (e *env) history(t testing.TB, id int64) []historyMove {
	t.Helper()
	var h []historyMove
	out := e.pbem(t, "game", "history", strconv.FormatInt(id, 10), "--json")
	if err := json.Unmarshal([]byte(out), &h); err != nil {
		t.Fatalf("game history --json: %v\n%s", err, out)
	}
	return h
}

// verifyAll runs pbem game verify --all, which must pass.
func (e *env) verifyAll(t testing.TB) {
	t.Helper()
	out := e.pbem(t, "game", "verify", "--all")
	t.Logf("pbem game verify --all: %s", strings.TrimSpace(out))
}

// daemon is one pbem serve process, in its own process group.
type daemon struct {
	cmd  *exec.Cmd
	done chan struct{} // closed when the process has exited
	err  error         // its exit, once done
}

// serve starts pbem serve, its standard error appended to log.
func (e *env) serve(t testing.TB, log *os.File) *daemon {
	t.Helper()
	cmd := e.command(context.Background(), "serve")
	cmd.Stdout, cmd.Stderr = log, log
	if err := cmd.Start(); err != nil {
		t.Fatalf("start pbem serve: %v", err)
	}
	d := &daemon{cmd: cmd, done: make(chan struct{})}
	go func() {
		d.err = cmd.Wait()
		close(d.done)
	}()
	t.Cleanup(func() { d.kill() })
	return d
}

// kill is kill -9 on the daemon's process group; it returns once the
// daemon is gone.
func (d *daemon) kill() {
	select {
	case <-d.done:
		return
	default:
	}
	syscall.Kill(-d.cmd.Process.Pid, syscall.SIGKILL)
	<-d.done
}

// stop is a polite SIGTERM: the daemon finishes the mail in hand and must
// exit 0 within the timeout; else it is killed and the test fails.
func (d *daemon) stop(t testing.TB, timeout time.Duration) {
	t.Helper()
	d.cmd.Process.Signal(syscall.SIGTERM)
	select {
	case <-d.done:
		if d.err != nil {
			t.Errorf("pbem serve stopped with %v after SIGTERM", d.err)
		}
	case <-time.After(timeout):
		d.kill()
		t.Errorf("pbem serve did not stop within %v of SIGTERM", timeout)
	}
}

// alive reports whether the daemon still runs.
func (d *daemon) alive() bool {
	select {
	case <-d.done:
		return false
	default:
		return true
	}
}

// daemonLog is a file collecting the daemons' logs, printed (its end) when
// the test fails or PBEM_E2E_LOG=1.
func daemonLog(t testing.TB, dir string) *os.File {
	t.Helper()
	f, err := os.Create(filepath.Join(dir, "serve.log"))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		f.Close()
		if t.Failed() || os.Getenv("PBEM_E2E_LOG") == "1" {
			data, _ := os.ReadFile(f.Name())
			t.Logf("pbem serve log (last %d KiB):\n%s", logTail>>10, tail(data, logTail))
		}
	})
	return f
}

// logTail is how much of a daemon's log a test prints.
const logTail = 16 << 10

func tail(data []byte, n int) []byte {
	if len(data) > n {
		return data[len(data)-n:]
	}
	return data
}

// waitFor polls cond every few milliseconds until it holds or timeout
// passes; then it fails the test with what. cond may return a description
// of where things stand, printed on failure.
func waitFor(t testing.TB, timeout time.Duration, what string, cond func() (bool, string)) {
	t.Helper()
	deadline := time.Now().Add(timeout)
	poll := 10 * time.Millisecond
	for {
		ok, state := cond()
		if ok {
			return
		}
		if time.Now().After(deadline) {
			t.Fatalf("timed out after %v waiting for %s (%s)", timeout, what, state)
		}
		time.Sleep(poll)
		poll = min(2*poll, 100*time.Millisecond)
	}
}
