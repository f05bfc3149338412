package parser

import (
	"strings"

	"github.com/emersion/go-msgauth/authres"
)

// AuthResults is one Authentication-Results field (RFC 8601) of a mail:
// what a receiving server found of its sender. Anyone can write such a
// field, so it means something only when ServID is the operator's own
// server's, which the server checks.
type AuthResults struct {
	// ServID is the authserv-id of the server that wrote the field,
	// lower-cased.
	ServID string
	// DMARC is the DMARC result ("pass", "fail"…), "" when none was given;
	// DMARCFrom the domain it judged (header.from).
	DMARC, DMARCFrom string
	// DKIM are the signatures checked, each with its result and signing
	// domain (header.d).
	DKIM []DKIMResult
	// SPF is the SPF result, "" when none was given; SPFFrom the domain it
	// judged, that of the envelope sender (smtp.mailfrom), "" when not
	// given.
	SPF, SPFFrom string
}

// DKIMResult is one DKIM signature's result and signing domain.
type DKIMResult struct {
	Result, Domain string
}

// maxAuthResults bounds the fields read: a mail crosses few servers.
const maxAuthResults = 20

// ReadAuthResults reads the Authentication-Results fields of a header, topmost
// (the last server's) first. A field the library cannot read is skipped;
// a result it does not know is ignored.
func ReadAuthResults(values []string) []AuthResults {
	var out []AuthResults
	for _, v := range values {
		if len(out) == maxAuthResults {
			break
		}
		id, results, err := authres.Parse(v)
		if err != nil && id == "" {
			continue
		}
		r := AuthResults{ServID: strings.ToLower(strings.TrimSpace(id))}
		for _, res := range results {
			switch res := res.(type) {
			case *authres.DMARCResult:
				if r.DMARC == "" {
					r.DMARC, r.DMARCFrom = strings.ToLower(string(res.Value)), resultDomain(res.From)
				}
			case *authres.DKIMResult:
				r.DKIM = append(r.DKIM, DKIMResult{Result: strings.ToLower(string(res.Value)), Domain: resultDomain(res.Domain)})
			case *authres.SPFResult:
				if r.SPF == "" {
					r.SPF, r.SPFFrom = strings.ToLower(string(res.Value)), resultDomain(res.From)
				}
			}
		}
		out = append(out, r)
	}
	return out
}

// resultDomain is the domain a result names (an address's, when it names
// an address, as smtp.mailfrom may), canonical as the From domain is, so
// that the two compare.
func resultDomain(v string) string {
	v = strings.TrimSpace(v)
	v = v[strings.LastIndexByte(v, '@')+1:]
	return canonicalDomain(strings.TrimSuffix(v, "."))
}
