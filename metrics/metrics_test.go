package metrics

import (
	"context"
	"io"
	"net/http"
	"net/http/httptest"
	"path/filepath"
	"strings"
	"testing"
	"time"

	dto "github.com/prometheus/client_model/go"
	"github.com/prometheus/common/expfmt"
	"github.com/prometheus/common/model"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"pbem/internal/fakeclock"
	"pbem/mailer"
	"pbem/server"
	"pbem/store"
)

func openStore(t *testing.T) *store.Store {
	t.Helper()
	st, err := store.Open(context.Background(), filepath.Join(t.TempDir(), "pbem.db"), nil)
	require.NoError(t, err)
	t.Cleanup(func() { st.Close() })
	return st
}

// scrape reads /metrics as Prometheus would, in the text format.
func scrape(t *testing.T, url string) map[string]*dto.MetricFamily {
	t.Helper()
	res, err := http.Get(url + "/metrics")
	require.NoError(t, err)
	defer res.Body.Close()
	require.Equal(t, http.StatusOK, res.StatusCode)
	p := expfmt.NewTextParser(model.UTF8Validation)
	fams, err := p.TextToMetricFamilies(res.Body)
	require.NoError(t, err)
	return fams
}

// value is the value of the sample of family name whose labels include
// label=value pairs given as "k=v".
func value(t *testing.T, fams map[string]*dto.MetricFamily, name string, labels ...string) float64 {
	t.Helper()
	f, ok := fams[name]
	require.True(t, ok, "no metric %s", name)
next:
	for _, m := range f.Metric {
		for _, l := range labels {
			k, v, _ := strings.Cut(l, "=")
			found := false
			for _, lp := range m.Label {
				found = found || (lp.GetName() == k && lp.GetValue() == v)
			}
			if !found {
				continue next
			}
		}
		switch {
		case m.Counter != nil:
			return m.Counter.GetValue()
		case m.Gauge != nil:
			return m.Gauge.GetValue()
		case m.Histogram != nil:
			return float64(m.Histogram.GetSampleCount())
		}
	}
	t.Fatalf("no sample of %s with %v", name, labels)
	return 0
}

// TestMetricsCountWhatIsReported: the counters follow the server's and
// the sender's reports, the outbox gauges the store, and the Go and process
// collectors come along; every outcome is there from the start.
func TestMetricsCountWhatIsReported(t *testing.T) {
	st := openStore(t)
	status := &mailer.ReceiverStatus{}
	m := New(st, status)
	mux := http.NewServeMux()
	m.Register(mux)
	web := httptest.NewServer(mux)
	defer web.Close()

	fams := scrape(t, web.URL)
	for _, o := range Outcomes {
		assert.Zero(t, value(t, fams, "pbem_mails_in_total", "outcome="+o), o)
	}
	assert.Zero(t, value(t, fams, "pbem_outbox_depth"))
	assert.Zero(t, value(t, fams, "pbem_imap_up"))
	for _, reason := range heldReasons {
		assert.Zero(t, value(t, fams, "pbem_clocks_held", "reason="+reason), reason)
	}
	for _, name := range []string{"go_goroutines", "process_start_time_seconds"} {
		assert.Contains(t, fams, name)
	}

	m.Handled(server.Handled{Outcome: store.Applied, Took: 30 * time.Millisecond})
	m.Handled(server.Handled{Outcome: store.Applied, Took: 2 * time.Second})
	m.Handled(server.Handled{Outcome: store.Refused, Took: time.Millisecond})
	m.Handled(server.Handled{Outcome: server.Duplicate})
	m.Delivery(mailer.Delivery{Attempt: 1})
	m.Delivery(mailer.Delivery{Attempt: 1, Err: io.ErrUnexpectedEOF})
	require.NoError(t, st.QueueMails(context.Background(), 0, []store.OutMail{
		{MessageID: "a@example.org", Recipient: "ann@example.org", Raw: []byte("x")},
		{MessageID: "b@example.org", Recipient: "bob@example.org", Raw: []byte("x")},
	}))
	_, err := st.CreateGame(context.Background(), store.NewGame{
		Type: "amplitude", Seed: 1, Secret: []byte("secret"), State: []byte(`{}`),
		Seats: []store.NewSeat{{Email: "ann@example.org", Name: "Ann"}, {Email: "bob@example.org", Name: "Bob"}},
		Clock: store.Clock{TurnStarted: time.Now(), Left: 72 * time.Hour, Held: store.HeldDelivery},
	})
	require.NoError(t, err)
	status.Set(mailer.IMAPConnecting, nil)
	status.Set(mailer.IMAPIdle, nil)

	fams = scrape(t, web.URL)
	assert.Equal(t, 2.0, value(t, fams, "pbem_mails_in_total", "outcome=applied"))
	assert.Equal(t, 1.0, value(t, fams, "pbem_mails_in_total", "outcome=refused"))
	assert.Equal(t, 1.0, value(t, fams, "pbem_mails_in_total", "outcome=duplicate"))
	assert.Equal(t, 2.0, value(t, fams, "pbem_move_seconds"), "applied mails only")
	assert.Equal(t, 1.0, value(t, fams, "pbem_mails_out_total"))
	assert.Equal(t, 1.0, value(t, fams, "pbem_send_failures_total"))
	assert.Equal(t, 2.0, value(t, fams, "pbem_outbox_depth"))
	assert.Equal(t, 1.0, value(t, fams, "pbem_clocks_held", "reason=delivery"), "the game's clock waits for its turn mail")
	assert.Zero(t, value(t, fams, "pbem_clocks_held", "reason=bounced"))
	assert.GreaterOrEqual(t, value(t, fams, "pbem_outbox_oldest_seconds"), 0.0)
	assert.Equal(t, 1.0, value(t, fams, "pbem_imap_up"))
	assert.Zero(t, value(t, fams, "pbem_imap_reconnects_total"))
}

