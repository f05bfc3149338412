package loopback_test

import (
	"errors"
	"testing"

	"github.com/emersion/go-imap/v2"
	"github.com/emersion/go-imap/v2/imapclient"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"pbem/mailer/loopback"
)

func TestIMAPHideTakesCapabilitiesOut(t *testing.T) {
	srv := start(t, loopback.IMAPOptions{Hide: []imap.Cap{imap.CapIdle, imap.CapMove}})
	c, err := imapclient.DialInsecure(srv.Addr, nil)
	require.NoError(t, err)
	defer c.Close()
	require.NoError(t, c.WaitGreeting())
	assert.False(t, c.Caps().Has(imap.CapIdle), "before login")
	require.NoError(t, c.Login("pbem", "secret").Wait())
	caps, err := c.Capability().Wait()
	require.NoError(t, err)
	assert.False(t, caps.Has(imap.CapIdle))
	assert.False(t, caps.Has(imap.CapMove))
	assert.True(t, caps.Has(imap.CapUIDPlus), "the others stay")
	require.NoError(t, c.Noop().Wait(), "the connection still works")
}

func TestIMAPFolderPrefixPlaysCourier(t *testing.T) {
	srv := start(t, loopback.IMAPOptions{FolderPrefix: "INBOX/"})
	c := login(t, srv, nil)
	ns, err := c.Namespace().Wait()
	require.NoError(t, err)
	require.Len(t, ns.Personal, 1)
	assert.Equal(t, "INBOX/", ns.Personal[0].Prefix)
	assert.Equal(t, '/', ns.Personal[0].Delim)

	err = c.Create("pbem/processed", nil).Wait()
	var ie *imap.Error
	require.True(t, errors.As(err, &ie), "%v", err)
	assert.Equal(t, imap.StatusResponseTypeNo, ie.Type)
	assert.Equal(t, "Invalid mailbox name.", ie.Text)
	require.NoError(t, c.Create("INBOX/pbem/processed", nil).Wait())
}
