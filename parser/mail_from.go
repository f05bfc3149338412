package parser

import (
	"fmt"
	"strings"

	"github.com/emersion/go-message/mail"
)

// fromAddress reads the sender from the From field as the operator's mail
// server read it when it checked the sender (DMARC judges the From
// domain): by RFC 5322, so that a quoted local part stays a local part
// (`"ann@x.org"@y.org` is a mailbox at y.org). A mail that names its
// sender ambiguously — two From fields, two addresses in one — has no
// sender: from is "" and problem says why, for the record; a mail with no
// readable address at all has neither. Only when RFC 5322 parsing fails
// (an 8-bit or unquoted-comma display name, a missing bracket, as real
// clients write) are the addresses looked for outside quoted strings and
// comments, and one kept only when it is the only one found.
func fromAddress(h *mail.Header) (from, problem string) {
	values := h.Values("From")
	if len(values) > 1 {
		return "", fmt.Sprintf("%d From fields: the sender is ambiguous", len(values))
	}
	if len(values) == 0 || strings.TrimSpace(values[0]) == "" {
		return "", ""
	}
	var found []string
	if list, err := mail.ParseAddressList(values[0]); err == nil {
		for _, a := range list {
			found = append(found, strictAddress(a))
		}
	} else {
		bracketed, bare := scanAddresses(bestEffortString(values[0]), true)
		found = append(bracketed, bare...)
	}
	switch from, several := onlyAddress(found); {
	case several:
		return "", "more than one address in From: the sender is ambiguous"
	case len(found) > 0 && from == "":
		return "", "a From address pbem cannot answer"
	default:
		return from, ""
	}
}

// onlyAddress is the address list names, "" when none, and whether it
// names more than one mailbox (a client that writes the address as its own
// display name names one twice).
func onlyAddress(list []string) (address string, several bool) {
	for i, a := range list {
		if i > 0 && !SameAddress(a, list[0]) {
			return "", true
		}
	}
	if len(list) == 0 {
		return "", false
	}
	return list[0], false
}
