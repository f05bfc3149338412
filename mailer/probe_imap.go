package mailer

import (
	"context"
	"crypto/tls"
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/emersion/go-imap/v2"
	"github.com/emersion/go-imap/v2/imapclient"
)

// IMAPProbe is what ProbeIMAP checks: the receiver's settings.
type IMAPProbe struct {
	Endpoint            Endpoint
	Mailbox             string        // "" means INBOX
	Processed, Rejected string        // "" means DefaultProcessed, DefaultRejected
	Poll                time.Duration // the polling period without IDLE, for the words; 0 means DefaultPoll
	TLSConfig           *tls.Config   // nil means the system's roots
}

func (p IMAPProbe) mailbox() string {
	if p.Mailbox == "" {
		return "INBOX"
	}
	return p.Mailbox
}

// ProbeIMAP connects to the IMAP server as the receiver would and checks,
// in order, each step it needs: the connection, TLS, the login, the
// mailbox, IDLE and MOVE (a missing one is a warning: pbem works without),
// and the folders it files mail in (created when missing, as serve would).
// It stops at the first failure, the steps after it unchecked.
func ProbeIMAP(ctx context.Context, p IMAPProbe) []Check {
	c, checks := p.login(ctx, probeTimeout)
	if c == nil {
		return checks
	}
	defer c.Close()
	defer c.Logout()

	data, err := c.Select(p.mailbox(), &imap.SelectOptions{ReadOnly: true}).Wait()
	if err != nil {
		words := fmt.Sprintf("%s: check %s", answer(err), KeyMailbox)
		if isRefusal(err) {
			words = fmt.Sprintf("the server has no mailbox %s it lets pbem read (%s): set %s", p.mailbox(), answer(err), KeyMailbox)
		}
		return append(checks, fail("imap mailbox", "%s", words))
	}
	checks = append(checks, pass("imap mailbox", "%s holds %d mails", p.mailbox(), data.NumMessages))

	caps := c.Caps()
	poll := p.Poll
	if poll <= 0 {
		poll = DefaultPoll
	}
	if caps.Has(imap.CapIdle) || caps.Has(imap.CapIMAP4rev2) {
		checks = append(checks, pass("imap idle", "offered: new mail is read as it arrives"))
	} else {
		checks = append(checks, warn("imap idle", "the server does not offer IDLE: pbem polls the mailbox every %s instead (server.poll), so a move waits that long at most", poll))
	}
	switch {
	case caps.Has(imap.CapMove) || caps.Has(imap.CapIMAP4rev2):
		checks = append(checks, pass("imap move", "offered"))
	case caps.Has(imap.CapUIDPlus):
		checks = append(checks, warn("imap move", "the server does not offer MOVE: pbem files mail by COPY, STORE \\Deleted and UID EXPUNGE instead"))
	default:
		checks = append(checks, warn("imap move", "the server offers neither MOVE nor UIDPLUS: pbem files mail by COPY, STORE \\Deleted and EXPUNGE, "+
			"which also removes other mails marked \\Deleted in %s", p.mailbox()))
	}

	ns, err := namespace(c)
	if err != nil {
		return append(checks, fail("imap folders", "%v", err))
	}
	names, created, err := makeFolders(c, ns, p.Processed, p.Rejected)
	if err != nil {
		return append(checks, fail("imap folders", "%v", err))
	}
	detail := fmt.Sprintf("%s and %s", names[0], names[1])
	if ns.Prefix != "" || ns.Delim != 0 {
		detail += fmt.Sprintf(" (personal namespace %q, delimiter %q)", ns.Prefix, string(ns.Delim))
	}
	if len(created) > 0 {
		detail += "; created " + strings.Join(created, " and ")
	}
	return append(checks, pass("imap folders", "%s", detail))
}

// login connects and logs in, with the checks that took; a nil client
// means one failed, and is the last check. The connection lives at most
// for the given time, and no longer than ctx.
func (p IMAPProbe) login(ctx context.Context, life time.Duration) (*imapclient.Client, []Check) {
	e := p.Endpoint
	pc, checks, ok := openProbe(ctx, "imap", e, p.TLSConfig, life, "imap")
	if !ok {
		return nil, checks
	}
	var c *imapclient.Client
	if e.Mode() == StartTLS {
		var err error
		c, err = imapclient.NewStartTLS(pc.conn, &imapclient.Options{TLSConfig: tlsConfig(p.TLSConfig, pc.host)})
		if err != nil {
			pc.conn.Close()
			return nil, append(checks, fail("imap tls", "STARTTLS: %s", tlsWords("imap", pc.host, err)))
		}
	} else {
		c = imapclient.New(pc.conn, nil)
	}
	checks = append(checks, pass("imap tls", "%s", tlsMode(e, pc.state)))
	if err := c.WaitGreeting(); err != nil {
		c.Close()
		return nil, append(checks, fail("imap login", "no IMAP greeting from %s (%v): is this the IMAP port?", e.Addr, err))
	}
	if err := c.Login(e.User, e.Password).Wait(); err != nil {
		c.Close()
		return nil, append(checks, fail("imap login", "%s", loginWords("imap", e.User, err)))
	}
	return c, append(checks, pass("imap login", "logged in as %s", e.User))
}

// loginWords says why a login failed, never with the password.
func loginWords(proto, user string, err error) string {
	var ie *imap.Error
	if errors.As(err, &ie) && ie.Type == imap.StatusResponseTypeNo || isSMTPAuthRefusal(err) {
		return fmt.Sprintf("the server refused user %s with this password (%s): check %s.user and %s.password; "+
			"Gmail and Outlook.com want an app password, and IMAP enabled in their settings", user, authAnswer(err), proto, proto)
	}
	return fmt.Sprintf("login as %s failed: %v", user, err)
}

func authAnswer(err error) string {
	var ie *imap.Error
	if errors.As(err, &ie) {
		return answer(err)
	}
	return smtpAnswer(err)
}
