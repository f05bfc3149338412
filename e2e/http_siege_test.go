package e2e

import (
	"bufio"
	"fmt"
	"io"
	"net"
	"net/http"
	"os"
	"os/exec"
	"strings"
	"testing"
	"time"
)

// TestServeHTTPUnderSiege: pbem serve under a limit of 256 open files,
// its one HTTP listener (/unsubscribe, /metrics and /healthz) held by 300
// idle connections, 150 that never spoke and 150 kept alive after a
// request, and by 20 half-sent headers and 10 half-sent bodies. The daemon
// holds no more of them than its cap of 64; a move by mail still brings
// its notification to the relay; /healthz still answers; the log says the
// cap was met in a structured line and holds no raw line of Go's server
// nor any "too many open files".
func TestServeHTTPUnderSiege(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	addr := fmt.Sprintf("127.0.0.1:%d", freePort(t))
	w.env.vars["PBEM_HTTP"], w.env.vars["PBEM_METRICS"] = addr, addr
	gs := createGames(t, w.env, []spec{{Kind: "chiffres", Seed: 17, Seats: players[:2]}}, 1)
	g := gs[0]
	cmd := w.env.command(t.Context(), "--log-format", "json", "serve")
	limitFiles(cmd, 256)
	d := startDaemon(t, cmd, w.log)
	waitInvitations(t, w.sink, gs, 30*time.Second)
	writeReplies(t, w.sink, gs)
	waitFor(t, 10*time.Second, "/healthz answering", func() (bool, string) {
		res, err := http.Get("http://" + addr + "/healthz")
		if err != nil {
			return false, err.Error()
		}
		res.Body.Close()
		return res.StatusCode == http.StatusOK, res.Status
	})
	before := openFiles(t, d.cmd.Process.Pid)

	var siege []net.Conn
	t.Cleanup(func() {
		for _, c := range siege {
			c.Close()
		}
	})
	connect := func(send string) net.Conn {
		c, err := net.Dial("tcp", addr)
		if err != nil {
			t.Fatalf("connection %d: %v", len(siege)+1, err)
		}
		siege = append(siege, c)
		if send != "" {
			if _, err := io.WriteString(c, send); err != nil {
				t.Fatalf("connection %d: %v", len(siege), err)
			}
		}
		return c
	}
	for range 150 {
		connect("")
	}
	for i := range 150 {
		c := connect("GET /healthz HTTP/1.1\r\nHost: pbem.test\r\n\r\n")
		c.SetReadDeadline(time.Now().Add(30 * time.Second))
		res, err := http.ReadResponse(bufio.NewReader(c), nil)
		if err != nil {
			t.Fatalf("kept-alive connection %d: %v", i+1, err)
		}
		io.Copy(io.Discard, res.Body)
		res.Body.Close()
	}
	for range 20 {
		connect("GET /healthz HTTP/1.1\r\nHost: pbem.test\r\nX-Slow: 1\r\n")
	}
	for range 10 {
		connect("POST /unsubscribe?a=ann%40example.test&t=x HTTP/1.1\r\nHost: pbem.test\r\nContent-Length: 100000\r\n\r\nList-Unsub")
	}
	during := openFiles(t, d.cmd.Process.Pid)
	if during > before+64+8 {
		t.Errorf("the daemon holds %d files under siege, %d before: more than its cap of 64 connections", during, before)
	}

	other := g.Seats[1-g.Script[0].Seat]
	if err := w.imap.Append("", g.Replies[0]); err != nil {
		t.Fatal(err)
	}
	waitFor(t, 60*time.Second, "the notification of move 1 at the relay", func() (bool, string) {
		for _, m := range w.sink.all() {
			if m.Game == g.ID && m.move() == 1 && len(m.To) == 1 && strings.EqualFold(m.To[0], other.Email) {
				return true, ""
			}
		}
		return false, fmt.Sprintf("%d mails", w.sink.count())
	})
	if code, body := get(t, "http://"+addr+"/healthz"); code != http.StatusOK || body != "ok\n" {
		t.Errorf("/healthz answered %d %q under siege, want 200 ok", code, body)
	}
	if !d.alive() {
		t.Fatalf("pbem serve died: %v", d.err)
	}
	d.stop(t, 15*time.Second)

	capMet := false
	for _, l := range readJSONLog(t, w.log.Name()) { // every line JSON: no raw "http: Accept error"
		if l["msg"] == "http connections at their cap" && l["key"] == "server.http" && l["cap"] == float64(64) {
			capMet = true
		}
	}
	if !capMet {
		t.Error("no structured line says the connections met their cap")
	}
	data, _ := os.ReadFile(w.log.Name())
	if strings.Contains(string(data), "too many open files") {
		t.Error("the daemon ran out of files")
	}
	t.Logf("the daemon held %d files before the siege, %d during it", before, during)
}

// limitFiles makes cmd run under a limit of n open files, soft and hard
// (Go raises its soft limit to the hard one at start).
func limitFiles(cmd *exec.Cmd, n int) {
	cmd.Args = append([]string{"sh", "-c", fmt.Sprintf(`ulimit -n %d && exec "$0" "$@"`, n)}, cmd.Args...)
	cmd.Path = "/bin/sh"
}

// openFiles is how many files the process pid holds open.
func openFiles(t testing.TB, pid int) int {
	t.Helper()
	fds, err := os.ReadDir(fmt.Sprintf("/proc/%d/fd", pid))
	if err != nil {
		t.Fatalf("the daemon's open files: %v", err)
	}
	return len(fds)
}