// TestMetricsWithoutIMAP: no pbem_imap_up without a receiver, and no
// reconnection either.
func TestMetricsWithoutIMAP(t *testing.T) {
	m := New(openStore(t), nil)
	mux := http.NewServeMux()
	m.Register(mux)
	web := httptest.NewServer(mux)
	defer web.Close()
	fams := scrape(t, web.URL)
	assert.NotContains(t, fams, "pbem_imap_up")
	assert.Zero(t, value(t, fams, "pbem_imap_reconnects_total"))
}

// TestHealthz: ok while the database answers and the IMAP connection is
// up or only briefly down; 503 in words past IMAPDownLimit, when the last
// full check found the database damaged, or with the database gone.
func TestHealthz(t *testing.T) {
	clock := fakeclock.New(time.Date(2026, 12, 1, 9, 0, 0, 0, time.UTC))
	st := openStore(t)
	status := &mailer.ReceiverStatus{Now: clock.Now}
	m := New(st, status)
	m.Now = clock.Now
	mux := http.NewServeMux()
	m.Register(mux)
	web := httptest.NewServer(mux)
	defer web.Close()
	get := func() (int, string) {
		res, err := http.Get(web.URL + "/healthz")
		require.NoError(t, err)
		defer res.Body.Close()
		body, err := io.ReadAll(res.Body)
		require.NoError(t, err)
		return res.StatusCode, string(body)
	}

	status.Set(mailer.IMAPIdle, nil)
	code, body := get()
	assert.Equal(t, http.StatusOK, code)
	assert.Equal(t, "ok\n", body)

	ctx := context.Background()
	require.NoError(t, st.RecordIntegrity(ctx, store.Integrity{At: clock.Now(), By: store.CheckedByServe, OK: true}))
	code, _ = get()
	assert.Equal(t, http.StatusOK, code, "a sound check")
	require.NoError(t, st.RecordIntegrity(ctx, store.Integrity{At: clock.Now(), By: store.CheckedByServe,
		Findings: []string{"Tree 12 page 40 cell 3: invalid page number 9999"}}))
	code, body = get()
	assert.Equal(t, http.StatusServiceUnavailable, code)
	assert.Equal(t, "the database was found damaged (the full check of 2026-12-01T09:00:00Z by serve: Tree 12 page 40 cell 3: invalid page number 9999): restore the last backup\n", body)
	require.NoError(t, st.RecordIntegrity(ctx, store.Integrity{At: clock.Now(), By: store.CheckedByCommand, OK: true}))

	status.Set(mailer.IMAPDown, io.ErrUnexpectedEOF)
	clock.Advance(IMAPDownLimit)
	code, _ = get()
	assert.Equal(t, http.StatusOK, code, "down, but not for long yet")
	status.Set(mailer.IMAPConnecting, nil)
	clock.Advance(time.Second)
	code, body = get()
	assert.Equal(t, http.StatusServiceUnavailable, code)
	assert.Equal(t, "the IMAP connection has been down for 5m1s (since 2026-12-01T09:00:00Z): unexpected EOF\n", body)

	require.NoError(t, st.Close())
	code, body = get()
	assert.Equal(t, http.StatusServiceUnavailable, code)
	assert.Contains(t, body, "the database does not answer")
}
