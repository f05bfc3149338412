package parser

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestReadBounce reads each bounce of testdata/dsn as the world's mail
// systems write them: the failed (or delayed) recipient, the status, the
// remote server's words and the IDs of the mail returned, best first.
func TestReadBounce(t *testing.T) {
	cases := []struct {
		file   string
		want   Bounce
		reason string
	}{
		{"exim.eml", Bounce{Failed: true, Status: "5.1.1", Recipient: "ann@example.net",
			Diagnostic: "550 5.1.1 <ann@example.net>: Recipient address rejected: User unknown in virtual mailbox table",
			IDs:        []string{"pbem.1.turn.0123456789abcdef@example.org", "pbem.1.abcdefghijklmnopqrst.thread@example.org"}},
			"5.1.1, the address does not exist: 550 5.1.1 <ann@example.net>: Recipient address rejected: User unknown in virtual mailbox table"},
		{"exim_unrouteable.eml", Bounce{Failed: true, Status: "5.0.0", Recipient: "ann@example.test",
			Diagnostic: "Unrouteable address",
			IDs:        []string{"pbem.1.2.0@example.test", "pbem.1.yptb7yyjgk65mshc5zqq.thread@example.test"}},
			"5.0.0, delivery failed: Unrouteable address"},
		{"postfix.eml", Bounce{Failed: true, Status: "5.2.2", Recipient: "bob@example.com",
			Diagnostic: "552 5.2.2 <bob@example.com>: Mailbox full",
			IDs:        []string{"pbem.2.bcdefghijklmnopqrstu.thread@example.org"}},
			"5.2.2, the mailbox is full: 552 5.2.2 <bob@example.com>: Mailbox full"},
		{"postfix_delayed.eml", Bounce{Failed: false, Status: "4.4.1", Recipient: "cyd@example.info",
			Diagnostic: "connect to mx.example.info[203.0.113.9]:25: Connection timed out",
			IDs:        []string{"pbem.3.turn.1111222233334444@example.org"}},
			"delayed, still being tried: 4.4.1, the receiving server does not answer: connect to mx.example.info[203.0.113.9]:25: Connection timed out"},
		{"gmail.eml", Bounce{Failed: true, Status: "5.1.1", Recipient: "dee.nosuchuser@gmail.com",
			Diagnostic: "550 5.1.1 The email account that you tried to reach does not exist. Please try double-checking the recipient's email address for typos or unnecessary spaces. For more information, go to https://support.google.com/mail/?p=NoSuchUser a1si1234567wrx.7 - gsmtp",
			IDs:        []string{"pbem.4.turn.5555666677778888@example.org", "pbem.4.defghijklmnopqrstuvw.thread@example.org"}},
			""},
		{"outlook.eml", Bounce{Failed: true, Status: "5.1.10", Recipient: "eve@contoso.example",
			Diagnostic: "550 5.1.10 RESOLVER.ADR.RecipientNotFound; Recipient not found by SMTP address lookup",
			IDs:        []string{"pbem.5.chat.9999aaaabbbbcccc@example.org", "pbem.5.efghijklmnopqrstuvwx.thread@example.org"}},
			"5.1.10, the address's domain takes no mail: 550 5.1.10 RESOLVER.ADR.RecipientNotFound; Recipient not found by SMTP address lookup"},
		{"qmail.eml", Bounce{Failed: true, Status: "5.7.1", Recipient: "fay@example.com",
			Diagnostic: "550 5.7.1 <fay@example.com>: Relay access denied",
			IDs:        []string{"pbem.6.turn.dddd0000eeee1111@example.org"}},
			"5.7.1, the receiving server refused it by policy: 550 5.7.1 <fay@example.com>: Relay access denied"},
	}
	for _, c := range cases {
		t.Run(c.file, func(t *testing.T) {
			raw, err := os.ReadFile(filepath.Join("testdata", "dsn", c.file))
			require.NoError(t, err)
			b, ok := ReadBounce(raw)
			require.True(t, ok, "not read as a bounce")
			assert.Equal(t, c.want, b)
			if c.reason != "" {
				assert.Equal(t, c.reason, b.Reason())
			}
			m, err := ReadMail(raw)
			require.NoError(t, err)
			assert.NotEmpty(t, m.Automatic, "a bounce is automatic mail")
		})
	}
}

