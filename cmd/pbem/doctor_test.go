package main

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/emersion/go-imap/v2"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"pbem/mailer/loopback"
	"pbem/store"
)

const (
	doctorUser     = "games"
	doctorPassword = "imap-secret"
	relayUser      = "relay"
	relayPassword  = "smtp-secret"
)

// doctorWorld is an IMAP server and an SMTP server that delivers into it,
// as a provider's pair does, and a database.
type doctorWorld struct {
	imap *loopback.IMAPServer
	smtp *loopback.SMTPServer
	db   string
	env  map[string]string
}

// newDoctorWorld starts the servers; drop makes the SMTP server accept
// mail and lose it.
func newDoctorWorld(t *testing.T, opts loopback.IMAPOptions, drop bool) *doctorWorld {
	t.Helper()
	is, err := loopback.StartIMAPWith(doctorUser, doctorPassword, opts)
	require.NoError(t, err)
	t.Cleanup(func() { is.Close() })
	deliver := func(d loopback.Delivery) error { return is.Append("", d.Raw) }
	if drop {
		deliver = nil
	}
	ss, err := loopback.StartSMTP(relayUser, relayPassword, deliver)
	require.NoError(t, err)
	t.Cleanup(func() { ss.Close() })
	db := filepath.Join(t.TempDir(), "pbem.db")
	st, err := store.Open(context.Background(), db, nil)
	require.NoError(t, err)
	require.NoError(t, st.Close())
	return &doctorWorld{imap: is, smtp: ss, db: db, env: map[string]string{
		"PBEM_ADDRESS":   "games@example.test",
		"PBEM_IMAP_ADDR": is.Addr, "PBEM_IMAP_USER": doctorUser, "PBEM_IMAP_PASSWORD": doctorPassword, "PBEM_IMAP_TLS": "none",
		"PBEM_SMTP_ADDR": ss.Addr, "PBEM_SMTP_USER": relayUser, "PBEM_SMTP_PASSWORD": relayPassword, "PBEM_SMTP_TLS": "none",
	}}
}

// doctor runs pbem doctor with the world's settings, changed by set.
func (w *doctorWorld) doctor(t *testing.T, set map[string]string, args ...string) result {
	t.Helper()
	cmd := exec.Command(binary, append([]string{"--db", w.db, "doctor"}, args...)...)
	cmd.Dir = t.TempDir()
	for _, kv := range os.Environ() {
		if !strings.HasPrefix(kv, "PBEM_") {
			cmd.Env = append(cmd.Env, kv)
		}
	}
	for k, v := range w.env {
		if nv, ok := set[k]; ok {
			v = nv
		}
		cmd.Env = append(cmd.Env, k+"="+v)
	}
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	err := cmd.Run()
	r := result{stdout: stdout.String(), stderr: stderr.String()}
	var exit *exec.ExitError
	if errors.As(err, &exit) {
		r.code = exit.ExitCode()
	} else {
		require.NoError(t, err)
	}
	return r
}

// line is the output line of a check.
func line(out, check string) string {
	for _, l := range strings.Split(out, "\n") {
		if _, rest, ok := strings.Cut(l, "  "); ok && strings.HasPrefix(rest, check+":") {
			return l
		}
	}
	return ""
}

func TestDoctorAllOK(t *testing.T) {
	t.Parallel()
	w := newDoctorWorld(t, loopback.IMAPOptions{}, false)
	r := w.doctor(t, nil)
	require.Equal(t, 0, r.code, "stdout:\n%s\nstderr:\n%s", r.stdout, r.stderr)
	var names []string
	for _, l := range strings.Split(strings.TrimSpace(r.stdout), "\n") {
		mark, rest, _ := strings.Cut(l, "  ")
		name, _, _ := strings.Cut(rest, ":")
		assert.Equal(t, "ok", mark, l)
		names = append(names, name)
	}
	assert.Equal(t, []string{"config", "imap connect", "imap tls", "imap login", "imap mailbox", "imap idle", "imap move",
		"imap folders", "smtp connect", "smtp tls", "smtp auth", "plus addressing", "database", "database schema", "database disk", "game clocks", "database files"}, names)
	assert.Contains(t, line(r.stdout, "plus addressing"), "a mail to games+doctor-")
	assert.Contains(t, line(r.stdout, "plus addressing"), "arrived in INBOX")
	assert.Contains(t, line(r.stdout, "imap folders"), "pbem/processed and pbem/rejected")
	for _, secret := range []string{doctorPassword, relayPassword} {
		assert.NotContains(t, r.stdout+r.stderr, secret)
	}
	n, err := w.imap.Count("INBOX")
	require.NoError(t, err)
	assert.Equal(t, 0, n, "the test mail is deleted")

	j := w.doctor(t, nil, "--json")
	require.Equal(t, 0, j.code, j.stderr)
	var checks []map[string]any
	require.NoError(t, json.Unmarshal([]byte(j.stdout), &checks))
	require.Len(t, checks, len(names))
	for i, c := range checks {
		assert.Equal(t, names[i], c["check"])
		assert.Equal(t, true, c["ok"])
		assert.Contains(t, c, "detail")
		assert.Contains(t, c, "warning")
	}
}

