package mailer

import (
	"errors"
	"fmt"
	"net"
	"testing"

	"github.com/emersion/go-imap/v2"
	"github.com/stretchr/testify/assert"
)

// Which answers stop the receiver (a setting to change) and which it
// waits out.
func TestIsRefusal(t *testing.T) {
	no := func(code imap.ResponseCode) error {
		return fmt.Errorf("imap: create mailbox x: %w", &imap.Error{Type: imap.StatusResponseTypeNo, Code: code, Text: "no"})
	}
	for _, tc := range []struct {
		err  error
		want bool
	}{
		{no(""), true}, // Courier's "NO Invalid mailbox name"
		{no(imap.ResponseCodeCannot), true},
		{no(imap.ResponseCodeNoPerm), true},
		{no(imap.ResponseCodeNonExistent), true},
		{&imap.Error{Type: imap.StatusResponseTypeBad, Text: "bad name"}, true},
		{no(imap.ResponseCodeUnavailable), false},
		{no(imap.ResponseCodeServerBug), false},
		{no(imap.ResponseCodeInUse), false},
		{no(imap.ResponseCodeLimit), false},
		{&net.OpError{Op: "read", Err: errors.New("connection reset by peer")}, false},
		{errConnClosed, false},
		{nil, false},
	} {
		assert.Equal(t, tc.want, isRefusal(tc.err), "%v", tc.err)
	}
}
