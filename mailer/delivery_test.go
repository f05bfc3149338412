package mailer_test

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/emersion/go-smtp"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"pbem/mailer"
)

// TestSenderReportsAndLogsEveryMail: each mail sent or refused for now is
// one log line and one Delivery, with its recipient, attempt and error; a
// relay that is gone fails each mail it had to take, once a round.
func TestSenderReportsAndLogsEveryMail(t *testing.T) {
	clock := newOutboxClock()
	st, _ := openOutbox(t, clock.Now)
	k := startOutboxSink(t, "", "")
	k.refuse["nobody@example.org"] = &smtp.SMTPError{Code: 450, EnhancedCode: smtp.EnhancedCode{4, 2, 1}, Message: "Mailbox busy"}
	queueOutbox(t, st, 1, 3, func(i int) string {
		if i == 2 {
			return "nobody@example.org"
		}
		return outboxRecipient(i)
	})
	var log syncBuffer
	s := newOutboxSender(k.Addr, st, clock.Now, &log)
	var got []mailer.Delivery
	s.Report = func(d mailer.Delivery) { got = append(got, d) }

	_, err := s.DrainOnce(context.Background())
	require.Error(t, err)
	require.Len(t, got, 3)
	byRecipient := map[string]mailer.Delivery{}
	for _, d := range got {
		byRecipient[d.Recipient] = d
		assert.Equal(t, 1, d.Attempt)
	}
	assert.NoError(t, byRecipient[outboxRecipient(1)].Err)
	assert.NoError(t, byRecipient[outboxRecipient(3)].Err)
	refused := byRecipient["nobody@example.org"]
	assert.ErrorContains(t, refused.Err, "450")
	assert.False(t, refused.Abandoned)
	assert.Equal(t, "pbem.0.2@example.org", refused.MessageID)

	out := log.String()
	assert.Equal(t, 2, strings.Count(out, `msg="mail sent"`), out)
	assert.Contains(t, out, `msg="mail sent" message_id=pbem.0.1@example.org recipient=player1@example.org game=0 attempt=1`)
	assert.Contains(t, out, `msg="mail not sent; tried again later" message_id=pbem.0.2@example.org recipient=nobody@example.org game=0 attempt=1 err=`)

	k.Close()
	clock.Advance(time.Hour)
	got = nil
	queueOutbox(t, st, 4, 2, outboxRecipient)
	_, err = s.DrainOnce(context.Background())
	require.Error(t, err)
	require.Len(t, got, 3, "the refused mail and the two new ones, each failed once")
	for _, d := range got {
		assert.Error(t, d.Err, d.Recipient)
	}
}