func TestDoctorFailures(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		name  string
		opts  loopback.IMAPOptions
		drop  bool
		set   map[string]string
		args  []string
		code  int
		check string // the line that says it
		words string
	}{
		{name: "wrong IMAP password", set: map[string]string{"PBEM_IMAP_PASSWORD": "not-the-password"}, code: 1,
			check: "imap login", words: "FAIL  imap login: the server refused user games with this password (NO [AUTHENTICATIONFAILED] Authentication failed): check imap.user and imap.password"},
		{name: "wrong SMTP password", set: map[string]string{"PBEM_SMTP_PASSWORD": "not-the-password"}, code: 1,
			check: "smtp auth", words: "FAIL  smtp auth: the server refused user relay with this password (535 "},
		{name: "TLS asked of a plain server", set: map[string]string{"PBEM_IMAP_TLS": "tls"}, code: 1,
			check: "imap tls", words: "FAIL  imap tls: the server does not speak TLS from the first byte: set imap.tls = starttls"},
		{name: "TLS asked of a plain SMTP server", set: map[string]string{"PBEM_SMTP_TLS": "tls"}, code: 1,
			check: "smtp tls", words: "FAIL  smtp tls: the server does not speak TLS from the first byte: set smtp.tls = starttls"},
		{name: "a self-signed certificate", opts: loopback.IMAPOptions{TLS: selfSigned(t)}, set: map[string]string{"PBEM_IMAP_TLS": "tls"}, code: 1,
			check: "imap tls", words: "FAIL  imap tls: the certificate of 127.0.0.1 is signed by an authority this machine does not trust"},
		{name: "no IDLE", opts: loopback.IMAPOptions{Hide: []imap.Cap{imap.CapIdle}}, code: 1,
			check: "imap idle", words: "FAIL  imap idle: the server does not offer IDLE: pbem polls the mailbox every 1m0s instead (server.poll), so a move waits that long at most; use an IMAP server or account that offers IDLE, or pass --allow-polling"},
		{name: "no IDLE, polling allowed", opts: loopback.IMAPOptions{Hide: []imap.Cap{imap.CapIdle}}, args: []string{"--allow-polling"}, code: 0,
			check: "imap idle", words: "warn  imap idle: the server does not offer IDLE: pbem polls the mailbox every 1m0s instead (server.poll)"},
		{name: "no IDLE, polling allowed, strict", opts: loopback.IMAPOptions{Hide: []imap.Cap{imap.CapIdle}}, args: []string{"--allow-polling", "--strict"}, code: 1,
			check: "imap idle", words: "warn  imap idle: the server does not offer IDLE"},
		{name: "no MOVE nor UIDPLUS", opts: loopback.IMAPOptions{Caps: []imap.Cap{}}, code: 0,
			check: "imap move", words: "warn  imap move: the server offers neither MOVE nor UIDPLUS: pbem files mail by COPY, STORE \\Deleted and EXPUNGE"},
		{name: "the plus-addressed mail never arrives", drop: true, args: []string{"--wait", "1s"}, code: 1,
			check: "plus addressing", words: "@example.test did not reach INBOX within 1s: the mail server does not deliver plus addresses"},
		{name: "a folder refused", opts: loopback.IMAPOptions{FolderPrefix: "INBOX/", Caps: []imap.Cap{}}, code: 1,
			check: "imap folders", words: "FAIL  imap folders: the IMAP server refused to create the folder pbem/processed: NO Invalid mailbox name."},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			w := newDoctorWorld(t, tc.opts, tc.drop)
			r := w.doctor(t, tc.set, tc.args...)
			assert.Equal(t, tc.code, r.code, "stdout:\n%s\nstderr:\n%s", r.stdout, r.stderr)
			assert.Contains(t, line(r.stdout, tc.check), tc.words, r.stdout)
			assert.NotContains(t, r.stdout+r.stderr, "not-the-password")
			if tc.code != 0 {
				assert.Contains(t, r.stderr, "checks failed")
			}
		})
	}
}

func TestDoctorWithoutADatabase(t *testing.T) {
	t.Parallel()
	w := newDoctorWorld(t, loopback.IMAPOptions{}, false)
	w.db = filepath.Join(t.TempDir(), "absent.db")
	r := w.doctor(t, nil)
	assert.Equal(t, 1, r.code)
	assert.Contains(t, line(r.stdout, "database"), "FAIL  database: there is no database "+w.db)
	_, err := os.Stat(w.db)
	assert.True(t, os.IsNotExist(err), "doctor creates no database")
}
