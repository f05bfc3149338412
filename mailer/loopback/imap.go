package loopback

import (
	"bytes"
	"crypto/tls"
	"errors"
	"fmt"
	"io"
	"log"
	"net"
	"strings"
	"sync"
	"time"

	"github.com/emersion/go-imap/v2"
	"github.com/emersion/go-imap/v2/imapserver"
	"github.com/emersion/go-imap/v2/imapserver/imapmemserver"
)

// IMAPServer is go-imap's in-memory IMAP server on a loopback port, with
// one user. The mail lives in memory apart from the listener, so the server
// can be stopped and resumed on the same address with its mail intact: how
// tests play a mail server going away.
type IMAPServer struct {
	Addr string // host:port to dial, without TLS

	user *imapmemserver.User
	opts imapserver.Options
	hide []imap.Cap
	tls  *tls.Config

	mu  sync.Mutex
	srv *imapserver.Server // nil while stopped
}

// IMAPOptions tunes the server to play another server's behaviour.
type IMAPOptions struct {
	// Caps are the extensions offered besides IMAP4rev1 (and IDLE, which
	// go-imap always offers); nil means Dovecot's that matter to pbem:
	// MOVE, UIDPLUS and NAMESPACE. An empty, non-nil slice offers none, as
	// an old server would.
	Caps []imap.Cap

	// Hide takes these capabilities out of every CAPABILITY the server
	// sends, IDLE included, which go-imap offers whatever Caps says: how
	// tests play a server without IDLE.
	Hide []imap.Cap

	// FolderPrefix plays Courier: the personal namespace is this prefix
	// (such as "INBOX/"), and CREATE refuses any other name with "NO
	// Invalid mailbox name".
	FolderPrefix string

	// TLS, when set, makes the server speak TLS from the first byte with
	// this configuration (its certificate), as port 993 does.
	TLS *tls.Config
}

// StartIMAP listens on 127.0.0.1:0 with one user (user, password) whose
// INBOX exists, offering what Dovecot offers. Plain-text LOGIN is allowed:
// there is no TLS on loopback. Close stops it.
func StartIMAP(user, password string) (*IMAPServer, error) {
	return StartIMAPWith(user, password, IMAPOptions{})
}

// StartIMAPWith is StartIMAP with options.
func StartIMAPWith(user, password string, o IMAPOptions) (*IMAPServer, error) {
	u := imapmemserver.NewUser(user, password)
	if err := u.Create("INBOX", nil); err != nil { // NewUser has no mailbox at all
		return nil, fmt.Errorf("loopback imap: create INBOX: %w", err)
	}
	caps := imap.CapSet{imap.CapIMAP4rev1: {}}
	extra := o.Caps
	if extra == nil {
		extra = []imap.Cap{imap.CapMove, imap.CapUIDPlus, imap.CapNamespace}
	}
	for _, c := range extra {
		caps[c] = struct{}{}
	}
	s := &IMAPServer{
		Addr: "127.0.0.1:0",
		user: u,
		hide: o.Hide,
		tls:  o.TLS,
		opts: imapserver.Options{
			NewSession: func(*imapserver.Conn) (imapserver.Session, *imapserver.GreetingData, error) {
				return &memSession{user: u, prefix: o.FolderPrefix}, nil, nil
			},
			Caps:         caps,
			InsecureAuth: true,
			// Clients dropping connections is what tests do on purpose.
			Logger: log.New(io.Discard, "", 0),
		},
	}
	if err := s.Resume(); err != nil {
		return nil, err
	}
	return s, nil
}

// Resume listens again on Addr after Stop, with the mail as it was.
func (s *IMAPServer) Resume() error {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.srv != nil {
		return nil
	}
	ln, err := net.Listen("tcp", s.Addr)
	if err != nil {
		return fmt.Errorf("loopback imap: listen on %s: %w", s.Addr, err)
	}
	s.Addr = ln.Addr().String()
	if len(s.hide) > 0 {
		ln = &hidingListener{ln, s.hide}
	}
	if s.tls != nil {
		ln = tls.NewListener(ln, s.tls)
	}
	srv := imapserver.New(&s.opts)
	go srv.Serve(ln)
	s.srv = srv
	return nil
}

// Stop closes the listener and every connection, as a server going down
// would; the mail stays, and Append and Count still work.
func (s *IMAPServer) Stop() error {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.srv == nil {
		return nil
	}
	err := s.srv.Close()
	s.srv = nil
	if err != nil {
		return fmt.Errorf("loopback imap: stop: %w", err)
	}
	return nil
}

