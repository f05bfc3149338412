package server

import (
	"strings"

	"pbem/parser"
)

// senderVouched reports whether the operator's own mail server vouches
// for m's From: its Authentication-Results (under the configured
// authserv-id) hold a dmarc=pass for the From domain, or a passing DKIM
// signature of that domain or a parent of it. Whatever the policy.
func (s *Server) senderVouched(m parser.Mail) bool {
	if s.cfg.AuthservID == "" {
		return false
	}
	id := strings.ToLower(s.cfg.AuthservID)
	from := domainOf(m.From)
	for _, r := range m.AuthResults {
		if r.ServID != id {
			continue
		}
		if r.DMARC == "pass" && r.DMARCFrom == from {
			return true
		}
		for _, d := range r.DKIM {
			if d.Result == "pass" && (d.Domain == from || strings.HasSuffix(from, "."+d.Domain)) {
				return true
			}
		}
		return false // the topmost field of our own server is its own
	}
	return false
}
