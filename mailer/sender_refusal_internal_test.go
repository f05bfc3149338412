package mailer

import (
	"errors"
	"fmt"
	"testing"

	"github.com/emersion/go-smtp"
	"github.com/stretchr/testify/assert"
)

// Which failures refuse a mail for good: a 5xx to RCPT or DATA, not one
// to MAIL (the server's own address), nor a 4xx or a network error.
func TestRefusal(t *testing.T) {
	unknown := &smtp.SMTPError{Code: 550, EnhancedCode: smtp.EnhancedCode{5, 1, 1}, Message: "No such user"}
	for _, tc := range []struct {
		name string
		err  error
		want Refusal
		ok   bool
	}{
		{"rcpt 550", unknown, Refusal{Code: 550, Status: "5.1.1", Reply: "550 5.1.1 No such user"}, true},
		{"wrapped", fmt.Errorf("send: %w", unknown), Refusal{Code: 550, Status: "5.1.1", Reply: "550 5.1.1 No such user"}, true},
		{"no enhanced code", &smtp.SMTPError{Code: 554, Message: "Transaction failed"}, Refusal{Code: 554, Reply: "554 Transaction failed"}, true},
		{"no words", &smtp.SMTPError{Code: 550}, Refusal{Code: 550, Reply: "550"}, true},
		{"mail from 553", mailFromError{&smtp.SMTPError{Code: 553, EnhancedCode: smtp.EnhancedCode{5, 1, 8}, Message: "Sender domain unknown"}}, Refusal{}, false},
		{"relay denied", &smtp.SMTPError{Code: 554, EnhancedCode: smtp.EnhancedCode{5, 7, 1}, Message: "Relay access denied"}, Refusal{}, false},
		{"450", &smtp.SMTPError{Code: 450, EnhancedCode: smtp.EnhancedCode{4, 2, 1}, Message: "Mailbox busy"}, Refusal{}, false},
		{"421", &smtp.SMTPError{Code: 421, Message: "closing"}, Refusal{}, false},
		{"network", errors.New("connection reset by peer"), Refusal{}, false},
	} {
		got, ok := refusal(tc.err)
		assert.Equal(t, tc.ok, ok, tc.name)
		assert.Equal(t, tc.want, got, tc.name)
	}
	assert.True(t, smtpClosing(mailFromError{&smtp.SMTPError{Code: 421}}), "a 421 to MAIL still ends the session")
}
