package mailer

import (
	"bufio"
	"bytes"
	"errors"
	"net"
	"net/textproto"
	"strings"
	"testing"

	"github.com/emersion/go-smtp"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"pbem/mailer/loopback"
)

// The server's extensions decide how a mail goes, and every way delivers
// the same bytes: SMTP's line ends, dots kept.
func TestSMTPClientEveryWayDeliversTheSameMail(t *testing.T) {
	mails := map[string]struct{ raw, want string }{
		"composed": {
			raw:  "Subject: x\r\n\r\n.a line with a dot\r\n..two\r\n.\r\nend\r\n",
			want: "Subject: x\r\n\r\n.a line with a dot\r\n..two\r\n.\r\nend\r\n",
		},
		"bare LF, no last line end": {
			raw:  "Subject: y\n\n.dot\nlast",
			want: "Subject: y\r\n\r\n.dot\r\nlast\r\n",
		},
	}
	ways := []struct {
		name     string
		ext      []string
		whole    bool   // the client must pipeline
		dataVerb string // how the mail came
	}{
		{"pipelining and chunking", []string{"PIPELINING", "CHUNKING", "8BITMIME"}, true, "BDAT"},
		{"pipelining", []string{"PIPELINING"}, true, "DATA"},
		{"chunking", []string{"CHUNKING"}, false, "BDAT"},
		{"neither", nil, false, "DATA"},
	}
	for _, w := range ways {
		for name, m := range mails {
			t.Run(w.name+"/"+name, func(t *testing.T) {
				p := startSMTPPeer(t, &smtpPeer{ext: w.ext, whole: w.whole})
				c := p.dial(t)
				require.NoError(t, c.send("pbem@example.org", "ann@example.com", []byte(m.raw)))
				require.NoError(t, c.quit())
				commands, got, waited := p.got()
				assert.False(t, waited, "the client waited for a reply before writing its next command")
				require.Len(t, got, 1)
				if w.dataVerb == "BDAT" {
					assert.Equal(t, m.want, string(got[0]))
				} else {
					assert.Equal(t, string(unstuffed([]byte(m.want))), string(got[0]))
				}
				mailCmd := "MAIL FROM:<pbem@example.org>"
				if strings.Contains(strings.Join(w.ext, " "), "8BITMIME") {
					mailCmd += " BODY=8BITMIME"
				}
				assert.Equal(t, mailCmd, commands[1])
				assert.Equal(t, "RCPT TO:<ann@example.com>", commands[2])
				assert.True(t, strings.HasPrefix(commands[3], w.dataVerb), commands)
			})
		}
	}
}

// A recipient refused, the mail refused at its end, the envelope sender
// refused: each comes back as the reply it is, told apart as the sender
// needs, and the session stays in step for the next mail.
func TestSMTPClientFailuresKeepTheSessionInStep(t *testing.T) {
	cases := []struct {
		name     string
		refuse   func(cmd string) string
		code     int
		enhanced smtp.EnhancedCode
		message  string
		mailFrom bool // a mailFromError
		refusal  bool // a Refusal for good
	}{
		{"unknown recipient", func(cmd string) string {
			if strings.HasPrefix(cmd, "RCPT TO:<nobody@") {
				return "550 5.1.1 No such user"
			}
			return ""
		}, 550, smtp.EnhancedCode{5, 1, 1}, "No such user", false, true},
		{"mail refused at its end", func(cmd string) string {
			if cmd == "." || strings.HasPrefix(cmd, "BDAT") {
				return "554 5.6.0 Content refused"
			}
			return ""
		}, 554, smtp.EnhancedCode{5, 6, 0}, "Content refused", false, true},
		{"server going away", func(cmd string) string {
			if strings.HasPrefix(cmd, "MAIL") {
				return "421 4.3.2 Shutting down"
			}
			return ""
		}, 421, smtp.EnhancedCode{4, 3, 2}, "Shutting down", true, false},
	}
	for _, ext := range [][]string{{"PIPELINING", "CHUNKING"}, {"PIPELINING"}, {"CHUNKING"}, nil} {
		for _, tc := range cases {
			t.Run(strings.Join(ext, "+")+"/"+tc.name, func(t *testing.T) {
				refused := false
				p := startSMTPPeer(t, &smtpPeer{ext: ext, answer: func(cmd string) string {
					if refused {
						return ""
					}
					if r := tc.refuse(cmd); r != "" {
						refused = true
						return r
					}
					return ""
				}})
				c := p.dial(t)
				err := c.send("pbem@example.org", "nobody@example.com", []byte("Subject: 1\r\n\r\none\r\n"))
				var se *smtp.SMTPError
				require.ErrorAs(t, err, &se)
				assert.Equal(t, tc.code, se.Code)
				assert.Equal(t, tc.enhanced, se.EnhancedCode)
				assert.Equal(t, tc.message, se.Message)
				var mf mailFromError
				assert.Equal(t, tc.mailFrom, errors.As(err, &mf))
				_, isRefusal := refusal(err)
				assert.Equal(t, tc.refusal, isRefusal)
				assert.Equal(t, tc.code == 421, smtpClosing(err))

				require.NoError(t, c.reset())
				require.NoError(t, c.send("pbem@example.org", "bob@example.com", []byte("Subject: 2\r\n\r\ntwo\r\n")))
				_, mails, _ := p.got()
				require.NotEmpty(t, mails)
				assert.Contains(t, string(mails[len(mails)-1]), "Subject: 2")
			})
		}
	}
}

