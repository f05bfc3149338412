package mailer

import (
	"context"
	"crypto/tls"
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/emersion/go-sasl"
	"github.com/emersion/go-smtp"
)

// SMTPProbe is what ProbeSMTP checks: the sender's settings.
type SMTPProbe struct {
	Endpoint  Endpoint
	From      string      // the server's address; its domain is said in EHLO
	TLSConfig *tls.Config // nil means the system's roots
}

// ProbeSMTP connects to the SMTP server as the sender would and checks the
// connection, TLS and AUTH (when a user is set), stopping at the first
// failure.
func ProbeSMTP(ctx context.Context, p SMTPProbe) []Check {
	c, checks := p.connect(ctx, probeTimeout)
	if c != nil {
		c.Quit()
		c.Close()
	}
	return checks
}

// connect dials and authenticates, with the checks that took; a nil client
// means one failed, and is the last check.
func (p SMTPProbe) connect(ctx context.Context, life time.Duration) (*smtp.Client, []Check) {
	e := p.Endpoint
	pc, checks, ok := openProbe(ctx, "smtp", e, p.TLSConfig, life)
	if !ok {
		return nil, checks
	}
	var c *smtp.Client
	if e.Mode() == StartTLS {
		var err error
		if c, err = smtp.NewClientStartTLS(pc.conn, tlsConfig(p.TLSConfig, pc.host)); err != nil {
			pc.conn.Close()
			return nil, append(checks, fail("smtp tls", "STARTTLS: %s", tlsWords("smtp", pc.host, err)))
		}
	} else {
		c = smtp.NewClient(pc.conn)
	}
	checks = append(checks, pass("smtp tls", "%s", tlsMode(e, pc.state)))
	domain := "localhost"
	if _, d, ok := strings.Cut(p.From, "@"); ok && d != "" {
		domain = d
	}
	if err := c.Hello(domain); err != nil {
		c.Close()
		return nil, append(checks, fail("smtp auth", "the server did not answer EHLO (%v): is this the SMTP port?", err))
	}
	if e.User == "" {
		return c, append(checks, pass("smtp auth", "none: smtp.user is empty, so the server must relay for this machine without it"))
	}
	if ok, _ := c.Extension("AUTH"); !ok {
		c.Close()
		return nil, append(checks, fail("smtp auth", "the server offers no AUTH on this connection: it may want TLS first (smtp.tls), or no user (leave smtp.user empty)"))
	}
	if err := c.Auth(sasl.NewPlainClient("", e.User, e.Password)); err != nil {
		c.Close()
		return nil, append(checks, fail("smtp auth", "%s", loginWords("smtp", e.User, err)))
	}
	return c, append(checks, pass("smtp auth", "logged in as %s", e.User))
}

// isSMTPAuthRefusal reports an SMTP server refusing the credentials (535,
// or another 5xx to AUTH).
func isSMTPAuthRefusal(err error) bool {
	var se *smtp.SMTPError
	return errors.As(err, &se) && se.Code >= 500 && se.Code < 600
}

// smtpAnswer is an SMTP error as the server said it.
func smtpAnswer(err error) string {
	var se *smtp.SMTPError
	if errors.As(err, &se) {
		return fmt.Sprintf("%d %s", se.Code, se.Message)
	}
	return err.Error()
}
