package metrics

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"strings"
	"time"

	"pbem/store"
)

// IMAPDownLimit is how long the IMAP connection may stay down before
// /healthz says the daemon is unhealthy: the receiver retries on its own
// (backing off to a minute), so a short outage of the mail server is not
// worth waking anyone.
const IMAPDownLimit = 5 * time.Minute

// Health is the daemon's health in words, "" when healthy: the database
// answers a query of the outbox within two seconds, its last full check
// (store.LastIntegrity) found no damage, and the IMAP
// connection, if any, has not been down for longer than IMAPDownLimit.
func (m *Metrics) Health(ctx context.Context) string {
	ctx, cancel := context.WithTimeout(ctx, queryTimeout)
	defer cancel()
	if _, _, err := m.store.OutboxDepth(ctx); err != nil {
		return fmt.Sprintf("the database does not answer: %v", err)
	}
	switch r, err := m.store.LastIntegrity(ctx); {
	case errors.Is(err, store.ErrNotFound):
	case err != nil:
		return fmt.Sprintf("the database does not answer: %v", err)
	case !r.OK:
		return fmt.Sprintf("the database was found damaged (the full check of %s by %s: %s): restore the last backup",
			r.At.UTC().Format(time.RFC3339), r.By, strings.Join(r.Findings, "; "))
	}
	st := m.imap.State()
	now := time.Now
	if m.Now != nil {
		now = m.Now
	}
	if down := now().Sub(st.DownSince); !st.DownSince.IsZero() && down > IMAPDownLimit {
		return fmt.Sprintf("the IMAP connection has been down for %s (since %s): %s",
			down.Round(time.Second), st.DownSince.UTC().Format(time.RFC3339), st.LastError)
	}
	return ""
}

// healthz answers 200 "ok" when healthy, else 503 and what is wrong.
func (m *Metrics) healthz(w http.ResponseWriter, r *http.Request) {
	w.Header().Set("Content-Type", "text/plain; charset=utf-8")
	w.Header().Set("Cache-Control", "no-store")
	if why := m.Health(r.Context()); why != "" {
		w.WriteHeader(http.StatusServiceUnavailable)
		fmt.Fprintln(w, why)
		return
	}
	fmt.Fprintln(w, "ok")
}