// A server that breaks RFC 2920 and takes DATA though it refused every
// recipient gets an empty mail ended at once; the client reports the
// refused recipient and stays in step.
func TestSMTPClientEndsDataTakenWithoutRecipient(t *testing.T) {
	ended := false
	p := startSMTPPeer(t, &smtpPeer{ext: []string{"PIPELINING"}, answer: func(cmd string) string {
		switch {
		case strings.HasPrefix(cmd, "RCPT TO:<nobody@"):
			return "550 5.1.1 No such user"
		case cmd == "." && !ended:
			ended = true
			return "554 5.5.1 No valid recipients"
		}
		return ""
	}})
	c := p.dial(t)
	err := c.send("pbem@example.org", "nobody@example.com", []byte("Subject: 1\r\n\r\nsecret\r\n"))
	var se *smtp.SMTPError
	require.ErrorAs(t, err, &se)
	assert.Equal(t, 550, se.Code)
	_, mails, _ := p.got()
	require.Len(t, mails, 1)
	assert.Empty(t, mails[0], "the mail went to a server that had no recipient for it")
	require.NoError(t, c.reset())
	require.NoError(t, c.send("pbem@example.org", "bob@example.com", []byte("Subject: 2\r\n\r\ntwo\r\n")))
}

// An address with a line break would be a command of its own: nothing
// is written.
func TestSMTPClientRefusesLineBreaksInAddresses(t *testing.T) {
	p := startSMTPPeer(t, &smtpPeer{ext: []string{"PIPELINING", "CHUNKING"}})
	c := p.dial(t)
	for _, to := range []string{"ann@example.com\r\nRCPT TO:<eve@example.net>", "ann@example.com\nX"} {
		assert.Error(t, c.send("pbem@example.org", to, []byte("Subject: x\r\n\r\nx\r\n")))
	}
	assert.Error(t, c.send("pbem@example.org\r\nRSET", "ann@example.com", []byte("x\r\n")))
	require.NoError(t, c.quit())
	commands, _, _ := p.got()
	assert.Equal(t, []string{"EHLO example.org", "QUIT"}, commands)
}

// An address beyond ASCII asks for SMTPUTF8.
func TestSMTPClientAsksSMTPUTF8ForAnInternationalAddress(t *testing.T) {
	p := startSMTPPeer(t, &smtpPeer{ext: []string{"PIPELINING", "CHUNKING", "SMTPUTF8"}})
	c := p.dial(t)
	require.NoError(t, c.send("pbem@example.org", "zoé@example.fr", []byte("x\r\n")))
	commands, _, _ := p.got()
	assert.Equal(t, "MAIL FROM:<pbem@example.org> SMTPUTF8", commands[1])
}