// Close stops the server for good.
func (s *IMAPServer) Close() error {
	return s.Stop()
}

// Append delivers raw into the user's mailbox (INBOX when mailbox is ""),
// as an MTA would: connected clients in IDLE hear of it.
func (s *IMAPServer) Append(mailbox string, raw []byte) error {
	mailbox = orInbox(mailbox)
	_, err := s.user.Append(mailbox, literal{bytes.NewReader(raw)}, &imap.AppendOptions{})
	if err != nil {
		return fmt.Errorf("loopback imap: append to %s: %w", mailbox, err)
	}
	return nil
}

// Count is how many mails the mailbox holds.
func (s *IMAPServer) Count(mailbox string) (int, error) {
	st, err := s.status(mailbox, &imap.StatusOptions{NumMessages: true})
	if err != nil {
		return 0, err
	}
	return int(*st.NumMessages), nil
}

// UIDValidity is the mailbox's UIDVALIDITY, which a client keeps with the
// UIDs it has seen.
func (s *IMAPServer) UIDValidity(mailbox string) (uint32, error) {
	st, err := s.status(mailbox, &imap.StatusOptions{UIDValidity: true})
	if err != nil {
		return 0, err
	}
	return st.UIDValidity, nil
}

// ResetMailbox deletes and recreates the mailbox, empty and with a new
// UIDVALIDITY, as a server rebuilding its index would: UIDs start again
// from 1 and name other mails than before. Clients that have it selected
// keep the old one until they select it again.
func (s *IMAPServer) ResetMailbox(mailbox string) error {
	mailbox = orInbox(mailbox)
	var ie *imap.Error
	if err := s.user.Delete(mailbox); err != nil && !(errors.As(err, &ie) && ie.Code == imap.ResponseCodeNonExistent) {
		return fmt.Errorf("loopback imap: delete %s: %w", mailbox, err)
	}
	if err := s.user.Create(mailbox, nil); err != nil {
		return fmt.Errorf("loopback imap: create %s: %w", mailbox, err)
	}
	return nil
}

func (s *IMAPServer) status(mailbox string, opts *imap.StatusOptions) (*imap.StatusData, error) {
	mailbox = orInbox(mailbox)
	st, err := s.user.Status(mailbox, opts)
	if err != nil {
		return nil, fmt.Errorf("loopback imap: status of %s: %w", mailbox, err)
	}
	return st, nil
}

func orInbox(mailbox string) string {
	if mailbox == "" {
		return "INBOX"
	}
	return mailbox
}

// literal is raw mail as go-imap's backend reads an APPEND.
type literal struct{ *bytes.Reader }

func (l literal) Size() int64 { return l.Reader.Size() }

// idlePoll is how often IDLE looks for changes.
const idlePoll = 10 * time.Millisecond

// memSession is the in-memory server's session for its one user.
type memSession struct {
	*imapmemserver.UserSession // nil until LOGIN succeeds
	user                       *imapmemserver.User
	prefix                     string // IMAPOptions.FolderPrefix
}

var _ imapserver.SessionIMAP4rev2 = (*memSession)(nil)

func (s *memSession) Login(username, password string) error {
	if err := s.user.Login(username, password); err != nil {
		return err
	}
	s.UserSession = imapmemserver.NewUserSession(s.user)
	return nil
}

// Idle reports changes by polling. go-imap's own IDLE reports only the
// changes made after it began: a mail delivered between a client's last
// command and its IDLE would wait for the next change. Dovecot looks at the
// mailbox as IDLE begins, and so does this.
func (s *memSession) Idle(w *imapserver.UpdateWriter, stop <-chan struct{}) error {
	t := time.NewTicker(idlePoll)
	defer t.Stop()
	for {
		if err := s.UserSession.Poll(w, true); err != nil {
			return err
		}
		select {
		case <-stop:
			return nil
		case <-t.C:
		}
	}
}

// Namespace is the personal namespace: IMAPOptions.FolderPrefix, with the
// in-memory server's delimiter.
func (s *memSession) Namespace() (*imap.NamespaceData, error) {
	data, err := s.UserSession.Namespace()
	if err != nil || s.prefix == "" {
		return data, err
	}
	data.Personal[0].Prefix = s.prefix
	return data, nil
}

// Create refuses, as Courier does, a name outside the FolderPrefix.
func (s *memSession) Create(name string, options *imap.CreateOptions) error {
	if s.prefix != "" && !strings.HasPrefix(name, s.prefix) {
		return &imap.Error{Type: imap.StatusResponseTypeNo, Text: "Invalid mailbox name."}
	}
	return s.UserSession.Create(name, options)
}