// TestReadBounceNot: mail that is no bounce is not read as one, however
// much it looks like one: an out-of-office reply threaded to the server's
// mail, a report of success, a person's mail quoting a header, a bounce
// that names no mail.
func TestReadBounceNot(t *testing.T) {
	for _, file := range []string{"vacation.eml", "delivered.eml"} {
		raw, err := os.ReadFile(filepath.Join("testdata", "dsn", file))
		require.NoError(t, err)
		_, ok := ReadBounce(raw)
		assert.False(t, ok, file)
	}
	for name, raw := range map[string]string{
		"a person quoting a header": "From: bob@example.com\r\nTo: games@example.org\r\nSubject: Re: your mail\r\n\r\nI got this:\r\nMessage-ID: <pbem.1.turn.0123456789abcdef@example.org>\r\n",
		"a bounce naming no mail":   "From: MAILER-DAEMON@mx.example.org\r\nSubject: failure notice\r\n\r\n<ann@example.net>:\r\n550 no such user\r\n",
		"no header":                 "",
	} {
		_, ok := ReadBounce([]byte(raw))
		assert.False(t, ok, name)
	}
}

// TestBounceReason: the words of a bounce without status or diagnostic,
// and of a status whose detail no table row names.
func TestBounceReason(t *testing.T) {
	assert.Equal(t, "the mail could not be delivered", Bounce{Failed: true}.Reason())
	assert.Equal(t, "5.3.9, a mail system problem", Bounce{Failed: true, Status: "5.3.9"}.Reason())
	assert.Equal(t, "delayed, still being tried: 4.2.2, the mailbox is full", Bounce{Status: "4.2.2"}.Reason())
}

func FuzzDSN(f *testing.F) {
	files, err := filepath.Glob(filepath.Join("testdata", "dsn", "*.eml"))
	require.NoError(f, err)
	for _, p := range files {
		raw, err := os.ReadFile(p)
		require.NoError(f, err)
		f.Add(raw)
	}
	f.Fuzz(func(t *testing.T, raw []byte) {
		b, ok := ReadBounce(raw)
		if !ok {
			assert.Equal(t, Bounce{}, b)
			return
		}
		assert.NotEmpty(t, b.IDs)
		assert.LessOrEqual(t, len(b.IDs), maxIDs)
		for _, id := range b.IDs {
			assert.True(t, id != "" && len(id) <= maxIDLen && utf8.ValidString(id) && !strings.ContainsAny(id, " \t\r\n<>"), "%q", id)
		}
		for _, s := range []string{b.Status, b.Diagnostic, b.Recipient, b.Reason()} {
			assert.True(t, utf8.ValidString(s), "%q", s)
			assert.NotContains(t, s, "\n")
		}
		assert.LessOrEqual(t, utf8.RuneCountInString(b.Diagnostic), maxDiagnostic+1)
	})
}

// TestBounceSubjects: each row's example subject makes a quoting bounce
// from an ordinary address a bounce, failed; each delay phrase makes it a
// delay.
func TestBounceSubjects(t *testing.T) {
	quoting := func(subject, text string) []byte {
		return []byte("From: Mail System <mail@example.net>\r\nSubject: " + subject + "\r\n\r\n" + text +
			"\r\n\r\n--- The header of your message:\r\nMessage-ID: <pbem.1.2.0@example.org>\r\n")
	}
	for _, row := range bounceSubjects {
		require.True(t, strings.HasPrefix(strings.ToLower(row.example), row.prefix), row.example)
		b, ok := ReadBounce(quoting(row.example, "Your mail could not be delivered."))
		require.True(t, ok, row.example)
		assert.Equal(t, []string{"pbem.1.2.0@example.org"}, b.IDs, row.example)
		assert.Equal(t, !row.delay, b.Failed, row.example)
	}
	for _, phrase := range delayedPhrases {
		b, ok := ReadBounce(quoting("failure notice", "Your message "+phrase+"."))
		require.True(t, ok, phrase)
		assert.False(t, b.Failed, phrase)
	}
	_, ok := ReadBounce(quoting("Out of office: Amplitude", "I am away."))
	assert.False(t, ok, "an out-of-office subject is no bounce")
}
