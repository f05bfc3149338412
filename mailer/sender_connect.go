package mailer

import (
	"context"
	"crypto/tls"
	"fmt"
	"net"
	"strings"

	"github.com/emersion/go-sasl"
	"github.com/emersion/go-smtp"
)

// connect dials per the endpoint's TLS mode, introduces itself with the
// From address's domain and authenticates when a user is set. Dialling
// honours ctx, so that Run stops at once even when the server does not
// answer.
func (s *Sender) connect(ctx context.Context) (*smtp.Client, error) {
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
	var c *smtp.Client
	switch s.Endpoint.Mode() {
	case TLS:
		tc := tls.Client(conn, cfg)
		if err := tc.HandshakeContext(ctx); err != nil {
			conn.Close()
			return nil, fmt.Errorf("tls: %w", err)
		}
		c = smtp.NewClient(tc)
	case StartTLS:
		if c, err = smtp.NewClientStartTLS(conn, cfg); err != nil {
			return nil, fmt.Errorf("starttls: %w", err)
		}
	default:
		c = smtp.NewClient(conn)
	}
	stop := context.AfterFunc(ctx, func() { c.Close() })
	defer stop()
	if _, domain, ok := strings.Cut(s.From, "@"); ok && domain != "" {
		if err := c.Hello(domain); err != nil {
			c.Close()
			return nil, fmt.Errorf("ehlo: %w", err)
		}
	}
	if s.Endpoint.User != "" {
		if err := c.Auth(sasl.NewPlainClient("", s.Endpoint.User, s.Endpoint.Password)); err != nil {
			c.Close()
			return nil, fmt.Errorf("auth as %s: %w", s.Endpoint.User, err)
		}
	}
	return c, nil
}
