package metrics

import (
	"context"

	"github.com/prometheus/client_golang/prometheus"

	"pbem/store"
)

// heldReasons is every value of pbem_clocks_held's reason label, each
// exported from the start (at 0) so that an alert on it has a series to
// watch before the first clock is held.
var heldReasons = []string{store.HeldDelivery, store.HeldBounced, store.HeldAbandoned}

// clocks reads the held clocks from the store at each scrape: a game whose
// clock waits for the relay to accept its turn mail, or stopped because
// that mail never reached the player, waits for the operator or its
// player, and no timeout falls meanwhile.
type clocks struct{ st *store.Store }

var heldDesc = prometheus.NewDesc("pbem_clocks_held",
	"Running games whose clock is held, by reason: delivery (waiting for the relay to accept the turn mail), bounced or abandoned (the turn mail never reached the player).",
	[]string{"reason"}, nil)

func (c clocks) Describe(ch chan<- *prometheus.Desc) { ch <- heldDesc }

func (c clocks) Collect(ch chan<- prometheus.Metric) {
	ctx, cancel := context.WithTimeout(context.Background(), queryTimeout)
	defer cancel()
	games, err := c.st.CountHeldClocks(ctx)
	if err != nil {
		ch <- prometheus.NewInvalidMetric(heldDesc, err)
		return
	}
	for _, reason := range heldReasons {
		ch <- prometheus.MustNewConstMetric(heldDesc, prometheus.GaugeValue, float64(games[reason]), reason)
	}
}
