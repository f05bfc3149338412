package mailer_test

import (
	"context"
	"errors"
	"testing"
	"time"

	"github.com/emersion/go-imap/v2"
	"github.com/emersion/go-imap/v2/imapclient"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"pbem/mailer"
	"pbem/mailer/loopback"
)

func TestNamespaceFolder(t *testing.T) {
	courier := mailer.Namespace{Prefix: "INBOX.", Delim: '.'}
	dovecot := mailer.Namespace{Delim: '.'}
	gmail := mailer.Namespace{Delim: '/'}
	cyrus := mailer.Namespace{Prefix: "INBOX/", Delim: '/'}
	for _, tc := range []struct {
		ns         mailer.Namespace
		name, want string
	}{
		{courier, "pbem/processed", "INBOX.pbem.processed"},
		{courier, "INBOX.pbem.processed", "INBOX.pbem.processed"}, // the server's form, as written
		{courier, "inbox.pbem.done", "inbox.pbem.done"},           // INBOX is case-insensitive
		{courier, "INBOX/pbem/processed", "INBOX.pbem.processed"},
		{courier, "pbem.processed", "pbem.processed"}, // holds the delimiter: as written (and refused)
		{dovecot, "pbem/processed", "pbem.processed"},
		{dovecot, "pbem.processed", "pbem.processed"},
		{gmail, "pbem/processed", "pbem/processed"},
		{gmail, "[Gmail]/Trash", "[Gmail]/Trash"},
		{cyrus, "pbem/processed", "INBOX/pbem/processed"},
		{cyrus, "INBOX/pbem", "INBOX/pbem"},
		{mailer.Namespace{}, "pbem/processed", "pbem/processed"}, // flat
	} {
		assert.Equal(t, tc.want, tc.ns.Folder(tc.name), "%+v %q", tc.ns, tc.name)
	}
}

// A Courier-like server (every folder under a prefix): the default folders
// are made under it, found through NAMESPACE, or through LIST without it
// when the prefix is the delimiter's level only.
func TestReceiverFilesUnderTheServersNamespace(t *testing.T) {
	srv := startIMAP(t, loopback.IMAPOptions{FolderPrefix: "INBOX/"})
	st := openStore(t)
	appendMails(t, srv, 1, 2)
	h := &recorder{verdict: func(n int) (mailer.Verdict, error) {
		if n == 2 {
			return mailer.Rejected, nil
		}
		return mailer.Accepted, nil
	}}
	n, err := newReceiver(srv, st, h.handle).Once(context.Background())
	require.NoError(t, err)
	assert.Equal(t, 2, n)
	for box, want := range map[string]int{"INBOX": 0, "INBOX/pbem/processed": 1, "INBOX/pbem/rejected": 1} {
		got, err := srv.Count(box)
		require.NoError(t, err, box)
		assert.Equal(t, want, got, box)
	}
}

// A folder the server refuses to create stops Run at once with the
// server's words and the setting to change: no retry loop. Without
// NAMESPACE the receiver cannot know the prefix, and says where to look.
func TestRunStopsOnAFolderTheServerRefuses(t *testing.T) {
	srv := startIMAP(t, loopback.IMAPOptions{FolderPrefix: "INBOX/", Caps: []imap.Cap{}})
	r := newReceiver(srv, openStore(t), (&recorder{}).handle)
	ctx, cancel := context.WithTimeout(context.Background(), waitFor)
	defer cancel()
	start := time.Now()
	err := r.Run(ctx)
	require.Error(t, err)
	assert.Less(t, time.Since(start), time.Second, "no retries")
	var fe *mailer.FolderError
	require.True(t, errors.As(err, &fe), "%v", err)
	assert.Equal(t, "the IMAP server refused to create the folder pbem/processed: NO Invalid mailbox name. "+
		"Set imap.processed (PBEM_IMAP_PROCESSED) to a folder it accepts, such as INBOX/pbem/processed if its folders live under INBOX/", err.Error())

	// Named as the advice says, it works.
	r.Processed, r.RejectedBox = "INBOX/pbem/processed", "INBOX/pbem/rejected"
	appendMails(t, srv, 1, 1)
	n, err := r.Once(ctx)
	require.NoError(t, err)
	assert.Equal(t, 1, n)
	got, err := srv.Count("INBOX/pbem/processed")
	require.NoError(t, err)
	assert.Equal(t, 1, got)
}

