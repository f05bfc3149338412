package mailer_test

import (
	"context"
	"errors"
	"fmt"
	"sync"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"pbem/mailer"
	"pbem/mailer/loopback"
)

// laneOfMail puts testMail n in lane "odd" or "even": two games.
func laneOfMail(raw []byte) string {
	if mailNumber(raw)%2 == 1 {
		return "odd"
	}
	return "even"
}

// TestFailingMailHoldsUpItsLaneOnly: a mail whose Handler fails stays in
// the inbox with the mails after it in its lane (its game), in order; the
// other lane's mails are handled and moved, whatever the number of workers.
func TestFailingMailHoldsUpItsLaneOnly(t *testing.T) {
	for _, workers := range []int{1, 4} {
		t.Run(fmt.Sprintf("workers=%d", workers), func(t *testing.T) {
			srv := startIMAP(t, loopback.IMAPOptions{})
			st := openStore(t)
			appendMails(t, srv, 1, 8)
			busy := errors.New("database is busy")
			h := &recorder{verdict: func(n int) (mailer.Verdict, error) {
				if n == 3 {
					return 0, busy
				}
				return mailer.Accepted, nil
			}}
			r := newReceiver(srv, st, h.handle)
			r.Workers, r.Lane = workers, laneOfMail

			n, err := r.Once(context.Background())
			require.ErrorIs(t, err, busy, "Once reports the mail it left")
			assert.Equal(t, 5, n, "1 and every even mail")
			assert.ElementsMatch(t, []int{1, 2, 3, 4, 6, 8}, h.numbers(), "5 and 7 wait behind 3, not handed")
			assert.Equal(t, [3]int{3, 5, 0}, counts(srv))
			_, last, _, err := st.MailboxState(context.Background(), stateKey(srv))
			require.NoError(t, err)
			assert.EqualValues(t, 2, last, "the progress stays below the mail left behind")

			again := &recorder{}
			r = newReceiver(srv, st, again.handle)
			r.Workers, r.Lane = workers, laneOfMail
			n, err = r.Once(context.Background())
			require.NoError(t, err)
			assert.Equal(t, 3, n)
			assert.Equal(t, []int{3, 5, 7}, again.numbers(), "the lane's mails in order once it is cured")
			assert.Equal(t, [3]int{0, 8, 0}, counts(srv))
		})
	}
}

// TestRunRetriesAFailingMailWhileOthersGoOn: under Run, a mail that keeps
// failing is tried again after a growing backoff, and mails of other
// lanes that arrive meanwhile are handled at once, not behind it.
func TestRunRetriesAFailingMailWhileOthersGoOn(t *testing.T) {
	srv := startIMAP(t, loopback.IMAPOptions{})
	st := openStore(t)
	appendMails(t, srv, 1, 1)
	var mu sync.Mutex
	cured := false
	h := &recorder{verdict: func(n int) (mailer.Verdict, error) {
		mu.Lock()
		defer mu.Unlock()
		if n == 1 && !cured {
			return 0, errors.New("disk full")
		}
		return mailer.Accepted, nil
	}}
	r := newReceiver(srv, st, h.handle)
	r.Workers, r.Lane = 2, laneOfMail
	runReceiver(t, r)

	require.Eventually(t, func() bool { return len(h.numbers()) >= 3 }, waitFor, tick, "mail 1 tried again and again")
	appendMails(t, srv, 2, 2)
	require.Eventually(t, func() bool { return counts(srv) == [3]int{1, 1, 0} }, waitFor, tick, "mail 2 handled while 1 waits")
	mu.Lock()
	cured = true
	mu.Unlock()
	require.Eventually(t, func() bool { return counts(srv) == [3]int{0, 2, 0} }, waitFor, tick, "mail 1 handled once cured")
}
