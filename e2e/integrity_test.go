package e2e

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"os"
	"os/exec"
	"strings"
	"testing"
	"time"
)

// rootPage is the first page of a table or index of the database at path,
// and the database's page size.
func rootPage(t testing.TB, path, name string) (page, size int) {
	t.Helper()
	db := openDB(t, path)
	page = queryInt(t, db, `SELECT rootpage FROM sqlite_schema WHERE name = ?`, name)
	size = queryInt(t, db, `PRAGMA page_size`)
	closeDB(t, db)
	return page, size
}

// damagePage overwrites page n of the database file at path with noise,
// in place: a process that has the file open keeps it.
func damagePage(t testing.TB, path string, n, size int) {
	t.Helper()
	f, err := os.OpenFile(path, os.O_WRONLY, 0)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	if _, err := f.WriteAt(garbage(uint64(n), size), int64(n-1)*int64(size)); err != nil {
		t.Fatal(err)
	}
}

// TestIngestDamagedPageOfItsMail damages, one at a time, the first page of
// each table a reply playing a move reads or writes (the game, its seats,
// the mails received, the moves, the outbox): pbem ingest reads no more
// than the mail needs, and meets the damage there. It exits 75 saying the
// database is damaged and what to do, and records nothing: the file is
// left as it was, and once it is whole again the same mail is played once.
func TestIngestDamagedPageOfItsMail(t *testing.T) {
	e := newEnv(t, nil)
	w := newWaitingGame(t, e, 0)
	good, err := os.ReadFile(e.db)
	if err != nil {
		t.Fatal(err)
	}
	for _, table := range []string{"games", "seats", "inbound_mails", "moves", "outbox"} {
		page, size := rootPage(t, e.db, table)
		damagePage(t, e.db, page, size)
		bad, err := os.ReadFile(e.db)
		if err != nil {
			t.Fatal(err)
		}
		r := e.ingestWith(t, w.reply, nil, 0)
		r.mustFail(t, e.db, "damaged", "restore the last backup", "pbem check")
		sameFile(t, e.db, bad)
		writeDatabase(t, e.db, good)
	}
	w.untouched(t, e)
}

// lastCheck is the check of pbem status --json.
type lastCheck struct {
	By       string   `json:"by"`
	OK       bool     `json:"ok"`
	Findings []string `json:"findings"`
}

// statusCheck is the database's last check as pbem status --json tells
// it; nil when none ran.
func statusCheck(t testing.TB, e *env) *lastCheck {
	t.Helper()
	var st struct {
		Check *lastCheck `json:"check"`
	}
	if err := json.Unmarshal([]byte(e.pbem(t, "status", "--json")), &st); err != nil {
		t.Fatal(err)
	}
	return st.Check
}

// exitCode is the exit status of a command that ran.
func exitCode(t testing.TB, err error) int {
	t.Helper()
	var exit *exec.ExitError
	switch {
	case err == nil:
		return 0
	case errors.As(err, &exit):
		return exit.ExitCode()
	}
	t.Fatal(err)
	return -1
}

