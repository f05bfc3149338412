package loopback_test

import (
	"errors"
	"fmt"
	"strings"
	"sync"
	"testing"

	"github.com/emersion/go-sasl"
	"github.com/emersion/go-smtp"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"pbem/mailer/loopback"
)

// smtpMail has CRLF lines, a line that is a lone dot and one that starts
// with a dot: the two that dot-stuffing must carry through unchanged.
const smtpMail = "From: pbem@example.org\r\nTo: alice@example.org\r\nSubject: hi\r\n\r\n.\r\n..two dots\r\nbye\r\n"

// smtpCollector is a deliver function that keeps what it is given.
type smtpCollector struct {
	mu  sync.Mutex
	got []loopback.Delivery
}

func (c *smtpCollector) deliver(d loopback.Delivery) error {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.got = append(c.got, d)
	return nil
}

func (c *smtpCollector) all() []loopback.Delivery {
	c.mu.Lock()
	defer c.mu.Unlock()
	return append([]loopback.Delivery(nil), c.got...)
}

func startSMTP(t *testing.T, user, password string, deliver func(loopback.Delivery) error) *loopback.SMTPServer {
	t.Helper()
	srv, err := loopback.StartSMTP(user, password, deliver)
	require.NoError(t, err)
	t.Cleanup(func() { srv.Close() })
	assert.True(t, strings.HasPrefix(srv.Addr, "127.0.0.1:"), srv.Addr)
	return srv
}

func dialSMTP(t *testing.T, addr string) *smtp.Client {
	t.Helper()
	c, err := smtp.Dial(addr)
	require.NoError(t, err)
	t.Cleanup(func() { c.Close() })
	return c
}

func smtpCode(t *testing.T, err error) int {
	t.Helper()
	var se *smtp.SMTPError
	require.True(t, errors.As(err, &se), "%v is not an SMTP reply", err)
	return se.Code
}

func TestSMTPDeliversTheBytesAndEnvelope(t *testing.T) {
	var c smtpCollector
	srv := startSMTP(t, "", "", c.deliver)
	client := dialSMTP(t, srv.Addr)
	ok, _ := client.Extension("AUTH")
	assert.False(t, ok, "no AUTH offered without a user")

	require.NoError(t, client.SendMail("pbem@example.org", []string{"alice@example.org", "bob@example.org"}, strings.NewReader(smtpMail)))
	require.NoError(t, client.SendMail("pbem@example.org", []string{"chloe@example.org"}, strings.NewReader(smtpMail)))
	require.NoError(t, client.Quit())

	got := c.all()
	require.Len(t, got, 2)
	assert.Equal(t, loopback.Delivery{From: "pbem@example.org", To: []string{"alice@example.org", "bob@example.org"}, Raw: []byte(smtpMail)}, got[0])
	assert.Equal(t, []string{"chloe@example.org"}, got[1].To, "each transaction has its own recipients")
}

func TestSMTPRequiresAuthWhenAUserIsSet(t *testing.T) {
	var c smtpCollector
	srv := startSMTP(t, "pbem", "secret", c.deliver)

	client := dialSMTP(t, srv.Addr)
	ok, mechs := client.Extension("AUTH")
	assert.True(t, ok, "offered over plain text on loopback")
	assert.Contains(t, mechs, "PLAIN")
	err := client.SendMail("pbem@example.org", []string{"alice@example.org"}, strings.NewReader(smtpMail))
	assert.Equal(t, 502, smtpCode(t, err), "no mail before AUTH")

	client = dialSMTP(t, srv.Addr)
	err = client.Auth(sasl.NewPlainClient("", "pbem", "wrong"))
	assert.Equal(t, 535, smtpCode(t, err))

	client = dialSMTP(t, srv.Addr)
	require.NoError(t, client.Auth(sasl.NewPlainClient("", "pbem", "secret")))
	require.NoError(t, client.SendMail("pbem@example.org", []string{"alice@example.org"}, strings.NewReader(smtpMail)))
	require.NoError(t, client.Reset(), "AUTH outlives RSET and the EHLO after it")
	require.NoError(t, client.SendMail("pbem@example.org", []string{"bob@example.org"}, strings.NewReader(smtpMail)))
	assert.Len(t, c.all(), 2)
}

