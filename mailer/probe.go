package mailer

import (
	"context"
	"crypto/tls"
	"crypto/x509"
	"errors"
	"fmt"
	"net"
	"os"
	"strings"
	"time"
)

// Check is one thing pbem doctor looked at: what, whether it is fine, and
// in words what was found or what is wrong and how to fix it. A Warning
// passed, with a limitation pbem works around (Detail says how).
type Check struct {
	Name    string
	OK      bool
	Warning bool
	Detail  string
}

func pass(name, format string, args ...any) Check {
	return Check{Name: name, OK: true, Detail: fmt.Sprintf(format, args...)}
}

func warn(name, format string, args ...any) Check {
	return Check{Name: name, OK: true, Warning: true, Detail: fmt.Sprintf(format, args...)}
}

func fail(name, format string, args ...any) Check {
	return Check{Name: name, Detail: fmt.Sprintf(format, args...)}
}

// probeTimeout bounds each network step of a probe.
const probeTimeout = 15 * time.Second

// probeConn is the connection of a probe to a mail server, made.
type probeConn struct {
	conn  net.Conn             // a *tls.Conn after implicit TLS, as the clients want it
	host  string               // the server's name, for TLS
	state *tls.ConnectionState // after the handshake of implicit TLS
}

// openProbe connects to e for proto ("imap", "smtp"), with implicit TLS
// when e says so (alpn: the protocols it may offer), for at most life and
// no longer than ctx: the checks that took, and ok false when one failed
// (then the last check, in words).
func openProbe(ctx context.Context, proto string, e Endpoint, base *tls.Config, life time.Duration, alpn ...string) (probeConn, []Check, bool) {
	if err := e.Check(); err != nil {
		return probeConn{}, []Check{fail(proto+" connect", "%v: check %s.addr and %s.tls", err, proto, proto)}, false
	}
	host, _, _ := net.SplitHostPort(e.Addr)
	d := net.Dialer{Timeout: probeTimeout}
	conn, err := d.DialContext(ctx, "tcp", e.Addr)
	if err != nil {
		return probeConn{}, []Check{fail(proto+" connect", "%s", netWords(proto, e.Addr, err))}, false
	}
	context.AfterFunc(ctx, func() { conn.Close() })
	conn.SetDeadline(time.Now().Add(life))
	pc := probeConn{conn: conn, host: host}
	checks := []Check{pass(proto+" connect", "%s answers", e.Addr)}
	if e.Mode() == TLS {
		tc := tls.Client(conn, tlsConfig(base, host, alpn...))
		if err := tc.HandshakeContext(ctx); err != nil {
			conn.Close()
			return probeConn{}, append(checks, fail(proto+" tls", "%s", tlsWords(proto, host, err))), false
		}
		cs := tc.ConnectionState()
		pc.conn, pc.state = tc, &cs
	}
	return pc, checks, true
}

// netWords says why a connection could not be made.
func netWords(proto, addr string, err error) string {
	var dns *net.DNSError
	var op *net.OpError
	switch {
	case errors.As(err, &dns):
		return fmt.Sprintf("the host name in %s is unknown (%v): check %s.addr", addr, dns.Err, proto)
	case errors.Is(err, os.ErrDeadlineExceeded) || errors.Is(err, context.DeadlineExceeded):
		return fmt.Sprintf("no answer from %s: check %s.addr, and that no firewall drops the port", addr, proto)
	case errors.As(err, &op) && strings.Contains(err.Error(), "refused"):
		return fmt.Sprintf("nothing listens on %s (connection refused): check %s.addr and that the server runs", addr, proto)
	}
	return fmt.Sprintf("cannot reach %s: %v: check %s.addr", addr, err, proto)
}

// tlsWords says what is wrong with a TLS handshake, the certificate's
// problem first, since that is what an operator can fix.
func tlsWords(proto, host string, err error) string {
	var unknown x509.UnknownAuthorityError
	var badHost x509.HostnameError
	var invalid x509.CertificateInvalidError
	var record tls.RecordHeaderError
	switch {
	case errors.As(err, &unknown):
		who := ""
		if c := unknown.Cert; c != nil {
			who = fmt.Sprintf(" (issued by %q)", c.Issuer.String())
		}
		return fmt.Sprintf("the certificate of %s is signed by an authority this machine does not trust%s, a self-signed certificate perhaps: "+
			"give the server a certificate from a public authority (Let's Encrypt), or add its authority to the system's store", host, who)
	case errors.As(err, &badHost):
		names := "no host name"
		if c := badHost.Certificate; c != nil {
			names = certNames(c)
		}
		return fmt.Sprintf("the certificate is for %s, not %s: set %s.addr to a name it covers", names, host, proto)
	case errors.As(err, &invalid) && invalid.Reason == x509.Expired:
		when := ""
		if c := invalid.Cert; c != nil {
			when = fmt.Sprintf(" (valid %s to %s)", c.NotBefore.UTC().Format(time.DateOnly), c.NotAfter.UTC().Format(time.DateOnly))
		}
		return fmt.Sprintf("the certificate of %s has expired or is not yet valid%s: renew it, and check this machine's clock", host, when)
	case errors.As(err, &invalid):
		return fmt.Sprintf("the certificate of %s is not valid: %v", host, err)
	case errors.As(err, &record):
		return fmt.Sprintf("the server does not speak TLS from the first byte: set %s.tls = starttls for a plain port (143, 587), "+
			"or use its TLS port (993, 465)", proto)
	}
	return fmt.Sprintf("TLS with %s failed: %v: check %s.tls", host, err, proto)
}

// tlsConfig is the probe's TLS configuration for host: base (nil for the
// system's roots) with its ServerName set.
func tlsConfig(base *tls.Config, host string, alpn ...string) *tls.Config {
	cfg := &tls.Config{MinVersion: tls.VersionTLS12}
	if base != nil {
		cfg = base.Clone()
	}
	if cfg.ServerName == "" {
		cfg.ServerName = host
	}
	if len(alpn) > 0 && cfg.NextProtos == nil {
		cfg.NextProtos = alpn
	}
	return cfg
}

// tlsMode describes an endpoint's TLS mode for an ok line.
func tlsMode(e Endpoint, c *tls.ConnectionState) string {
	switch {
	case e.Mode() == NoTLS:
		return "none: plain text, allowed on loopback only"
	case c == nil:
		return e.Mode()
	}
	if len(c.PeerCertificates) == 0 {
		return fmt.Sprintf("%s, %s", e.Mode(), tls.VersionName(c.Version))
	}
	cert := c.PeerCertificates[0]
	return fmt.Sprintf("%s, %s, certificate for %s valid until %s", e.Mode(), tls.VersionName(c.Version),
		certNames(cert), cert.NotAfter.UTC().Format(time.DateOnly))
}

// certNames are the names a certificate covers.
func certNames(c *x509.Certificate) string {
	names := append([]string(nil), c.DNSNames...)
	for _, ip := range c.IPAddresses {
		names = append(names, ip.String())
	}
	if len(names) == 0 {
		return c.Subject.CommonName
	}
	return strings.Join(names, ", ")
}
