package mailer

import (
	"context"
	"crypto/tls"
	"fmt"
	"net"
	"strings"
)

// connect dials per the endpoint's TLS mode, introduces itself with the
// From address's domain and authenticates when a user is set. Dialling
// honours ctx, so that Run stops at once even when the server does not
// answer.
func (s *Sender) connect(ctx context.Context) (*smtpClient, error) {
	host, _, err := net.SplitHostPort(s.Endpoint.Addr)
	if err != nil {
		return nil, err
	}
	d := net.Dialer{Timeout: smtpDialTimeout}
	conn, err := d.DialContext(ctx, "tcp", s.Endpoint.Addr)
	if err != nil {
		return nil, fmt.Errorf("dial: %w", err)
	}
	cfg := &tls.Config{ServerName: host, MinVersion: tls.VersionTLS12}
	if s.TLSConfig != nil {
		cfg = s.TLSConfig.Clone()
		if cfg.ServerName == "" {
			cfg.ServerName = host
		}
	}
	if s.Endpoint.Mode() == TLS {
		tc := tls.Client(conn, cfg)
		if err := tc.HandshakeContext(ctx); err != nil {
			conn.Close()
			return nil, fmt.Errorf("tls: %w", err)
		}
		conn = tc
	}
	stop := context.AfterFunc(ctx, func() { conn.Close() })
	defer stop()
	c, err := newSMTPClient(conn)
	if err != nil {
		return nil, err
	}
	name := "localhost"
	if _, domain, ok := strings.Cut(s.From, "@"); ok && domain != "" {
		name = domain
	}
	if err := c.hello(name); err != nil {
		c.Close()
		return nil, fmt.Errorf("ehlo: %w", err)
	}
	if s.Endpoint.Mode() == StartTLS {
		if err := c.startTLS(ctx, cfg, name); err != nil {
			c.Close()
			return nil, fmt.Errorf("starttls: %w", err)
		}
	}
	if s.Endpoint.User != "" {
		if err := c.authPlain(s.Endpoint.User, s.Endpoint.Password); err != nil {
			c.Close()
			return nil, fmt.Errorf("auth as %s: %w", s.Endpoint.User, err)
		}
	}
	return c, nil
}
