package e2e

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"os"
	"os/exec"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"

	"pbem/mailer"
	"pbem/mailer/loopback"
)

// observePassword is the IMAP password of TestServeLogsAndMetrics: one
// that nothing else in a log could contain by chance.
const observePassword = "imap-pw-Q7xz"

// TestServeLogsAndMetrics plays a whole game by mail through pbem serve
// (--log-format json, server.metrics on a free port) with a copy, a stale
// move and a stranger's mail among the replies. /metrics, scraped before,
// halfway and at the end, shows pbem_mails_in_total{outcome="applied"}
// rising by the moves played; /healthz says ok; the heartbeat tells the
// IMAP connection idle, then stopped. The log has its start line, one line
// per mail handled with its outcome and one per mail sent, and its stop
// line with the signal; it holds no password, no reply token and no rack.
func TestServeLogsAndMetrics(t *testing.T) {
	t.Parallel()
	imap, err := loopback.StartIMAP(imapUser, observePassword)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { imap.Close() })
	sk := startSink(t)
	metricsAddr := fmt.Sprintf("127.0.0.1:%d", freePort(t))
	e := newEnv(t, map[string]string{
		"PBEM_IMAP_ADDR": imap.Addr, "PBEM_IMAP_USER": imapUser, "PBEM_IMAP_PASSWORD": observePassword, "PBEM_IMAP_TLS": "none",
		"PBEM_SMTP_ADDR": sk.Addr, "PBEM_SMTP_USER": relayUser, "PBEM_SMTP_PASSWORD": relayPassword, "PBEM_SMTP_TLS": "none",
		"PBEM_METRICS": metricsAddr,
	})
	log := daemonLog(t, e.dir)
	gs := createGames(t, e, []spec{{Kind: "chiffres", Seed: 31, Seats: players[:2]}}, 1000)
	g := gs[0]
	d := e.serveWith(t, log, "--log-format", "json", "serve")
	waitInvitations(t, sk, gs, 30*time.Second)
	writeReplies(t, sk, gs)
	moves := len(g.Replies)
	half := moves / 2
	base := "http://" + metricsAddr

	waitFor(t, 10*time.Second, "/metrics answering", func() (bool, string) {
		_, err := scrape(base)
		return err == nil, fmt.Sprint(err)
	})
	before := mustScrape(t, base)
	if got := before[`pbem_mails_in_total{outcome="applied"}`]; got != 0 {
		t.Fatalf("applied before any reply: %v", got)
	}
	deliver := func(raws ...[]byte) {
		for _, raw := range raws {
			if err := imap.Append("", raw); err != nil {
				t.Fatal(err)
			}
		}
	}
	db := openDB(t, e.db)
	played := func(n int) {
		waitFor(t, 60*time.Second, fmt.Sprintf("%d moves applied", n), func() (bool, string) {
			got := queryInt(t, db, `SELECT COUNT(*) FROM moves WHERE game_id = ?`, g.ID)
			return got >= n, fmt.Sprintf("%d moves", got)
		})
	}
	deliver(g.Replies[:half]...)
	played(half)
	mid := mustScrape(t, base)
	if rose := mid[`pbem_mails_in_total{outcome="applied"}`] - before[`pbem_mails_in_total{outcome="applied"}`]; rose != float64(half) {
		t.Errorf("after %d moves, pbem_mails_in_total{outcome=\"applied\"} rose by %v", half, rose)
	}
	if mid["pbem_mails_out_total"] <= before["pbem_mails_out_total"] {
		waitFor(t, 30*time.Second, "mails out counted", func() (bool, string) {
			m := mustScrape(t, base)
			return m["pbem_mails_out_total"] > before["pbem_mails_out_total"], fmt.Sprint(m["pbem_mails_out_total"])
		})
	}

	stranger := reply{From: seat{"zed@example.test", "Zed"}, To: serverAddress, Answered: sk.invitation(t, g.ID, g.Seats[0].Email),
		MessageID: "stranger.1@example.test", Body: "hello"}.bytes()
	stale := reply{From: g.Seats[g.Script[0].Seat], To: sk.invitation(t, g.ID, g.Seats[g.Script[0].Seat].Email).ReplyTo,
		Answered: sk.invitation(t, g.ID, g.Seats[g.Script[0].Seat].Email), MessageID: "stale.1@example.test", Body: "#1 pass"}.bytes()
	deliver(g.Replies[0], stale, stranger) // a copy of the first reply, a stale move, a stranger
	deliver(g.Replies[half:]...)
	played(moves)
	if s := e.show(t, g.ID); s.Status != "finished" {
		t.Fatalf("the game is %s after its %d moves, not finished", s.Status, moves)
	}
	handled := moves + 3
	var after map[string]float64
	waitFor(t, 30*time.Second, "every mail counted and the outbox empty", func() (bool, string) {
		after = mustScrape(t, base)
		in := 0.0
		for _, o := range []string{"applied", "refused", "ignored", "rejected", "duplicate"} {
			in += after[`pbem_mails_in_total{outcome="`+o+`"}`]
		}
		return in == float64(handled) && after["pbem_outbox_depth"] == 0, fmt.Sprintf("%v mails in, outbox %v", in, after["pbem_outbox_depth"])
	})
	for metric, want := range map[string]float64{
		`pbem_mails_in_total{outcome="applied"}`:   float64(moves),
		`pbem_mails_in_total{outcome="duplicate"}`: 1,
		`pbem_mails_in_total{outcome="refused"}`:   1,
		`pbem_mails_in_total{outcome="rejected"}`:  1,
		`pbem_mails_in_total{outcome="failed"}`:    0,
		`pbem_move_seconds_count`:                  float64(moves),
		`pbem_mails_out_total`:                     float64(sk.count()),
		`pbem_send_failures_total`:                 0,
		`pbem_imap_reconnects_total`:               0,
		`pbem_imap_up`:                             1,
	} {
		if after[metric] != want {
			t.Errorf("%s = %v at the end, want %v", metric, after[metric], want)
		}
	}
	if _, ok := after["go_goroutines"]; !ok {
		t.Error("/metrics lacks the Go collector's go_goroutines")
	}
	if code, body := get(t, base+"/healthz"); code != http.StatusOK || body != "ok\n" {
		t.Errorf("/healthz answered %d %q, want 200 ok", code, body)
	}
	waitFor(t, 15*time.Second, "a heartbeat telling IMAP idle", func() (bool, string) {
		state, age := heartbeat(t, e)
		return state == mailer.IMAPIdle && age < 10*time.Second, fmt.Sprintf("%s, %v old", state, age)
	})
	d.stop(t, 15*time.Second)
	if state, _ := heartbeat(t, e); state != mailer.IMAPStopped {
		t.Errorf("the last heartbeat says %q, want stopped", state)
	}
	e.verifyAll(t)

	lines := readJSONLog(t, log.Name())
	checkLogLines(t, lines, handled, sk.count())
	checkNoSecrets(t, log.Name(), sk, e, g.ID)
}

