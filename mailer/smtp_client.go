package mailer

import (
	"bufio"
	"context"
	"crypto/tls"
	"encoding/base64"
	"errors"
	"fmt"
	"net"
	"net/textproto"
	"strconv"
	"strings"
	"time"

	"github.com/emersion/go-smtp"
)

// smtpClient is the sender's side of one SMTP session: only what the
// sender needs (EHLO, STARTTLS, AUTH PLAIN, one recipient a mail, RSET,
// QUIT), so that a mail costs the relay one round trip where it can.
//
// go-smtp's client, which the sender used before, answers every command
// before it writes the next and dot-stuffs DATA a byte at a time: four
// round trips a mail, and a tenth of the daemon's CPU under a burst
// (BenchmarkServeLoad). With PIPELINING (RFC 2920) this client writes
// MAIL, RCPT and DATA together; with CHUNKING too (RFC 3030) it writes the
// mail after them as BDAT LAST, its bytes as they are, and reads the three
// replies at once. Errors are go-smtp's *smtp.SMTPError, so that what
// reads a reply (refusal, smtpClosing) does not care which client wrote.
type smtpClient struct {
	conn net.Conn
	r    *textproto.Reader
	w    *bufio.Writer
	ext  map[string]string // the EHLO reply's extensions, keyword in capitals
}

// Bounds of one exchange with the relay, go-smtp's own defaults: a
// command's reply, and a whole mail's.
const (
	smtpCommandTimeout    = 5 * time.Minute
	smtpSubmissionTimeout = 12 * time.Minute
)

// newSMTPClient reads the relay's greeting on conn.
func newSMTPClient(conn net.Conn) (*smtpClient, error) {
	c := &smtpClient{}
	c.use(conn)
	c.conn.SetDeadline(time.Now().Add(smtpCommandTimeout))
	defer c.conn.SetDeadline(time.Time{})
	if _, err := c.reply(220); err != nil {
		c.conn.Close()
		return nil, fmt.Errorf("greeting: %w", err)
	}
	return c, nil
}

// use makes conn the session's connection (again, after STARTTLS).
func (c *smtpClient) use(conn net.Conn) {
	c.conn = conn
	c.r = textproto.NewReader(bufio.NewReader(conn))
	c.w = bufio.NewWriter(conn)
}

// hello introduces the client as name, by EHLO, or HELO to a server that
// knows no EHLO (and so offers no extension).
func (c *smtpClient) hello(name string) error {
	if err := validateLine(name); err != nil {
		return err
	}
	msg, err := c.cmd(250, "EHLO "+name)
	var se *smtp.SMTPError
	if errors.As(err, &se) && (se.Code == 500 || se.Code == 502) {
		c.ext = nil
		_, err = c.cmd(250, "HELO "+name)
		return err
	}
	if err != nil {
		return err
	}
	c.ext = map[string]string{}
	lines := strings.Split(msg, "\n")
	for _, line := range lines[1:] {
		k, v, _ := strings.Cut(line, " ")
		c.ext[strings.ToUpper(k)] = v
	}
	return nil
}

// has tells whether the server offered extension ext in its EHLO reply.
func (c *smtpClient) has(ext string) bool {
	_, ok := c.ext[ext]
	return ok
}

// startTLS upgrades the session to TLS and introduces the client again,
// as RFC 3207 wants: what the server offered in the clear is forgotten.
func (c *smtpClient) startTLS(ctx context.Context, cfg *tls.Config, name string) error {
	if _, err := c.cmd(220, "STARTTLS"); err != nil {
		return err
	}
	tc := tls.Client(c.conn, cfg)
	if err := tc.HandshakeContext(ctx); err != nil {
		return fmt.Errorf("tls: %w", err)
	}
	c.use(tc)
	return c.hello(name)
}

// authPlain authenticates by AUTH PLAIN (RFC 4616) with its initial
// response.
func (c *smtpClient) authPlain(user, password string) error {
	resp := base64.StdEncoding.EncodeToString([]byte("\x00" + user + "\x00" + password))
	code, msg, err := c.exchange(0, "AUTH PLAIN "+resp)
	if err != nil {
		return err
	}
	switch code {
	case 235:
		return nil
	case 334:
		// A challenge to a mechanism that has none: give up the exchange.
		c.cmd(501, "*")
		return errors.New("smtp: the server answered AUTH PLAIN's response with a challenge")
	}
	return toSMTPError(&textproto.Error{Code: code, Msg: msg})
}

// send hands the relay one mail from from to to: pipelined when the
// server offers PIPELINING, as BDAT LAST when it offers CHUNKING, else
// as dot-stuffed DATA. A reply to MAIL is a mailFromError; one to RCPT,
// DATA or the mail's end comes as it is, the first that failed. On an
// error the transaction may be left open: RSET (reset) ends it.
func (c *smtpClient) send(from, to string, raw []byte) error {
	if err := validateLine(from); err != nil {
		return err
	}
	if err := validateLine(to); err != nil {
		return err
	}
	mail := c.mailFrom(from, !ascii(from) || !ascii(to))
	rcpt := "RCPT TO:<" + to + ">"
	raw = withCRLF(raw)
	c.conn.SetDeadline(time.Now().Add(smtpSubmissionTimeout))
	defer c.conn.SetDeadline(time.Time{})
	if !c.has("PIPELINING") {
		if _, err := c.cmd(250, mail); err != nil {
			return mailFromError{err}
		}
		if _, err := c.cmd(25, rcpt); err != nil {
			return err
		}
		return c.data(raw)
	}
	c.line(mail)
	c.line(rcpt)
	chunked := c.has("CHUNKING")
	if chunked {
		c.bdat(raw)
	} else {
		c.line("DATA")
	}
	wErr := c.w.Flush()
	_, mailErr := c.reply(250)
	_, rcptErr := c.reply(25)
	var dataErr error
	if chunked {
		_, dataErr = c.reply(250)
	} else if _, dataErr = c.reply(354); dataErr == nil {
		if mailErr != nil || rcptErr != nil {
			raw = nil // a server that takes DATA with no recipient: end it empty
		}
		dataErr = c.dotData(raw)
	}
	switch {
	case mailErr != nil:
		return mailFromError{firstOf(mailErr, wErr)}
	case rcptErr != nil:
		return firstOf(rcptErr, wErr)
	case dataErr != nil:
		return firstOf(dataErr, wErr)
	}
	return wErr
}

