// Package metrics is the daemon's instruments for an operator's
// monitoring: Prometheus counters fed by what the server reports of each
// mail handled and the mailer of each mail sent, gauges read from the store
// at scrape time, and a health check. cmd/pbem serves them on
// server.metrics; docs/operators.md lists every metric.
package metrics

import (
	"context"
	"net/http"
	"slices"
	"time"

	"github.com/prometheus/client_golang/prometheus"
	"github.com/prometheus/client_golang/prometheus/collectors"
	"github.com/prometheus/client_golang/prometheus/promhttp"

	"pbem/mailer"
	"pbem/server"
	"pbem/store"
)

// Outcomes is every value of pbem_mails_in_total's outcome label, each
// exported from the start (at 0) so that a rate over it never misses the
// first mail.
var Outcomes = append(slices.Clone(store.Outcomes), server.Duplicate, server.Deferred)

// Metrics holds pbem's own registry: its metrics, and the Go runtime's and
// the process's.
type Metrics struct {
	reg          *prometheus.Registry
	mailsIn      *prometheus.CounterVec
	mailsOut     prometheus.Counter
	sendFailures prometheus.Counter
	moveSeconds  prometheus.Histogram
	store        *store.Store
	imap         *mailer.ReceiverStatus
	// Now is the clock of /healthz; nil means time.Now.
	Now func() time.Time
}

// queryTimeout bounds the store queries of a scrape or a health check: a
// database that does not answer within it is unhealthy.
const queryTimeout = 2 * time.Second

// New returns the metrics of a daemon over st; imap follows its receiver,
// nil when it has none (no imap.addr).
func New(st *store.Store, imap *mailer.ReceiverStatus) *Metrics {
	m := &Metrics{
		reg: prometheus.NewRegistry(),
		mailsIn: prometheus.NewCounterVec(prometheus.CounterOpts{
			Name: "pbem_mails_in_total", Help: "Inbound mails handled, by outcome: applied, refused, ignored, rejected, duplicate, failed (a passing failure, tried again).",
		}, []string{"outcome"}),
		mailsOut: prometheus.NewCounter(prometheus.CounterOpts{
			Name: "pbem_mails_out_total", Help: "Mails the SMTP relay accepted.",
		}),
		sendFailures: prometheus.NewCounter(prometheus.CounterOpts{
			Name: "pbem_send_failures_total", Help: "Attempts at sending a mail that failed (each is retried, or abandoned when refused for good).",
		}),
		moveSeconds: prometheus.NewHistogram(prometheus.HistogramOpts{
			Name: "pbem_move_seconds", Help: "Seconds from a mail's arrival in the handler to its moves committed, for the mails applied.",
			Buckets: prometheus.ExponentialBuckets(0.005, 2, 12),
		}),
		store: st,
		imap:  imap,
	}
	for _, o := range Outcomes {
		m.mailsIn.WithLabelValues(o)
	}
	m.reg.MustRegister(m.mailsIn, m.mailsOut, m.sendFailures, m.moveSeconds, outbox{st}, clocks{st},
		collectors.NewGoCollector(), collectors.NewProcessCollector(collectors.ProcessCollectorOpts{}))
	m.reg.MustRegister(prometheus.NewCounterFunc(prometheus.CounterOpts{
		Name: "pbem_imap_reconnects_total", Help: "Times the IMAP receiver logged in again after losing a connection that worked.",
	}, func() float64 { return float64(max(imap.State().Connections-1, 0)) }))
	if imap != nil {
		m.reg.MustRegister(prometheus.NewGaugeFunc(prometheus.GaugeOpts{
			Name: "pbem_imap_up", Help: "1 while the IMAP receiver is logged in (connected, idle or polling), else 0.",
		}, func() float64 {
			if up(imap.State().State) {
				return 1
			}
			return 0
		}))
	}
	return m
}

// up tells the states of a working connection.
func up(state string) bool {
	return state == mailer.IMAPConnected || state == mailer.IMAPIdle || state == mailer.IMAPPolling
}

// Handled counts a mail the server handled: a server.Config.Report.
func (m *Metrics) Handled(h server.Handled) {
	m.mailsIn.WithLabelValues(h.Outcome).Inc()
	if h.Outcome == store.Applied {
		m.moveSeconds.Observe(h.Took.Seconds())
	}
}

// Delivery counts an attempt at sending a mail: a mailer.Sender.Report.
func (m *Metrics) Delivery(d mailer.Delivery) {
	if d.Err == nil {
		m.mailsOut.Inc()
	} else {
		m.sendFailures.Inc()
	}
}

// Register adds /metrics and /healthz to mux.
func (m *Metrics) Register(mux *http.ServeMux) {
	mux.Handle("/metrics", promhttp.HandlerFor(m.reg, promhttp.HandlerOpts{ErrorHandling: promhttp.ContinueOnError}))
	mux.HandleFunc("/healthz", m.healthz)
}

// outbox reads the outbox's gauges from the store at each scrape.
type outbox struct{ st *store.Store }

var (
	depthDesc  = prometheus.NewDesc("pbem_outbox_depth", "Mails waiting in the outbox to be sent.", nil, nil)
	oldestDesc = prometheus.NewDesc("pbem_outbox_oldest_seconds", "Age in seconds of the oldest mail waiting in the outbox; 0 when none waits.", nil, nil)
)

func (o outbox) Describe(ch chan<- *prometheus.Desc) {
	ch <- depthDesc
	ch <- oldestDesc
}

func (o outbox) Collect(ch chan<- prometheus.Metric) {
	ctx, cancel := context.WithTimeout(context.Background(), queryTimeout)
	defer cancel()
	n, oldest, err := o.st.OutboxDepth(ctx)
	if err != nil {
		ch <- prometheus.NewInvalidMetric(depthDesc, err)
		ch <- prometheus.NewInvalidMetric(oldestDesc, err)
		return
	}
	age := 0.0
	if !oldest.IsZero() {
		age = max(time.Since(oldest).Seconds(), 0)
	}
	ch <- prometheus.MustNewConstMetric(depthDesc, prometheus.GaugeValue, float64(n))
	ch <- prometheus.MustNewConstMetric(oldestDesc, prometheus.GaugeValue, age)
}