func TestFolderErrorWords(t *testing.T) {
	courier := mailer.Namespace{Prefix: "INBOX.", Delim: '.'}
	refused := &imap.Error{Type: imap.StatusResponseTypeNo, Text: "Invalid mailbox name."}
	for _, tc := range []struct {
		err  *mailer.FolderError
		want string
	}{
		{&mailer.FolderError{Op: "create", Folder: "pbem.processed", Key: mailer.KeyProcessed, Default: mailer.DefaultProcessed, Namespace: courier, Err: refused},
			"the IMAP server refused to create the folder pbem.processed: NO Invalid mailbox name. Its folders live under INBOX.; " +
				"set imap.processed (PBEM_IMAP_PROCESSED) to a folder it accepts, such as INBOX.pbem.processed"},
		{&mailer.FolderError{Op: "select", Folder: "Inbox2", Key: mailer.KeyMailbox, Default: "INBOX", Namespace: mailer.Namespace{Delim: '/'},
			Err: &imap.Error{Type: imap.StatusResponseTypeNo, Code: imap.ResponseCodeNonExistent, Text: "No such mailbox"}},
			"the IMAP server refused to select the folder Inbox2: NO [NONEXISTENT] No such mailbox. " +
				"Set imap.mailbox (PBEM_IMAP_MAILBOX) to a folder it accepts, such as INBOX"},
	} {
		assert.Equal(t, tc.want, tc.err.Error())
	}
}

// An old server: no IDLE, MOVE, UIDPLUS nor NAMESPACE. The receiver polls,
// and moves by COPY, STORE \Deleted and EXPUNGE.
func TestRunOnAServerWithoutIdleMoveOrUIDPlus(t *testing.T) {
	srv := startIMAP(t, loopback.IMAPOptions{Caps: []imap.Cap{}, Hide: []imap.Cap{imap.CapIdle}})
	c, err := imapclient.DialInsecure(srv.Addr, nil)
	require.NoError(t, err)
	require.NoError(t, c.Login(imapUser, imapPassword).Wait())
	caps, err := c.Capability().Wait()
	require.NoError(t, err)
	c.Close()
	for _, hidden := range []imap.Cap{imap.CapIdle, imap.CapMove, imap.CapUIDPlus, imap.CapNamespace} {
		assert.False(t, caps.Has(hidden), "the server offers %s", hidden)
	}

	h := &recorder{}
	r := newReceiver(srv, openStore(t), h.handle)
	r.Poll = 50 * time.Millisecond
	runReceiver(t, r)
	appendMails(t, srv, 1, 2)
	require.Eventually(t, func() bool { return counts(srv) == [3]int{0, 2, 0} }, waitFor, tick)
	appendMails(t, srv, 3, 3)
	require.Eventually(t, func() bool { return counts(srv) == [3]int{0, 3, 0} }, waitFor, tick)
	assert.Equal(t, []int{1, 2, 3}, h.numbers())
}

// A mailbox that does not exist is a setting to fix, not an outage.
func TestRunStopsOnAMailboxTheServerCannotSelect(t *testing.T) {
	srv := startIMAP(t, loopback.IMAPOptions{})
	r := newReceiver(srv, openStore(t), (&recorder{}).handle)
	r.Mailbox = "Games"
	ctx, cancel := context.WithTimeout(context.Background(), waitFor)
	defer cancel()
	err := r.Run(ctx)
	var fe *mailer.FolderError
	require.True(t, errors.As(err, &fe), "%v", err)
	assert.Contains(t, err.Error(), "the IMAP server refused to select the folder Games: NO [NONEXISTENT]")
	assert.Contains(t, err.Error(), "Set imap.mailbox (PBEM_IMAP_MAILBOX) to a folder it accepts, such as INBOX")
}
