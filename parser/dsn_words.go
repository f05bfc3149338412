package parser

import "strings"

// Reason is the bounce in words for the game's other players and the
// operator: the status, what it means, and the remote server's own words,
// as "5.1.1, the address does not exist: 550 5.1.1 <ann@example.net>: User
// unknown". A delayed report says so first.
func (b Bounce) Reason() string {
	var parts []string
	if b.Status != "" {
		parts = append(parts, b.Status+", "+statusMeaning(b.Status))
	}
	if b.Diagnostic != "" {
		parts = append(parts, b.Diagnostic)
	}
	r := strings.Join(parts, ": ")
	if r == "" {
		r = "the mail could not be delivered"
	}
	if !b.Failed {
		r = "delayed, still being tried: " + r
	}
	return r
}

// statusDetails are the RFC 3463 codes bounces carry most, by subject and
// detail (the class, 4 or 5, says only whether the failure may pass).
var statusDetails = map[string]string{
	"1.1":  "the address does not exist",
	"1.2":  "the address's domain does not exist or takes no mail",
	"1.3":  "the address is not valid",
	"1.6":  "the mailbox has moved",
	"1.10": "the address's domain takes no mail",
	"2.1":  "the mailbox is disabled",
	"2.2":  "the mailbox is full",
	"2.3":  "the mail is too big for the mailbox",
	"3.4":  "the mail is too big for the system",
	"4.1":  "the receiving server does not answer",
	"4.4":  "no mail server could be found for the domain",
	"4.7":  "delivery timed out",
	"7.1":  "the receiving server refused it by policy",
	"7.26": "the receiving server refused it as unauthenticated",
}

// statusSubjects are RFC 3463's subjects, for the codes statusDetails
// does not list.
var statusSubjects = map[string]string{
	"0": "delivery failed",
	"1": "an address problem",
	"2": "a mailbox problem",
	"3": "a mail system problem",
	"4": "a network or routing problem",
	"5": "a mail protocol problem",
	"6": "a problem with the mail's content",
	"7": "refused by security policy",
}

// statusMeaning says a status code in words.
func statusMeaning(code string) string {
	_, rest, _ := strings.Cut(code, ".")
	if w, ok := statusDetails[rest]; ok {
		return w
	}
	subject, _, _ := strings.Cut(rest, ".")
	if w, ok := statusSubjects[subject]; ok {
		return w
	}
	return "delivery failed"
}
