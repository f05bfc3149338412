package parser

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestAutomatic(t *testing.T) {
	cases := []struct {
		name, header, want string
	}{
		{"human", "From: a@example.org\n", ""},
		{"Auto-Submitted no", "From: a@example.org\nAuto-Submitted: no\n", ""},
		{"Auto-Submitted No with a comment", "From: a@example.org\nAuto-Submitted: No (a person)\n", ""},
		{"Auto-Submitted auto-replied", "From: a@example.org\nAuto-Submitted: auto-replied\n", "Auto-Submitted: auto-replied"},
		{"Auto-Submitted with parameters", "From: a@example.org\nAuto-Submitted: Auto-Generated; owner-email=x@y\n", "Auto-Submitted: auto-generated"},
		{"Auto-Submitted empty", "From: a@example.org\nAuto-Submitted:\n", "Auto-Submitted: "},
		{"X-Autoreply", "From: a@example.org\nX-Autoreply: yes\n", "X-Autoreply header"},
		{"X-Autorespond", "From: a@example.org\nX-Autorespond: whatever\n", "X-Autorespond header"},
		{"X-Auto-Response-Suppress is not automatic", "From: a@example.org\nX-Auto-Response-Suppress: All\n", ""},
		{"Precedence bulk", "From: a@example.org\nPrecedence: bulk\n", "Precedence: bulk"},
		{"Precedence junk", "From: a@example.org\nPrecedence: Junk\n", "Precedence: junk"},
		{"Precedence list", "From: a@example.org\nPrecedence: list\n", "Precedence: list"},
		{"Precedence first-class", "From: a@example.org\nPrecedence: first-class\n", ""},
		{"empty return path", "Return-Path: <>\nFrom: a@example.org\n", "empty return path"},
		{"empty return path, spaced", "Return-Path: < >\nFrom: a@example.org\n", "empty return path"},
		{"return path", "Return-Path: <a@example.org>\nFrom: a@example.org\n", ""},
		{"mailer-daemon", "From: Mail Delivery System <MAILER-DAEMON@mx.example.org>\n", "sender is mailer-daemon"},
		{"postmaster", "From: PostMaster@example.org\n", "sender is postmaster"},
		{"bare MAILER-DAEMON", "From: MAILER-DAEMON (Mail Delivery System)\n", "sender is mailer-daemon"},
		{"daemon in the name only", "From: \"postmaster\" <alice@example.org>\n", ""},
		{"delivery report", "From: a@example.org\nContent-Type: multipart/report; report-type=delivery-status; boundary=x\n", "delivery report (multipart/report)"},
		{"List-Id", "From: a@example.org\nList-Id: <games.lists.example.org>\n", "mailing list (List-Id)"},
		{"List-Unsubscribe", "From: a@example.org\nList-Unsubscribe: <mailto:leave@lists.example.org>\n", "mailing list (List-Unsubscribe)"},
		{"long value clipped", "From: a@example.org\nAuto-Submitted: auto-generated-by-a-very-long-and-chatty-responder-name\n", "Auto-Submitted: auto-generated-by-a-very-long-and-chatty…"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			m, err := ReadMail([]byte(c.header + "\npass\n"))
			require.NoError(t, err)
			assert.Equal(t, c.want, m.Automatic)
		})
	}
}

// TestAutomaticNestedReport: a delivery report anywhere in the mail makes
// it a bounce, after the text part too.
func TestAutomaticNestedReport(t *testing.T) {
	raw := "From: a@example.org\nContent-Type: multipart/mixed; boundary=outer\n\n" +
		"--outer\nContent-Type: text/plain\n\nYour message could not be delivered.\n" +
		"--outer\nContent-Type: multipart/report; report-type=delivery-status; boundary=inner\n\n" +
		"--inner\nContent-Type: text/plain\n\nH8 right 34251\n" +
		"--inner\nContent-Type: message/delivery-status\n\nReporting-MTA: dns; mx.example.org\n" +
		"--inner--\n--outer--\n"
	m, err := ReadMail([]byte(raw))
	require.NoError(t, err)
	assert.Equal(t, "delivery report (multipart/report inside the mail)", m.Automatic)
	assert.Equal(t, "Your message could not be delivered.", m.Text)
}
