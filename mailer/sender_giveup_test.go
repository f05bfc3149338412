package mailer_test

import (
	"context"
	"io"
	"testing"
	"time"

	"github.com/emersion/go-smtp"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"pbem/mailer"
	"pbem/store"
)

// TestSenderGivesUpOnADeferralThatLasts: a mail the relay keeps deferring
// (a 4xx to RCPT or to its data) is tried with its backoff until GiveUp has
// passed since it was queued, then abandoned as a refusal, Refused told
// with the relay's last answer; with GiveUp 0 it is tried for ever.
func TestSenderGivesUpOnADeferralThatLasts(t *testing.T) {
	full := &smtp.SMTPError{Code: 452, EnhancedCode: smtp.EnhancedCode{4, 2, 2}, Message: "Mailbox full"}
	for _, tc := range []struct {
		name    string
		atRcpt  bool
		giveUp  time.Duration
		refused bool
	}{
		{name: "rcpt", atRcpt: true, giveUp: mailer.DefaultGiveUp, refused: true},
		{name: "data", giveUp: mailer.DefaultGiveUp, refused: true},
		{name: "never", atRcpt: true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			clock := newOutboxClock()
			st, path := openOutbox(t, clock.Now)
			k := startOutboxSink(t, "", "")
			if tc.atRcpt {
				k.refuseRcpt["full@example.org"] = full
			} else {
				k.refuse["full@example.org"] = full
			}
			mails := queueOutbox(t, st, 1, 1, func(int) string { return "full@example.org" })
			s := newOutboxSender(k.Addr, st, clock.Now, io.Discard)
			s.GiveUp = tc.giveUp
			var refused []mailer.Refusal
			s.Refused = func(ctx context.Context, m store.Outgoing, r mailer.Refusal) error {
				refused = append(refused, r)
				return st.MarkAbandoned(ctx, m.ID, r.Reply)
			}
			ctx := context.Background()

			tries := 0
			for end := clock.Now().Add(6 * 24 * time.Hour); clock.Now().Before(end); clock.Advance(time.Hour) {
				_, err := s.DrainOnce(ctx)
				require.Error(t, err)
				if tries++; len(refused) > 0 {
					break
				}
			}
			if !tc.refused {
				assert.Empty(t, refused, "tried for ever")
				attempts, _ := outboxRow(t, path, mails[0].MessageID)
				assert.Equal(t, 6*24, attempts, "tried every hour for six days, and on")
				return
			}
			require.Len(t, refused, 1)
			assert.Equal(t, mailer.Refusal{Code: 452, Status: "4.2.2", Reply: "deferred for 5 days, given up; the relay's last answer: 452 4.2.2 Mailbox full"}, refused[0])
			assert.Equal(t, 5*24+1, tries, "tried every hour until five days had passed since it was queued")
			due, err := st.DueMails(ctx, clock.Now().Add(24*time.Hour), 10)
			require.NoError(t, err)
			assert.Empty(t, due, "given up: never due again")
		})
	}
}
