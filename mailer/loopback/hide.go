package loopback

import (
	"bytes"
	"net"
	"slices"
	"strings"

	"github.com/emersion/go-imap/v2"
)

// hidingListener hands out connections whose CAPABILITY lists lack the
// hidden capabilities. go-imap's server always offers IDLE; an old server
// does not, and a client must be seen to cope.
type hidingListener struct {
	net.Listener
	hide []imap.Cap
}

func (l *hidingListener) Accept() (net.Conn, error) {
	c, err := l.Listener.Accept()
	if err != nil {
		return nil, err
	}
	return hidingConn{c, l.hide}, nil
}

// hidingConn rewrites the server's CAPABILITY lines ("* CAPABILITY …" and
// "[CAPABILITY …]" codes) as they are written. The server writes each
// response whole, so a line is never split between two writes.
type hidingConn struct {
	net.Conn
	hide []imap.Cap
}

func (c hidingConn) Write(p []byte) (int, error) {
	if !bytes.Contains(p, []byte("CAPABILITY ")) {
		return c.Conn.Write(p)
	}
	lines := bytes.SplitAfter(p, []byte("\n"))
	for i, line := range lines {
		if bytes.HasPrefix(line, []byte("* CAPABILITY ")) || bytes.Contains(line, []byte("[CAPABILITY ")) {
			lines[i] = c.filter(line)
		}
	}
	if _, err := c.Conn.Write(bytes.Join(lines, nil)); err != nil {
		return 0, err
	}
	return len(p), nil
}

// filter drops the hidden atoms from one line.
func (c hidingConn) filter(line []byte) []byte {
	words := strings.Split(string(line), " ")
	out := words[:0]
	for _, w := range words {
		atom := strings.TrimRight(w, "]\r\n")
		if slices.ContainsFunc(c.hide, func(h imap.Cap) bool { return strings.EqualFold(atom, string(h)) }) {
			if rest := w[len(atom):]; rest != "" && len(out) > 0 {
				out[len(out)-1] += rest // keep a closing "]" or the CRLF
			}
			continue
		}
		out = append(out, w)
	}
	return []byte(strings.Join(out, " "))
}
