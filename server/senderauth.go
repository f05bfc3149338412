package server

import (
	"fmt"
	"strings"

	"pbem/parser"
)

// The sender-authentication policies (Config.SenderAuth). A From header is
// only a claim; the operator's own receiving server checks it (SPF, DKIM,
// DMARC) and writes what it found into Authentication-Results under its
// authserv-id, which is the one such field pbem may trust.
const (
	// SenderAuthOff ignores Authentication-Results: the reply token and the
	// From address decide alone.
	SenderAuthOff = "off"
	// SenderAuthNotFail refuses a mail the operator's server judged forged:
	// dmarc=fail, or with no DMARC result, DKIM and SPF both failed or
	// missing.
	SenderAuthNotFail = "not-fail"
	// SenderAuthPass accepts only a mail the operator's server vouched for:
	// dmarc=pass, or dkim=pass for the From domain or a parent of it.
	SenderAuthPass = "pass"
)

// senderCheck is what the operator's server's results say of a mail.
type senderCheck struct {
	ok bool
	// forged: the results say the sender is not who From claims, so the
	// mail gets no answer at all (an answer would go to the victim).
	forged bool
	why    string // for the record and, when not forged, the explanation
}

// checkSender judges m under the configured policy.
func (s *Server) checkSender(m parser.Mail) senderCheck {
	mode := s.cfg.SenderAuth
	if mode == SenderAuthOff || s.cfg.AuthservID == "" {
		return senderCheck{ok: true}
	}
	var trusted *parser.AuthResults
	for i := range m.AuthResults {
		if m.AuthResults[i].ServID == strings.ToLower(s.cfg.AuthservID) {
			// The topmost field of our own server is its own: RFC 8601 §5
			// has a receiving server remove the ones it did not write.
			trusted = &m.AuthResults[i]
			break
		}
	}
	var r parser.AuthResults
	if trusted != nil {
		r = *trusted
	}
	fromDomain := domainOf(m.From)
	dkimPass, dkimAligned := false, false
	for _, d := range r.DKIM {
		if d.Result == "pass" {
			dkimPass = true
			dkimAligned = dkimAligned || d.Domain == fromDomain || strings.HasSuffix(fromDomain, "."+d.Domain)
		}
	}
	failedOrMissing := func(v string) bool {
		return v == "" || v == "none" || v == "fail" || v == "softfail" || v == "permerror"
	}
	switch {
	case trusted == nil:
		return senderCheck{forged: mode == SenderAuthNotFail, why: fmt.Sprintf("no Authentication-Results from %s: the mail did not come through the server's own mail server", s.cfg.AuthservID)}
	case r.DMARC == "fail":
		return senderCheck{forged: true, why: "sender authentication: dmarc=fail"}
	case r.DMARC == "" && failedOrMissing(dkimResult(r.DKIM)) && failedOrMissing(r.SPF):
		return senderCheck{forged: true, why: "sender authentication: neither DKIM nor SPF passed"}
	case mode == SenderAuthNotFail:
		return senderCheck{ok: true}
	case r.DMARC == "pass" && (r.DMARCFrom == "" || r.DMARCFrom == fromDomain), dkimAligned:
		return senderCheck{ok: true}
	case dkimPass:
		return senderCheck{why: "sender authentication: the DKIM signature is not the From domain's"}
	}
	return senderCheck{why: "sender authentication: the mail's sender could not be verified (no dmarc=pass)"}
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