// A reply that is not the one expected reads as go-smtp made it: the
// enhanced code out of the text, on every line of a long reply.
func TestSMTPErrorReadsAsGoSMTPMadeIt(t *testing.T) {
	cases := []struct {
		msg      string
		enhanced smtp.EnhancedCode
		message  string
	}{
		{"5.1.1 No such user", smtp.EnhancedCode{5, 1, 1}, "No such user"},
		{"No such user", smtp.EnhancedCode{}, "No such user"},
		{"5.7.1 Relay\n5.7.1 denied", smtp.EnhancedCode{5, 7, 1}, "Relay\ndenied"},
		{"5.x.1 odd", smtp.EnhancedCode{}, "5.x.1 odd"},
		{"", smtp.EnhancedCode{}, ""},
	}
	for _, tc := range cases {
		se := toSMTPError(&textproto.Error{Code: 550, Msg: tc.msg})
		assert.Equal(t, 550, se.Code, tc.msg)
		assert.Equal(t, tc.enhanced, se.EnhancedCode, tc.msg)
		assert.Equal(t, tc.message, se.Message, tc.msg)
	}
}

// Dot-stuffing writes what net/textproto's DATA writer, which go-smtp
// used, wrote for the same mail.
func FuzzDotStuffing(f *testing.F) {
	for _, s := range []string{"", ".", "a\r\n.b\r\n", "\n.\n..\n", "x\ry\r\n.\r", "Subject: x\r\n\r\n.\r\n"} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, raw []byte) {
		var want bytes.Buffer
		ww := bufio.NewWriter(&want)
		dw := textproto.NewWriter(ww).DotWriter()
		dw.Write(raw)
		dw.Close()

		var got bytes.Buffer
		gw := bufio.NewWriter(&got)
		canon := withCRLF(raw)
		writeDotStuffed(gw, canon)
		gw.WriteString(".\r\n")
		gw.Flush()
		if !bytes.Equal(got.Bytes(), want.Bytes()) {
			t.Fatalf("stuffed %q as\n%q, textproto as\n%q", raw, got.Bytes(), want.Bytes())
		}
		if canonical(raw) && !bytes.Equal(canon, raw) {
			t.Fatalf("withCRLF changed %q, which it takes for canonical, to %q", raw, canon)
		}
	})
}

// Sending a notification-sized mail on one session, through go-smtp's
// server (the loopback relay the e2e tests use): the client pbem has, and
// go-smtp's, which it replaced.
func BenchmarkSMTPSend(b *testing.B) {
	relay, err := loopback.StartSMTP("", "", nil)
	require.NoError(b, err)
	b.Cleanup(func() { relay.Close() })
	// A notification's size and shape: lines of 76, some base64.
	var mail bytes.Buffer
	mail.WriteString("Subject: Amplitude #12: your turn\r\n\r\n")
	for mail.Len() < 23<<10 {
		mail.WriteString(strings.Repeat("iVBORw0KGgoAAAANSUhEUgAAA", 3) + "A\r\n")
	}
	raw := mail.Bytes()
	b.Run("pbem", func(b *testing.B) {
		conn, err := net.Dial("tcp", relay.Addr)
		require.NoError(b, err)
		c, err := newSMTPClient(conn)
		require.NoError(b, err)
		require.NoError(b, c.hello("example.org"))
		b.SetBytes(int64(len(raw)))
		for b.Loop() {
			if err := c.send("pbem@example.org", "ann@example.com", raw); err != nil {
				b.Fatal(err)
			}
		}
		c.quit()
	})
	b.Run("go-smtp", func(b *testing.B) {
		c, err := smtp.Dial(relay.Addr)
		require.NoError(b, err)
		require.NoError(b, c.Hello("example.org"))
		b.SetBytes(int64(len(raw)))
		for b.Loop() {
			if err := c.SendMail("pbem@example.org", []string{"ann@example.com"}, bytes.NewReader(raw)); err != nil {
				b.Fatal(err)
			}
		}
		c.Quit()
	})
}