// serveWith starts pbem with args (global flags, then serve), its
// standard error appended to log.
func (e *env) serveWith(t testing.TB, log *os.File, args ...string) *daemon {
	t.Helper()
	return startDaemon(t, e.command(context.Background(), args...), log)
}

// startDaemon starts cmd, a pbem serve, its output appended to log.
func startDaemon(t testing.TB, cmd *exec.Cmd, log *os.File) *daemon {
	t.Helper()
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

// sample is one line of the Prometheus text format: name{labels} value.
var sample = regexp.MustCompile(`^([a-zA-Z_:][a-zA-Z0-9_:]*(?:\{[^}]*\})?) (\S+)$`)

// scrape reads /metrics into a map from "name{labels}" to its value.
func scrape(base string) (map[string]float64, error) {
	res, err := http.Get(base + "/metrics")
	if err != nil {
		return nil, err
	}
	defer res.Body.Close()
	if res.StatusCode != http.StatusOK {
		return nil, fmt.Errorf("/metrics answered %s", res.Status)
	}
	out := map[string]float64{}
	sc := bufio.NewScanner(res.Body)
	for sc.Scan() {
		line := sc.Text()
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		m := sample.FindStringSubmatch(line)
		if m == nil {
			return nil, fmt.Errorf("/metrics: not a sample line: %q", line)
		}
		v, err := strconv.ParseFloat(m[2], 64)
		if err != nil {
			return nil, fmt.Errorf("/metrics: %q: %w", line, err)
		}
		out[m[1]] = v
	}
	return out, sc.Err()
}

func mustScrape(t testing.TB, base string) map[string]float64 {
	t.Helper()
	m, err := scrape(base)
	if err != nil {
		t.Fatal(err)
	}
	return m
}

func get(t testing.TB, url string) (int, string) {
	t.Helper()
	res, err := http.Get(url)
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	body, _ := io.ReadAll(res.Body)
	return res.StatusCode, string(body)
}

// heartbeat is the daemon's last beat: its IMAP state and age.
func heartbeat(t testing.TB, e *env) (string, time.Duration) {
	t.Helper()
	var state, at string
	if err := openDB(t, e.db).QueryRow(`SELECT imap, beat_at FROM heartbeat WHERE name = 'serve'`).Scan(&state, &at); err != nil {
		return "none: " + err.Error(), 0
	}
	beat, err := time.Parse(time.RFC3339Nano, at)
	if err != nil {
		t.Fatalf("heartbeat time %q: %v", at, err)
	}
	return state, time.Since(beat)
}

// readJSONLog parses the daemon's log, each line a JSON object.
func readJSONLog(t testing.TB, path string) []map[string]any {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	var out []map[string]any
	for i, line := range bytes.Split(bytes.TrimSpace(data), []byte("\n")) {
		var m map[string]any
		if err := json.Unmarshal(line, &m); err != nil {
			t.Fatalf("log line %d is not JSON (--log-format json): %v\n%s", i+1, err, line)
		}
		out = append(out, m)
	}
	return out
}

// checkLogLines: the start line first, the stop line last, and one line
// per mail handled and per mail sent, with their fields.
func checkLogLines(t testing.TB, lines []map[string]any, handled, sent int) {
	t.Helper()
	if len(lines) < 2 {
		t.Fatalf("the log has %d lines", len(lines))
	}
	if first := lines[0]; first["msg"] != "pbem starting" || first["version"] == nil || !strings.Contains(fmt.Sprint(first["config"]), "password set") {
		t.Errorf("the first line is not the start line with the version and the config: %v", first)
	}
	if last := lines[len(lines)-1]; last["msg"] != "pbem stopped" || last["reason"] != "SIGTERM" {
		t.Errorf("the last line is not the stop line with its signal: %v", last)
	}
	count := map[string]int{}
	outcomes := map[string]int{}
	for _, l := range lines {
		msg, _ := l["msg"].(string)
		count[msg]++
		switch msg {
		case "mail handled":
			for _, k := range []string{"time", "message_id", "from", "game", "outcome", "reason", "ms"} {
				if _, ok := l[k]; !ok {
					t.Errorf("a mail handled line without %s: %v", k, l)
				}
			}
			outcomes[fmt.Sprint(l["outcome"])]++
		case "mail sent":
			for _, k := range []string{"message_id", "recipient", "game", "attempt"} {
				if _, ok := l[k]; !ok {
					t.Errorf("a mail sent line without %s: %v", k, l)
				}
			}
		}
	}
	if count["mail handled"] != handled {
		t.Errorf("%d mail handled lines for %d mails (%v)", count["mail handled"], handled, outcomes)
	}
	if outcomes["duplicate"] != 1 || outcomes["refused"] != 1 || outcomes["rejected"] != 1 {
		t.Errorf("outcomes logged: %v; want one duplicate, one refused, one rejected", outcomes)
	}
	if count["mail sent"] != sent {
		t.Errorf("%d mail sent lines for %d mails the relay took", count["mail sent"], sent)
	}
	if count["imap connected"] != 1 {
		t.Errorf("%d imap connected lines, want 1", count["imap connected"])
	}
	if count["outbox drained"] != 0 {
		t.Error("outbox drained is logged at info: it is debug noise")
	}
}

// replyToken finds the token of a reply address and of a pbem thread
// Message-ID; digestToken that of a digest's.
var (
	replyToken  = regexp.MustCompile(`(?i)\+\d+-[a-z2-7]{20}`)
	threadToken = regexp.MustCompile(`(?i)pbem\.(?:digest\.)?\d+\.[a-z2-7]{20}`)
	digestToken = regexp.MustCompile(`(?i)\+digest-\d+-[a-z2-7]{20}`)
)

// checkNoSecrets: no password, no token of any mail the players got, no
// rack in the log.
func checkNoSecrets(t testing.TB, path string, sk *sink, e *env, game int64) {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	log := string(data)
	for _, secret := range []string{observePassword, relayPassword} {
		if strings.Contains(log, secret) {
			t.Errorf("the log holds the password %q", secret)
		}
	}
	for _, re := range []*regexp.Regexp{replyToken, threadToken, digestToken} {
		if m := re.FindString(log); m != "" {
			t.Errorf("the log holds a token: %s", m)
		}
	}
	tokens := 0
	for _, m := range sk.all() {
		if _, token, ok := mailer.ParseReplyAddress(m.ReplyTo); ok {
			tokens++
			if strings.Contains(strings.ToLower(log), token) {
				t.Errorf("the log holds the reply token of %s", m.ReplyTo)
			}
		}
	}
	if tokens == 0 {
		t.Fatal("no reply token found in the mails: the check checks nothing")
	}
	for i, line := range strings.Split(log, "\n") {
		if strings.Contains(strings.ToLower(line), "rack") || regexp.MustCompile(`\b\d(?: \d){3,}\b`).MatchString(line) {
			t.Errorf("log line %d tells a rack: %s", i+1, line)
		}
	}
}

// TestServeStopsOnRefusedLogin: credentials the IMAP server refuses at the
// first login stop the whole daemon, exit status 1, with a stop line and a
// last heartbeat that say why, in words, without the password.
func TestServeStopsOnRefusedLogin(t *testing.T) {
	t.Parallel()
	imap, err := loopback.StartIMAP(imapUser, observePassword)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { imap.Close() })
	sk := startSink(t)
	e := newEnv(t, map[string]string{
		"PBEM_IMAP_ADDR": imap.Addr, "PBEM_IMAP_USER": imapUser, "PBEM_IMAP_PASSWORD": "wrong-pw-Q7xz", "PBEM_IMAP_TLS": "none",
		"PBEM_SMTP_ADDR": sk.Addr, "PBEM_SMTP_USER": relayUser, "PBEM_SMTP_PASSWORD": relayPassword, "PBEM_SMTP_TLS": "none",
	})
	log := daemonLog(t, e.dir)
	d := e.serveWith(t, log, "--log-format", "json", "serve")
	select {
	case <-d.done:
	case <-time.After(30 * time.Second):
		t.Fatal("pbem serve still runs 30 s after its login was refused")
	}
	if code := d.cmd.ProcessState.ExitCode(); code != 1 {
		t.Errorf("pbem serve exited %d, want 1", code)
	}
	// The log alone, every line JSON: its last line says why the daemon
	// stopped, and the error is not printed again after it.
	data, _ := os.ReadFile(log.Name())
	all := strings.Split(strings.TrimSpace(string(data)), "\n")
	var lines []map[string]any
	for i, line := range all {
		var m map[string]any
		if err := json.Unmarshal([]byte(line), &m); err != nil {
			t.Fatalf("log line %d is not JSON: %v\n%s", i+1, err, line)
		}
		lines = append(lines, m)
	}
	if last := lines[len(lines)-1]; last["msg"] != "pbem stopped" {
		t.Errorf("the last line of stderr is not the stop: %v", last)
	}
	var stop map[string]any
	for _, l := range lines {
		if l["msg"] == "pbem stopped" {
			stop = l
		}
	}
	if stop == nil || stop["level"] != "ERROR" || !strings.Contains(fmt.Sprint(stop["reason"]), "log in to") {
		t.Errorf("no error stop line naming the login: %v", stop)
	}
	var state, why string
	if err := openDB(t, e.db).QueryRow(`SELECT imap, last_error FROM heartbeat WHERE name = 'serve'`).Scan(&state, &why); err != nil {
		t.Fatal(err)
	}
	if state != mailer.IMAPStopped || !strings.Contains(why, "log in to") {
		t.Errorf("the last heartbeat says %q, %q; want stopped and the refused login", state, why)
	}
	if bytes.Contains(data, []byte("wrong-pw-Q7xz")) || strings.Contains(why, "wrong-pw-Q7xz") {
		t.Error("the password is in the log or the heartbeat")
	}
}