// mailFrom is the MAIL command for from, with the parameters the server
// takes: BODY=8BITMIME when offered (as go-smtp wrote it), SMTPUTF8 when
// an address needs it.
func (c *smtpClient) mailFrom(from string, utf8 bool) string {
	mail := "MAIL FROM:<" + from + ">"
	if c.has("8BITMIME") {
		mail += " BODY=8BITMIME"
	}
	if utf8 {
		mail += " SMTPUTF8" // refused by a server without it, as it should be
	}
	return mail
}

// data sends raw after MAIL and RCPT were accepted one at a time.
func (c *smtpClient) data(raw []byte) error {
	if c.has("CHUNKING") {
		c.bdat(raw)
		if err := c.w.Flush(); err != nil {
			return err
		}
		_, err := c.reply(250)
		return err
	}
	if _, err := c.cmd(354, "DATA"); err != nil {
		return err
	}
	return c.dotData(raw)
}

// bdat writes raw as the mail's one and last chunk, which the server
// reads whole even when it refuses the command.
func (c *smtpClient) bdat(raw []byte) {
	c.line("BDAT " + strconv.Itoa(len(raw)) + " LAST")
	c.w.Write(raw)
}

// dotData writes raw dot-stuffed and its end, after DATA's 354, and reads
// the server's verdict on the mail.
func (c *smtpClient) dotData(raw []byte) error {
	writeDotStuffed(c.w, raw)
	c.w.WriteString(".\r\n")
	if err := c.w.Flush(); err != nil {
		return err
	}
	_, err := c.reply(250)
	return err
}

// reset ends a failed transaction (RSET).
func (c *smtpClient) reset() error {
	_, err := c.cmd(250, "RSET")
	return err
}

// quit says goodbye (QUIT) and closes the connection.
func (c *smtpClient) quit() error {
	_, err := c.cmd(221, "QUIT")
	c.conn.Close()
	return err
}

// Close drops the connection without a word: when the context ends.
func (c *smtpClient) Close() error { return c.conn.Close() }

// cmd writes one command and reads its reply, which must have code
// expect (or begin with it: 25 takes 250 and 251).
func (c *smtpClient) cmd(expect int, line string) (string, error) {
	_, msg, err := c.exchange(expect, line)
	return msg, err
}

// exchange is cmd with the reply's code; expect 0 takes any.
func (c *smtpClient) exchange(expect int, line string) (int, string, error) {
	c.conn.SetDeadline(time.Now().Add(smtpCommandTimeout))
	c.line(line)
	if err := c.w.Flush(); err != nil {
		return 0, "", err
	}
	return c.read(expect)
}

// line buffers one command line.
func (c *smtpClient) line(s string) {
	c.w.WriteString(s)
	c.w.WriteString("\r\n")
}

// reply reads one reply, an *smtp.SMTPError when its code is not expect.
func (c *smtpClient) reply(expect int) (string, error) {
	_, msg, err := c.read(expect)
	return msg, err
}

// read reads one reply with its code (expect 0 takes any), an
// *smtp.SMTPError when its code is not expect.
func (c *smtpClient) read(expect int) (int, string, error) {
	code, msg, err := c.r.ReadResponse(expect)
	if pe, ok := err.(*textproto.Error); ok {
		err = toSMTPError(pe)
	}
	return code, msg, err
}

// toSMTPError is a reply that is not the one expected as go-smtp makes
// it: its enhanced status code, when the text begins with one, taken
// out of the message (RFC 2034 repeats it on each line).
func toSMTPError(pe *textproto.Error) *smtp.SMTPError {
	se := &smtp.SMTPError{Code: pe.Code, Message: pe.Msg}
	first, rest, ok := strings.Cut(pe.Msg, " ")
	if !ok {
		return se
	}
	code, ok := enhancedCode(first)
	if !ok {
		return se
	}
	se.EnhancedCode = code
	se.Message = strings.ReplaceAll(rest, "\n"+first+" ", "\n")
	return se
}

// enhancedCode reads "5.1.1".
func enhancedCode(s string) (smtp.EnhancedCode, bool) {
	var code smtp.EnhancedCode
	parts := strings.Split(s, ".")
	if len(parts) != 3 {
		return code, false
	}
	for i, p := range parts {
		n, err := strconv.Atoi(p)
		if err != nil {
			return code, false
		}
		code[i] = n
	}
	return code, true
}

// validateLine refuses what would end a command line early: an address
// with a CR or LF in it would be a second command.
func validateLine(s string) error {
	if strings.ContainsAny(s, "\r\n") {
		return errors.New("smtp: a line must not contain CR or LF")
	}
	return nil
}

// firstOf is the first error that is not nil.
func firstOf(errs ...error) error {
	for _, err := range errs {
		if err != nil {
			return err
		}
	}
	return nil
}
