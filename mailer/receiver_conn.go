package mailer

import (
	"context"
	"crypto/tls"
	"errors"
	"fmt"
	"net"
	"slices"
	"time"

	"github.com/emersion/go-imap/v2"
	"github.com/emersion/go-imap/v2/imapclient"
)

const (
	dialTimeout   = 30 * time.Second
	logoutTimeout = 2 * time.Second
)

// session is one logged-in IMAP connection with the mailbox selected.
type session struct {
	r           *Receiver
	c           *imapclient.Client
	stop        func() bool   // stops closing c when the context is done
	newMail     chan struct{} // an EXISTS arrived; buffered, never blocks the reader
	key         string        // the progress's key in the store
	processed   string        // the server's names of the target mailboxes
	rejected    string
	uidValidity uint32
	canIdle     bool
}

// connect dials, logs in, makes sure the target mailboxes exist and selects
// the mailbox. Closing the context closes the connection, which unblocks
// any command in flight: imapclient commands take no context.
func (r *Receiver) connect(ctx context.Context) (*session, error) {
	s := &session{r: r, newMail: make(chan struct{}, 1)}
	opts := &imapclient.Options{
		UnilateralDataHandler: &imapclient.UnilateralDataHandler{
			// Runs on the client's reader goroutine: a command sent from
			// here would deadlock, so it only signals.
			Mailbox: func(d *imapclient.UnilateralDataMailbox) {
				if d.NumMessages != nil {
					select {
					case s.newMail <- struct{}{}:
					default:
					}
				}
			},
		},
	}
	c, err := r.dial(ctx, opts)
	if err != nil {
		return nil, fmt.Errorf("imap: connect to %s: %w", r.Endpoint.Addr, err)
	}
	s.c = c
	s.stop = context.AfterFunc(ctx, func() { c.Close() })
	if err := s.open(); err != nil {
		s.close()
		return nil, err
	}
	return s, nil
}

// dial opens the connection in the Endpoint's TLS mode. It dials itself
// (rather than imapclient.DialTLS and friends) so that the context bounds
// the TCP and TLS handshakes too.
func (r *Receiver) dial(ctx context.Context, opts *imapclient.Options) (*imapclient.Client, error) {
	host, _, err := net.SplitHostPort(r.Endpoint.Addr)
	if err != nil {
		return nil, err
	}
	nd := &net.Dialer{Timeout: dialTimeout}
	switch r.Endpoint.Mode() {
	case TLS:
		td := &tls.Dialer{NetDialer: nd, Config: &tls.Config{ServerName: host, NextProtos: []string{"imap"}}}
		conn, err := td.DialContext(ctx, "tcp", r.Endpoint.Addr)
		if err != nil {
			return nil, err
		}
		return imapclient.New(conn, opts), nil
	case StartTLS:
		conn, err := nd.DialContext(ctx, "tcp", r.Endpoint.Addr)
		if err != nil {
			return nil, err
		}
		opts.TLSConfig = &tls.Config{ServerName: host}
		return imapclient.NewStartTLS(conn, opts)
	default:
		conn, err := nd.DialContext(ctx, "tcp", r.Endpoint.Addr)
		if err != nil {
			return nil, err
		}
		return imapclient.New(conn, opts), nil
	}
}

// open logs in and prepares the mailboxes.
func (s *session) open() error {
	r := s.r
	if err := s.c.Login(r.Endpoint.User, r.Endpoint.Password).Wait(); err != nil {
		return fmt.Errorf("imap: log in to %s as %s: %w", r.Endpoint.Addr, r.Endpoint.User, err)
	}
	ns, err := namespace(s.c)
	if err != nil {
		return err
	}
	names, created, err := makeFolders(s.c, ns, r.Processed, r.RejectedBox)
	for _, name := range created {
		r.Logger.Info("created mailbox", "name", name)
	}
	if err != nil {
		return err
	}
	s.processed, s.rejected = names[0], names[1]
	data, err := s.c.Select(r.Mailbox, nil).Wait()
	if isRefusal(err) {
		return &FolderError{Op: "select", Folder: r.Mailbox, Key: KeyMailbox, Default: "INBOX", Namespace: ns, Err: err}
	}
	if err != nil {
		return fmt.Errorf("imap: select %s: %w", r.Mailbox, err)
	}
	s.uidValidity = data.UIDValidity
	s.key = r.Endpoint.User + "@" + r.Endpoint.Addr + "/" + r.Mailbox
	caps := s.c.Caps()
	s.canIdle = !r.noIdle && (caps.Has(imap.CapIdle) || caps.Has(imap.CapIMAP4rev2))
	return nil
}

// ensureFolder creates the folder when it does not exist, and says whether
// it did. A server refusing to create it, or listing it as a folder that
// cannot hold mail, is a *FolderError (its Key and Default left to the
// caller).
func ensureFolder(c *imapclient.Client, name string) (created bool, err error) {
	list, err := c.List("", name, nil).Collect()
	if err != nil {
		return false, fmt.Errorf("imap: look for mailbox %s: %w", name, err)
	}
	for _, m := range list {
		if m.Mailbox != name || slices.Contains(m.Attrs, imap.MailboxAttrNonExistent) {
			continue
		}
		if slices.Contains(m.Attrs, imap.MailboxAttrNoSelect) {
			return false, &FolderError{Op: "select", Folder: name, Err: errors.New(`it is listed \Noselect, a folder that cannot hold mail`)}
		}
		return false, nil
	}
	err = c.Create(name, nil).Wait()
	var ie *imap.Error
	if errors.As(err, &ie) && ie.Code == imap.ResponseCodeAlreadyExists {
		return false, nil
	}
	if isRefusal(err) {
		return false, &FolderError{Op: "create", Folder: name, Err: err}
	}
	if err != nil {
		return false, fmt.Errorf("imap: create mailbox %s: %w", name, err)
	}
	return true, nil
}

// logout says goodbye politely, waiting a little at most: a dead server
// must not hold up a shutdown.
func (s *session) logout() {
	done := make(chan struct{})
	go func() {
		s.c.Logout().Wait()
		close(done)
	}()
	t := time.NewTimer(logoutTimeout)
	defer t.Stop()
	select {
	case <-done:
	case <-t.C:
	}
}

// close drops the connection.
func (s *session) close() {
	s.stop()
	s.c.Close()
}
