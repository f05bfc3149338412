package mailer

import (
	"bufio"
	"bytes"
	"io"
	"net"
	"net/textproto"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"
)

// smtpPeer is an SMTP server written for the client's tests: it offers
// the extensions it is told, records every command and mail as it read
// them, and answers as answer says. Unlike go-smtp's server it can offer
// neither PIPELINING nor CHUNKING, break RFC 2920 on purpose, and hold
// its replies back until a whole transaction has come in.
type smtpPeer struct {
	ext []string
	// answer is the reply to a command line ("MAIL FROM:<…>", "." for a
	// DATA mail's end, "BDAT 12 LAST" after its chunk is read); "" for
	// the usual one.
	answer func(cmd string) string
	// whole holds every reply of a transaction back until its mail's
	// commands (through DATA or BDAT) have all come: a client that waits
	// for a reply before writing its next command is cut off after a
	// while, and noticed.
	whole bool

	addr     string
	mu       sync.Mutex
	commands []string
	mails    [][]byte
	waited   bool // a client under whole waited for a reply
}

// startSMTPPeer listens on the loopback interface until the test ends.
func startSMTPPeer(t *testing.T, p *smtpPeer) *smtpPeer {
	t.Helper()
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	p.addr = l.Addr().String()
	var wg sync.WaitGroup
	t.Cleanup(func() { l.Close(); wg.Wait() })
	wg.Go(func() {
		for {
			c, err := l.Accept()
			if err != nil {
				return
			}
			wg.Go(func() { p.serve(c) })
		}
	})
	return p
}

// dial opens a client session on p, greeted and introduced.
func (p *smtpPeer) dial(t *testing.T) *smtpClient {
	t.Helper()
	conn, err := net.Dial("tcp", p.addr)
	if err != nil {
		t.Fatal(err)
	}
	c, err := newSMTPClient(conn)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { c.Close() })
	if err := c.hello("example.org"); err != nil {
		t.Fatal(err)
	}
	return c
}

func (p *smtpPeer) got() (commands []string, mails [][]byte, waited bool) {
	p.mu.Lock()
	defer p.mu.Unlock()
	return append([]string(nil), p.commands...), append([][]byte(nil), p.mails...), p.waited
}

func (p *smtpPeer) record(cmd string, mail []byte) {
	p.mu.Lock()
	defer p.mu.Unlock()
	p.commands = append(p.commands, cmd)
	if mail != nil {
		p.mails = append(p.mails, mail)
	}
}

// reply is what p answers to cmd, def when answer has nothing to say.
func (p *smtpPeer) reply(cmd, def string) string {
	if p.answer != nil {
		if r := p.answer(cmd); r != "" {
			return r
		}
	}
	return def
}

func (p *smtpPeer) serve(conn net.Conn) {
	defer conn.Close()
	br := bufio.NewReader(conn)
	r := textproto.NewReader(br)
	var held bytes.Buffer
	say := func(s string, flush bool) {
		held.WriteString(s + "\r\n")
		if flush || !p.whole {
			conn.Write(held.Bytes())
			held.Reset()
		}
	}
	say("220 peer ready", true)
	for {
		if p.whole && held.Len() > 0 {
			// Replies are held: the client must write on without them.
			conn.SetReadDeadline(time.Now().Add(5 * time.Second))
		}
		line, err := r.ReadLine()
		conn.SetReadDeadline(time.Time{})
		if err != nil {
			if ne, ok := err.(net.Error); ok && ne.Timeout() {
				p.mu.Lock()
				p.waited = true
				p.mu.Unlock()
			}
			return
		}
		verb, arg, _ := strings.Cut(line, " ")
		switch strings.ToUpper(verb) {
		case "EHLO":
			p.record(line, nil)
			var b strings.Builder
			b.WriteString("250-peer")
			for _, e := range p.ext {
				b.WriteString("\r\n250-" + e)
			}
			say(b.String()+"\r\n250 HELP", true)
		case "DATA":
			p.record(line, nil)
			r354 := p.reply(line, "354 go on")
			say(r354, true)
			if !strings.HasPrefix(r354, "354") {
				continue
			}
			mail, err := r.ReadDotBytes()
			if err != nil {
				return
			}
			p.record(".", mail)
			say(p.reply(".", "250 queued"), true)
		case "BDAT":
			size, _ := strconv.Atoi(strings.Fields(arg)[0])
			mail := make([]byte, size)
			if _, err := io.ReadFull(br, mail); err != nil {
				return
			}
			p.record(line, mail)
			say(p.reply(line, "250 queued"), true)
		case "QUIT":
			p.record(line, nil)
			say("221 bye", true)
			return
		case "MAIL", "RCPT":
			p.record(line, nil)
			say(p.reply(line, "250 ok"), false)
		default:
			p.record(line, nil)
			say(p.reply(line, "250 ok"), true)
		}
	}
}

// unstuffed is how a DATA mail reads once the server took its dots away:
// textproto's ReadDotBytes gives LF line ends.
func unstuffed(canonical []byte) []byte {
	return bytes.ReplaceAll(canonical, []byte("\r\n"), []byte("\n"))
}