func TestSMTPDownRefusesWith421(t *testing.T) {
	var c smtpCollector
	srv := startSMTP(t, "", "", c.deliver)
	srv.SetDown(true)
	client := dialSMTP(t, srv.Addr)
	err := client.SendMail("pbem@example.org", []string{"alice@example.org"}, strings.NewReader(smtpMail))
	require.Error(t, err)
	assert.Equal(t, 421, smtpCode(t, err))
	assert.True(t, err.(*smtp.SMTPError).Temporary())
	assert.Empty(t, c.all())

	srv.SetDown(false)
	require.NoError(t, client.Reset())
	require.NoError(t, client.SendMail("pbem@example.org", []string{"alice@example.org"}, strings.NewReader(smtpMail)))
	assert.Len(t, c.all(), 1)
}

func TestSMTPDeliverErrorRefusesTheMail(t *testing.T) {
	srv := startSMTP(t, "", "", func(d loopback.Delivery) error {
		if d.To[0] == "nobody@example.org" {
			return &smtp.SMTPError{Code: 550, EnhancedCode: smtp.EnhancedCode{5, 1, 1}, Message: "No such user"}
		}
		return errors.New("disk full")
	})
	client := dialSMTP(t, srv.Addr)
	err := client.SendMail("pbem@example.org", []string{"nobody@example.org"}, strings.NewReader(smtpMail))
	assert.Equal(t, 550, smtpCode(t, err), "an SMTP reply passes as is")
	err = client.SendMail("pbem@example.org", []string{"alice@example.org"}, strings.NewReader(smtpMail))
	assert.Equal(t, 554, smtpCode(t, err), "any other error is a permanent failure")
}

// A refused recipient is refused at RCPT, in the relay's words, before
// any DATA; the others go on, and nil accepts everyone again.
func TestSMTPRefuseRecipients(t *testing.T) {
	var c smtpCollector
	srv := startSMTP(t, "", "", c.deliver)
	srv.RefuseRecipients(func(to string) error {
		switch to {
		case "nobody@example.org":
			return &smtp.SMTPError{Code: 550, EnhancedCode: smtp.EnhancedCode{5, 1, 1}, Message: "No such user"}
		case "busy@example.org":
			return errors.New("try later")
		}
		return nil
	})
	client := dialSMTP(t, srv.Addr)
	require.NoError(t, client.Mail("pbem@example.org", nil))
	err := client.Rcpt("nobody@example.org", nil)
	assert.Equal(t, 550, smtpCode(t, err), "an SMTP reply passes as is")
	assert.Equal(t, smtp.EnhancedCode{5, 1, 1}, err.(*smtp.SMTPError).EnhancedCode)
	assert.Equal(t, 451, smtpCode(t, client.Rcpt("busy@example.org", nil)), "any other error is a passing failure")
	require.NoError(t, client.Reset())
	require.NoError(t, client.SendMail("pbem@example.org", []string{"alice@example.org"}, strings.NewReader(smtpMail)))

	srv.RefuseRecipients(nil)
	require.NoError(t, client.SendMail("pbem@example.org", []string{"nobody@example.org"}, strings.NewReader(smtpMail)))
	got := c.all()
	require.Len(t, got, 2)
	assert.Equal(t, []string{"alice@example.org"}, got[0].To)
	assert.Equal(t, []string{"nobody@example.org"}, got[1].To)
}

func TestSMTPConcurrentClients(t *testing.T) {
	var c smtpCollector
	srv := startSMTP(t, "", "", c.deliver)
	var wg sync.WaitGroup
	errs := make(chan error, 40)
	for i := range 8 {
		wg.Go(func() {
			client, err := smtp.Dial(srv.Addr)
			if err != nil {
				errs <- err
				return
			}
			defer client.Close()
			for j := range 5 {
				to := fmt.Sprintf("p%d-%d@example.org", i, j)
				if err := client.SendMail("pbem@example.org", []string{to}, strings.NewReader(smtpMail)); err != nil {
					errs <- err
				}
			}
		})
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		t.Error(err)
	}
	assert.Len(t, c.all(), 40)
}

func TestSMTPCloseStopsIt(t *testing.T) {
	srv, err := loopback.StartSMTP("", "", nil)
	require.NoError(t, err)
	client := dialSMTP(t, srv.Addr)
	require.NoError(t, client.SendMail("pbem@example.org", []string{"alice@example.org"}, strings.NewReader(smtpMail)), "nil deliver accepts")

	require.NoError(t, srv.Close())
	assert.NoError(t, srv.Close(), "a second Close does nothing")
	_, err = smtp.Dial(srv.Addr)
	assert.Error(t, err, "nothing listens any more")
	assert.Error(t, client.Noop(), "connections are dropped")
}
