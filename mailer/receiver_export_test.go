package mailer

import "time"

// SetReceiverTiming lets the external tests shorten the reconnection
// backoff and a failed mail's, and poll a server that offers IDLE.
func SetReceiverTiming(r *Receiver, backoff time.Duration, noIdle bool) {
	r.backoffMin = backoff
	r.backoffMax = 8 * backoff
	r.mailBackoffMin = backoff
	r.mailBackoffMax = 8 * backoff
	r.noIdle = noIdle
}
