package mailer

import (
	"fmt"
	"net"
	"strings"
)

// TLS modes of an Endpoint.
const (
	TLS      = "tls"      // TLS from the first byte (the default)
	StartTLS = "starttls" // plain, then STARTTLS before anything secret
	NoTLS    = "none"     // plain all along: loopback only
)

// Endpoint is how to reach an IMAP or SMTP server.
type Endpoint struct {
	Addr     string // host:port
	User     string // no authentication when empty (SMTP)
	Password string
	TLS      string // TLS, StartTLS or NoTLS; "" means TLS
}

// Mode is the endpoint's TLS mode, TLS when unset.
func (e Endpoint) Mode() string {
	if e.TLS == "" {
		return TLS
	}
	return e.TLS
}

// Check refuses an endpoint that cannot work or would send secrets in
// clear: plain connections are allowed to loopback addresses only.
func (e Endpoint) Check() error {
	host, _, err := net.SplitHostPort(e.Addr)
	if err != nil {
		return fmt.Errorf("address %q is not host:port: %w", e.Addr, err)
	}
	switch e.Mode() {
	case TLS, StartTLS:
		return nil
	case NoTLS:
		if isLoopback(host) {
			return nil
		}
		return fmt.Errorf("tls = none is refused for %s: plain connections go to loopback addresses only", host)
	}
	return fmt.Errorf("tls is tls, starttls or none, not %q", e.TLS)
}

func isLoopback(host string) bool {
	if strings.EqualFold(host, "localhost") {
		return true
	}
	ip := net.ParseIP(host)
	return ip != nil && ip.IsLoopback()
}
