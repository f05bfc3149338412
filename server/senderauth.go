package server

import (
	"fmt"
	"strings"

	"pbem/parser"
)

// The sender-authentication policies (Config.SenderAuth). A From header is
// only a claim; the operator's own receiving server checks it (SPF, DKIM,
// DMARC) and writes what it found into Authentication-Results under its
// authserv-id, which is the one such field pbem may trust. Of its
// results, only those about the From domain count (aligned, see
// alignedResults): an attacker's mail passes every check for the
// attacker's own domain.
const (
	// SenderAuthOff ignores Authentication-Results: the reply token and the
	// From address decide alone.
	SenderAuthOff = "off"
	// SenderAuthNotFail refuses a mail the operator's server judged forged
	// or could not support: dmarc=fail, or, without dmarc=pass, DKIM and
	// SPF both failed or missing for the From domain.
	SenderAuthNotFail = "not-fail"
	// SenderAuthPass accepts only a mail the operator's server vouched for
	// (senderVouched).
	SenderAuthPass = "pass"
)

// senderCheck is what the operator's server's results say of a mail.
type senderCheck struct {
	ok bool
	// forged: the results say the sender is not who From claims, or give
	// it no support at all, so the mail gets no answer (an answer would go
	// to the person impersonated).
	forged bool
	why    string // for the record and, when not forged, the explanation
}

// checkSender judges m under the configured policy.
func (it *intake) checkSender(m parser.Mail) senderCheck {
	mode := it.cfg.SenderAuth
	if mode == SenderAuthOff || it.cfg.AuthservID == "" {
		return senderCheck{ok: true}
	}
	r, found := it.trustedResults(m)
	if !found {
		return senderCheck{forged: mode == SenderAuthNotFail, why: fmt.Sprintf("no Authentication-Results from %s: the mail did not come through the server's own mail server", it.cfg.AuthservID)}
	}
	domain := domainOf(m.From)
	a := alignedResults(r, domain)
	switch {
	case a.dmarc == "fail":
		return senderCheck{forged: true, why: "sender authentication: dmarc=fail"}
	case a.dmarc != "pass" && failedOrMissing(a.dkim) && failedOrMissing(a.spf):
		return senderCheck{forged: true, why: fmt.Sprintf("sender authentication: neither DKIM nor SPF passed for %s (results about other domains do not count)", domain)}
	case mode == SenderAuthNotFail, a.vouched():
		return senderCheck{ok: true}
	case dkimResult(r.DKIM) == "pass":
		return senderCheck{why: "sender authentication: the DKIM signature is not the From domain's"}
	}
	return senderCheck{why: "sender authentication: the mail's sender could not be verified (no dmarc=pass)"}
}

// senderVouched reports whether the operator's mail server vouched for
// m's sender: its results hold a dmarc=pass or a dkim=pass for the From
// domain. It is what the pass policy requires, and it holds under
// not-fail as well; under off, or without an authserv-id, the results are
// not read and vouch for no one.
func (it *intake) senderVouched(m parser.Mail) bool {
	if it.cfg.SenderAuth == SenderAuthOff || it.cfg.AuthservID == "" {
		return false
	}
	r, found := it.trustedResults(m)
	return found && alignedResults(r, domainOf(m.From)).vouched()
}

// trustedResults is the topmost Authentication-Results field of the
// operator's own server, and whether m has one. RFC 8601 §5 has a
// receiving server remove the fields bearing its authserv-id that it did
// not write, so the topmost is its own.
func (it *intake) trustedResults(m parser.Mail) (parser.AuthResults, bool) {
	for _, r := range m.AuthResults {
		if r.ServID == strings.ToLower(it.cfg.AuthservID) {
			return r, true
		}
	}
	return parser.AuthResults{}, false
}

// aligned are the results about one domain, the From domain: each ""
// when no result is about it.
type aligned struct {
	dmarc, dkim, spf string
}

// vouched: DMARC passed for the domain, or did not fail and one of its
// DKIM signatures passed (DMARC may fail beside it: strict alignment).
func (a aligned) vouched() bool {
	return a.dmarc == "pass" || a.dmarc != "fail" && a.dkim == "pass"
}

// alignedResults keeps, of r, the results about domain, dropping those
// about any other, which an attacker can make pass for their own:
//   - DMARC when its header.from is domain. A DMARC result without
//     header.from (most servers always write it) is taken as about domain
//     when it fails, which refuses, or when it passes beside a DKIM or SPF
//     pass for domain, which supports it; otherwise it counts for nothing;
//   - DKIM, the signatures whose header.d is domain or a parent of it
//     (d=example.org signs for mail.example.org), never a bare top-level
//     domain;
//   - SPF when its smtp.mailfrom domain is domain, a parent or a
//     subdomain of it (relaxed alignment without a public-suffix list:
//     never across a bare top-level domain). An SPF result without
//     smtp.mailfrom (one for the HELO name) counts for nothing.
func alignedResults(r parser.AuthResults, domain string) aligned {
	var a aligned
	if domain == "" {
		return a
	}
	var dkim []parser.DKIMResult
	for _, d := range r.DKIM {
		if d.Domain == domain || isParentDomain(d.Domain, domain) {
			dkim = append(dkim, d)
		}
	}
	a.dkim = dkimResult(dkim)
	if f := r.SPFFrom; f == domain || isParentDomain(f, domain) || isParentDomain(domain, f) {
		a.spf = r.SPF
	}
	switch {
	case r.DMARCFrom == domain:
		a.dmarc = r.DMARC
	case r.DMARCFrom != "":
	case r.DMARC == "fail", r.DMARC == "pass" && (a.dkim == "pass" || a.spf == "pass"):
		a.dmarc = r.DMARC
	}
	return a
}

// isParentDomain reports whether parent is a parent domain of child, and
// not a bare top-level domain.
func isParentDomain(parent, child string) bool {
	return strings.Contains(parent, ".") && strings.HasSuffix(child, "."+parent)
}

// failedOrMissing: a DKIM or SPF result that gives the sender no support.
func failedOrMissing(v string) bool {
	return v == "" || v == "none" || v == "fail" || v == "softfail" || v == "permerror"
}

// dkimResult sums the DKIM results up: "pass" if one passed, else the
// first, else "".
func dkimResult(results []parser.DKIMResult) string {
	for _, d := range results {
		if d.Result == "pass" {
			return "pass"
		}
	}
	if len(results) > 0 {
		return results[0].Result
	}
	return ""
}

// domainOf is the canonical domain of address.
func domainOf(address string) string {
	a := parser.CanonicalAddress(address)
	return a[strings.LastIndexByte(a, '@')+1:]
}