// TestCheckAndServeReportDamage: pbem check passes a sound database and
// records it; pbem serve checks it in the background as it starts, and
// /healthz says ok. A page damaged under the running daemon, on no mail's
// path, is found by pbem check (exit 1, the findings, what to do), which
// records it: /healthz answers 503, pbem status says DAMAGED, and pbem
// ingest takes no mail (exit 75). pbem serve stopped does not start again
// on that database. Restored from the backup and checked, it does; and
// when the damage is there before serve starts, serve's own check finds
// it, records it and stops the daemon (exit 1).
func TestCheckAndServeReportDamage(t *testing.T) {
	sk := startSink(t)
	metricsAddr := fmt.Sprintf("127.0.0.1:%d", freePort(t))
	e := newEnv(t, map[string]string{
		"PBEM_SMTP_ADDR": sk.Addr, "PBEM_SMTP_USER": relayUser, "PBEM_SMTP_PASSWORD": relayPassword, "PBEM_SMTP_TLS": "none",
		"PBEM_METRICS": metricsAddr,
	})
	log := daemonLog(t, e.dir)
	w := newWaitingGame(t, e, 0)
	backup := e.dir + "/backup.db"

	out, errOut, err := e.try("check")
	if err != nil || !strings.HasPrefix(out, "ok: "+e.db+" is sound") {
		t.Fatalf("pbem check on a sound database: %v, %q, %s", err, out, errOut)
	}
	if c := statusCheck(t, e); c == nil || !c.OK || c.By != "check" {
		t.Fatalf("after pbem check, status says %+v", c)
	}
	e.pbem(t, "backup", backup)

	d := e.serveWith(t, log, "serve")
	waitFor(t, 30*time.Second, "serve's check at its start", func() (bool, string) {
		c := statusCheck(t, e)
		return c != nil && c.By == "serve", fmt.Sprintf("%+v", c)
	})
	if c := statusCheck(t, e); !c.OK {
		t.Fatalf("serve found the sound database damaged: %+v", c)
	}
	health := "http://" + metricsAddr + "/healthz"
	if code, body := get(t, health); code != http.StatusOK {
		t.Fatalf("/healthz of a sound database: %d %q", code, body)
	}

	page, size := rootPage(t, e.db, "moves")
	damagePage(t, e.db, page, size)
	out, errOut, err = e.try("check")
	if code := exitCode(t, err); code != 1 || !strings.HasPrefix(out, "DAMAGED: "+e.db) ||
		!strings.Contains(errOut, "restore the last backup") {
		t.Fatalf("pbem check on a damaged page: exit %d, stdout %q, stderr %q", code, out, errOut)
	}
	t.Logf("pbem check: %s%s", out, errOut)
	if c := statusCheck(t, e); c == nil || c.OK || c.By != "check" || len(c.Findings) == 0 {
		t.Errorf("after pbem check found damage, status --json says %+v", c)
	}
	if text := e.pbem(t, "status"); !strings.Contains(text, "database    DAMAGED at its last check") {
		t.Errorf("pbem status says nothing of the damage:\n%s", text)
	}
	if code, body := get(t, health); code != http.StatusServiceUnavailable || !strings.Contains(body, "damaged") {
		t.Errorf("/healthz after the damage was found: %d %q", code, body)
	}
	r := e.ingestWith(t, w.reply, nil, 0)
	r.mustFail(t, e.db, "damaged", "pbem check")
	if got := e.show(t, w.id).MoveNumber; got != 0 {
		t.Errorf("a mail on a database found damaged moved the game to move %d", got)
	}
	d.stop(t, 15*time.Second)

	refused := e.serveWith(t, log, "serve")
	select {
	case <-refused.done:
	case <-time.After(30 * time.Second):
		t.Fatal("pbem serve started on a database found damaged")
	}
	if code := exitCode(t, refused.err); code != 1 || !strings.Contains(readLog(t, log), "found: ") {
		t.Errorf("pbem serve on a database found damaged: exit %d; log:\n%s", code, readLog(t, log))
	}

	restore := func() {
		t.Helper()
		data, err := os.ReadFile(backup)
		if err != nil {
			t.Fatal(err)
		}
		writeDatabase(t, e.db, data)
		if out, errOut, err := e.try("check"); err != nil {
			t.Fatalf("pbem check on the restored database: %v, %q, %s", err, out, errOut)
		}
	}
	restore()
	page, size = rootPage(t, e.db, "moves")
	damagePage(t, e.db, page, size)
	stopped := e.serveWith(t, log, "serve")
	select {
	case <-stopped.done:
	case <-time.After(60 * time.Second):
		t.Fatal("pbem serve runs on, its check of a damaged database done")
	}
	if code := exitCode(t, stopped.err); code != 1 || !strings.Contains(readLog(t, log), "database check: damaged") {
		t.Errorf("pbem serve's own check of a damaged database: exit %d; log:\n%s", code, readLog(t, log))
	}
	if c := statusCheck(t, e); c == nil || c.OK || c.By != "serve" {
		t.Errorf("after serve's check found damage, status says %+v", c)
	}

	restore()
	if got := e.ingest(t, w.reply); got != "processed" {
		t.Fatalf("the restored database took the mail as %q", got)
	}
	if got := e.show(t, w.id).MoveNumber; got != 1 {
		t.Errorf("the restored database played the mail to move %d, want 1", got)
	}
	if !bytes.Contains([]byte(e.pbem(t, "status")), []byte("database    sound at its last check")) {
		t.Error("pbem status does not say the restored database is sound")
	}
}
