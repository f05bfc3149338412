package mailer_test

import (
	"context"
	"crypto/ecdsa"
	"crypto/elliptic"
	"crypto/rand"
	"crypto/tls"
	"crypto/x509"
	"crypto/x509/pkix"
	"math/big"
	"net"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"pbem/mailer"
	"pbem/mailer/loopback"
)

// certificate is a self-signed certificate for these names (IP addresses
// or host names), valid from notBefore to notAfter, and a pool that trusts
// it.
func certificate(t *testing.T, names []string, notBefore, notAfter time.Time) (*tls.Config, *x509.CertPool) {
	t.Helper()
	key, err := ecdsa.GenerateKey(elliptic.P256(), rand.Reader)
	require.NoError(t, err)
	tmpl := &x509.Certificate{
		SerialNumber: big.NewInt(2),
		Subject:      pkix.Name{CommonName: names[0]},
		NotBefore:    notBefore,
		NotAfter:     notAfter,
		KeyUsage:     x509.KeyUsageDigitalSignature | x509.KeyUsageCertSign,
		ExtKeyUsage:  []x509.ExtKeyUsage{x509.ExtKeyUsageServerAuth},
		IsCA:         true, BasicConstraintsValid: true,
	}
	for _, n := range names {
		if ip := net.ParseIP(n); ip != nil {
			tmpl.IPAddresses = append(tmpl.IPAddresses, ip)
		} else {
			tmpl.DNSNames = append(tmpl.DNSNames, n)
		}
	}
	der, err := x509.CreateCertificate(rand.Reader, tmpl, tmpl, &key.PublicKey, key)
	require.NoError(t, err)
	cert, err := x509.ParseCertificate(der)
	require.NoError(t, err)
	pool := x509.NewCertPool()
	pool.AddCert(cert)
	return &tls.Config{Certificates: []tls.Certificate{{Certificate: [][]byte{der}, PrivateKey: key}}}, pool
}

// The certificate problems an operator meets, each said in words.
func TestProbeIMAPSaysTheCertificatesProblem(t *testing.T) {
	now := time.Now()
	for _, tc := range []struct {
		name        string
		names       []string
		from, until time.Time
		trust       bool
		words       string
		ok          bool
	}{
		{"trusted", []string{"127.0.0.1"}, now.Add(-time.Hour), now.Add(time.Hour), true, "tls, TLS 1.3, certificate for 127.0.0.1 valid until", true},
		{"unknown authority", []string{"127.0.0.1"}, now.Add(-time.Hour), now.Add(time.Hour), false, "signed by an authority this machine does not trust", false},
		{"wrong host name", []string{"mail.example.test"}, now.Add(-time.Hour), now.Add(time.Hour), true, "the certificate is for mail.example.test, not 127.0.0.1: set imap.addr to a name it covers", false},
		{"expired", []string{"127.0.0.1"}, now.Add(-48 * time.Hour), now.Add(-24 * time.Hour), true, "the certificate of 127.0.0.1 has expired or is not yet valid (valid ", false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			serverTLS, pool := certificate(t, tc.names, tc.from, tc.until)
			srv := startIMAP(t, loopback.IMAPOptions{TLS: serverTLS})
			p := mailer.IMAPProbe{Endpoint: mailer.Endpoint{Addr: srv.Addr, User: imapUser, Password: imapPassword, TLS: mailer.TLS}}
			if tc.trust {
				p.TLSConfig = &tls.Config{RootCAs: pool}
			}
			checks := mailer.ProbeIMAP(context.Background(), p)
			var tlsCheck mailer.Check
			for _, c := range checks {
				if c.Name == "imap tls" {
					tlsCheck = c
				}
			}
			assert.Equal(t, tc.ok, tlsCheck.OK, "%+v", checks)
			assert.Contains(t, tlsCheck.Detail, tc.words)
			if !tc.ok {
				assert.Equal(t, "imap tls", checks[len(checks)-1].Name, "nothing is tried after a failure")
			} else {
				assert.Equal(t, "imap folders", checks[len(checks)-1].Name)
			}
		})
	}
}

// Nothing listening: the connection's failure in words.
func TestProbeWithNoServer(t *testing.T) {
	l, err := net.Listen("tcp", "127.0.0.1:0")
	require.NoError(t, err)
	addr := l.Addr().String()
	l.Close()
	for _, checks := range [][]mailer.Check{
		mailer.ProbeIMAP(context.Background(), mailer.IMAPProbe{Endpoint: mailer.Endpoint{Addr: addr, TLS: mailer.NoTLS}}),
		mailer.ProbeSMTP(context.Background(), mailer.SMTPProbe{Endpoint: mailer.Endpoint{Addr: addr, TLS: mailer.NoTLS}}),
	} {
		require.Len(t, checks, 1)
		assert.False(t, checks[0].OK)
		assert.True(t, strings.HasSuffix(checks[0].Name, " connect"))
		assert.Contains(t, checks[0].Detail, "nothing listens on "+addr+" (connection refused)")
	}
}

// The plus-addressed mail, filed by a running pbem serve before the probe
// looks, is found in the processed folder.
func TestProbePlusFindsTheMailWhereverItIs(t *testing.T) {
	srv := startIMAP(t, loopback.IMAPOptions{})
	require.NoError(t, srv.ResetMailbox(mailer.DefaultProcessed))
	sm, err := loopback.StartSMTP("", "", func(d loopback.Delivery) error {
		return srv.Append(mailer.DefaultProcessed, d.Raw) // as if serve had moved it at once
	})
	require.NoError(t, err)
	t.Cleanup(func() { sm.Close() })
	c := mailer.ProbePlus(context.Background(), mailer.PlusProbe{
		IMAP:  mailer.IMAPProbe{Endpoint: mailer.Endpoint{Addr: srv.Addr, User: imapUser, Password: imapPassword, TLS: mailer.NoTLS}},
		SMTP:  mailer.SMTPProbe{Endpoint: mailer.Endpoint{Addr: sm.Addr, TLS: mailer.NoTLS}, From: "games@example.test"},
		Token: "abc", Wait: 2 * time.Second, Every: 10 * time.Millisecond,
	})
	assert.True(t, c.OK, c.Detail)
	assert.Contains(t, c.Detail, "a mail to games+doctor-abc@example.test arrived in pbem/processed, where pbem serve had already filed it")
	n, err := srv.Count(mailer.DefaultProcessed)
	require.NoError(t, err)
	assert.Zero(t, n, "and deleted")
}
