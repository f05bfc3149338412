// Package httpd serves the daemon's HTTP endpoints (the one-click
// unsubscribe, /metrics, /healthz) within limits, so that slow or idle
// clients cannot take what the daemon's mail needs: every timeout, a cap
// on a request's header, a cap on the connections open at once that
// closes the idle ones first, and Go's server errors written into the
// structured log. Which handler serves which path is the command's
// wiring; how they are served is here.
package httpd
