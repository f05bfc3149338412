package loopback_test

import (
	"testing"
	"time"

	"github.com/emersion/go-imap/v2"
	"github.com/emersion/go-imap/v2/imapclient"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"pbem/mailer/loopback"
)

const sample = "From: a@example.org\r\nSubject: hi\r\nMessage-ID: <1@example.org>\r\n\r\nhello\r\n"

func start(t *testing.T, opts loopback.IMAPOptions) *loopback.IMAPServer {
	t.Helper()
	srv, err := loopback.StartIMAPWith("pbem", "secret", opts)
	require.NoError(t, err)
	t.Cleanup(func() { srv.Close() })
	return srv
}

// login connects a client to srv; unilateral receives its updates.
func login(t *testing.T, srv *loopback.IMAPServer, unilateral *imapclient.UnilateralDataHandler) *imapclient.Client {
	t.Helper()
	c, err := imapclient.DialInsecure(srv.Addr, &imapclient.Options{UnilateralDataHandler: unilateral})
	require.NoError(t, err)
	t.Cleanup(func() { c.Close() })
	require.NoError(t, c.Login("pbem", "secret").Wait())
	return c
}

func TestIMAPServerServesItsUser(t *testing.T) {
	srv, err := loopback.StartIMAP("pbem", "secret")
	require.NoError(t, err)
	defer srv.Close()
	require.NoError(t, srv.Append("", []byte(sample)))
	n, err := srv.Count("INBOX")
	require.NoError(t, err)
	assert.Equal(t, 1, n)

	c := login(t, srv, nil)
	caps := c.Caps()
	for _, cp := range []imap.Cap{imap.CapIMAP4rev1, imap.CapIdle, imap.CapMove, imap.CapUIDPlus} {
		assert.True(t, caps.Has(cp), "offers %s", cp)
	}
	data, err := c.Select("INBOX", nil).Wait()
	require.NoError(t, err)
	assert.EqualValues(t, 1, data.NumMessages)
	validity, err := srv.UIDValidity("")
	require.NoError(t, err)
	assert.Equal(t, data.UIDValidity, validity)

	section := &imap.FetchItemBodySection{Peek: true}
	msgs, err := c.Fetch(imap.UIDSetNum(1), &imap.FetchOptions{BodySection: []*imap.FetchItemBodySection{section}}).Collect()
	require.NoError(t, err)
	require.Len(t, msgs, 1)
	assert.Equal(t, sample, string(msgs[0].FindBodySection(section)))
}

func TestIMAPServerRefusesAWrongPassword(t *testing.T) {
	srv := start(t, loopback.IMAPOptions{})
	c, err := imapclient.DialInsecure(srv.Addr, nil)
	require.NoError(t, err)
	defer c.Close()
	var ie *imap.Error
	require.ErrorAs(t, c.Login("pbem", "wrong").Wait(), &ie)
	assert.Equal(t, imap.ResponseCodeAuthenticationFailed, ie.Code)
}

func TestIMAPServerAppendOutsideTheInbox(t *testing.T) {
	srv := start(t, loopback.IMAPOptions{})
	require.Error(t, srv.Append("missing", []byte(sample)), "no such mailbox")
	_, err := srv.Count("missing")
	require.Error(t, err)
}

// A mail delivered just before a client starts IDLE is reported in IDLE:
// go-imap's own IDLE would wait for the next change.
func TestIMAPServerIdleReportsEarlierDeliveries(t *testing.T) {
	srv := start(t, loopback.IMAPOptions{})
	exists := make(chan uint32, 8)
	c := login(t, srv, &imapclient.UnilateralDataHandler{
		Mailbox: func(d *imapclient.UnilateralDataMailbox) {
			if d.NumMessages != nil {
				exists <- *d.NumMessages
			}
		},
	})
	_, err := c.Select("INBOX", nil).Wait()
	require.NoError(t, err)

	require.NoError(t, srv.Append("", []byte(sample)))
	idle, err := c.Idle()
	require.NoError(t, err)
	select {
	case n := <-exists:
		assert.EqualValues(t, 1, n)
	case <-time.After(5 * time.Second):
		t.Fatal("no EXISTS for a mail delivered before IDLE")
	}
	require.NoError(t, srv.Append("", []byte(sample)))
	select {
	case n := <-exists:
		assert.EqualValues(t, 2, n)
	case <-time.After(5 * time.Second):
		t.Fatal("no EXISTS for a mail delivered during IDLE")
	}
	require.NoError(t, idle.Close())
	require.NoError(t, idle.Wait())
}

func TestIMAPServerStopsAndResumesWithItsMail(t *testing.T) {
	srv := start(t, loopback.IMAPOptions{})
	addr := srv.Addr
	c := login(t, srv, nil)

	require.NoError(t, srv.Stop())
	select {
	case <-c.Closed():
	case <-time.After(5 * time.Second):
		t.Fatal("the connection outlived the server")
	}
	_, err := imapclient.DialInsecure(addr, nil)
	require.Error(t, err, "nobody listens while stopped")
	require.NoError(t, srv.Append("", []byte(sample)), "delivery goes on")

	require.NoError(t, srv.Resume())
	assert.Equal(t, addr, srv.Addr)
	c = login(t, srv, nil)
	data, err := c.Select("INBOX", nil).Wait()
	require.NoError(t, err)
	assert.EqualValues(t, 1, data.NumMessages)
}

func TestIMAPServerResetMailboxChangesUIDValidity(t *testing.T) {
	srv := start(t, loopback.IMAPOptions{})
	require.NoError(t, srv.Append("", []byte(sample)))
	before, err := srv.UIDValidity("")
	require.NoError(t, err)
	require.NoError(t, srv.ResetMailbox(""))
	after, err := srv.UIDValidity("")
	require.NoError(t, err)
	assert.NotEqual(t, before, after)
	n, err := srv.Count("")
	require.NoError(t, err)
	assert.Zero(t, n)
}

func TestIMAPServerCapsPlayAnOldServer(t *testing.T) {
	srv := start(t, loopback.IMAPOptions{Caps: []imap.Cap{}})
	caps := login(t, srv, nil).Caps()
	assert.True(t, caps.Has(imap.CapIMAP4rev1))
	assert.False(t, caps.Has(imap.CapMove))
	assert.False(t, caps.Has(imap.CapUIDPlus))
}
