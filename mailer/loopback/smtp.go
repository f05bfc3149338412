package loopback

import (
	"errors"
	"fmt"
	"io"
	"log"
	"net"
	"sync"
	"sync/atomic"
	"time"

	"github.com/emersion/go-sasl"
	"github.com/emersion/go-smtp"
)

// Delivery is one mail the SMTP server accepted: its envelope and its bytes
// exactly as they came after DATA.
type Delivery struct {
	From string
	To   []string
	Raw  []byte
}

// SMTPServer is a go-smtp server on 127.0.0.1 that hands every mail to Go
// code instead of delivering it: the demo prints the mails, the tests look
// at them. It speaks plain SMTP only, which mailer.Endpoint allows on
// loopback alone.
type SMTPServer struct {
	Addr string // host:port it listens on

	srv     *smtp.Server
	l       net.Listener
	user    string
	pass    string
	deliver func(Delivery) error
	down    atomic.Bool
	rcpt    atomic.Pointer[func(to string) error] // RefuseRecipients'
	served  chan struct{}                         // closed when Serve returns
	closing sync.Once
}

// errDown is the answer to MAIL while the server plays an outage: 421, a
// temporary failure that says the service is closing.
var errDown = &smtp.SMTPError{
	Code:         421,
	EnhancedCode: smtp.EnhancedCode{4, 3, 2},
	Message:      "Service not available, try again later",
}

// StartSMTP listens on 127.0.0.1:0 and calls deliver for each mail accepted,
// from the server's goroutine for that connection: deliver must be safe for
// concurrent use. An error from deliver refuses the mail (an
// *smtp.SMTPError, unwrapped, is passed on as is; any other error is a
// 554); a nil deliver accepts and drops every mail. When user
// is not empty, AUTH PLAIN with user and password is required before MAIL;
// it is offered over plain text (AllowInsecureAuth), since this is loopback.
func StartSMTP(user, password string, deliver func(Delivery) error) (*SMTPServer, error) {
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return nil, fmt.Errorf("loopback smtp: %w", err)
	}
	if deliver == nil {
		deliver = func(Delivery) error { return nil }
	}
	s := &SMTPServer{Addr: l.Addr().String(), l: l, user: user, pass: password, deliver: deliver, served: make(chan struct{})}
	s.srv = smtp.NewServer(smtp.BackendFunc(s.newSession))
	s.srv.Domain = "localhost"
	s.srv.AllowInsecureAuth = true
	s.srv.MaxMessageBytes = 32 << 20
	s.srv.MaxRecipients = 100
	s.srv.ReadTimeout = time.Minute
	s.srv.WriteTimeout = time.Minute
	s.srv.ErrorLog = log.New(io.Discard, "", 0) // clients hanging up are not news here
	go func() {
		defer close(s.served)
		s.srv.Serve(l)
	}()
	return s, nil
}

// Close stops listening, drops the connections under way and waits for
// the server to stop. A second Close does nothing.
func (s *SMTPServer) Close() error {
	var err error
	s.closing.Do(func() {
		err = s.srv.Close()
		// The server closes only the listeners Serve has seen: close this
		// one too, in case Serve has not started yet.
		s.l.Close()
		<-s.served
	})
	if err != nil && !errors.Is(err, smtp.ErrServerClosed) {
		return fmt.Errorf("loopback smtp: close: %w", err)
	}
	return nil
}

// SetDown makes the server refuse every new mail with a 421 (temporary)
// until SetDown(false): an SMTP outage, for tests of the sender's retries.
// Connections still open and AUTH still works, as with a real server
// whose queue is full or whose disk is.
func (s *SMTPServer) SetDown(down bool) { s.down.Store(down) }

// RefuseRecipients makes the server answer each RCPT TO with what refuse
// says of its address: nil accepts it, an *smtp.SMTPError is the reply (a
// 550 5.1.1 for an address that does not exist, a 450 for a mailbox that
// is busy; any other error is a 451). refuse is called from the
// connection's goroutine, so it must be safe for concurrent use; nil
// accepts every address again, as at the start.
func (s *SMTPServer) RefuseRecipients(refuse func(to string) error) {
	if refuse == nil {
		s.rcpt.Store(nil)
		return
	}
	s.rcpt.Store(&refuse)
}

func (s *SMTPServer) newSession(*smtp.Conn) (smtp.Session, error) {
	return &session{server: s, authed: s.user == ""}, nil
}

// session is one SMTP connection's mail transaction.
type session struct {
	server *SMTPServer
	authed bool
	from   string
	to     []string
}

func (ss *session) AuthMechanisms() []string {
	if ss.server.user == "" {
		return nil
	}
	return []string{sasl.Plain}
}

func (ss *session) Auth(mech string) (sasl.Server, error) {
	if ss.server.user == "" || mech != sasl.Plain {
		return nil, smtp.ErrAuthUnknownMechanism
	}
	return sasl.NewPlainServer(func(identity, username, password string) error {
		if username != ss.server.user || password != ss.server.pass || (identity != "" && identity != username) {
			return smtp.ErrAuthFailed
		}
		ss.authed = true
		return nil
	}), nil
}

func (ss *session) Mail(from string, _ *smtp.MailOptions) error {
	if !ss.authed {
		return smtp.ErrAuthRequired
	}
	if ss.server.down.Load() {
		return errDown
	}
	ss.from = from
	return nil
}

func (ss *session) Rcpt(to string, _ *smtp.RcptOptions) error {
	if refuse := ss.server.rcpt.Load(); refuse != nil {
		if err := (*refuse)(to); err != nil {
			return err
		}
	}
	ss.to = append(ss.to, to)
	return nil
}

func (ss *session) Data(r io.Reader) error {
	raw, err := io.ReadAll(r)
	if err != nil {
		return err
	}
	return ss.server.deliver(Delivery{From: ss.from, To: ss.to, Raw: raw})
}

func (ss *session) Reset() {
	ss.from = ""
	ss.to = nil
}

func (ss *session) Logout() error { return nil }
