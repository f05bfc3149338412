package parser

import (
	"io"
	"regexp"
	"strings"

	"github.com/emersion/go-message"
	"github.com/emersion/go-message/mail"
)

// Bounce is what a delivery report says about a mail that did not reach
// its recipient: a DSN (RFC 3464, multipart/report; report-type=
// delivery-status) or one of the older bounces that only quote the mail
// returned. The server ties it, by IDs, to the mail it sent, so that the
// game's other players hear that an address bounces instead of waiting
// for a player who never gets their mail.
type Bounce struct {
	// Failed is true for a delivery given up (Action: failed), false for a
	// warning that it is still being tried (Action: delayed).
	Failed bool
	// Status is the RFC 3463 code, "5.1.1"; "" when the report gives none.
	Status string
	// Diagnostic is the remote server's words, one line, its type prefix
	// ("smtp;") removed: "550 5.1.1 <ann@example.net>: User unknown".
	Diagnostic string
	// Recipient is the address that failed (Final-Recipient, else
	// Original-Recipient, X-Failed-Recipients or the quoted one); "" when
	// the report does not say.
	Recipient string
	// IDs name the mail reported on, best first, without <>: the
	// Original-Envelope-Id and X-Original-Message-ID of the report, the
	// returned mail's Message-ID, the report's own In-Reply-To and
	// References, the returned mail's References.
	IDs []string
}

// Limits of the work on a report: what is read of each part.
const (
	maxReportPart = 64 << 10 // bytes read of a status, header or text part
	maxDiagnostic = 300      // runes kept of a diagnostic
)

// ReadBounce reads raw as a delivery report. ok is false for any other
// mail, a report of success (delivered, relayed, expanded) included, and
// for a report that names no mail (no ID to match it by). It is pure and
// lenient, never panics, and reads a bounded part of the mail.
func ReadBounce(raw []byte) (b Bounce, ok bool) {
	e, _, err := readEntity(raw)
	if err != nil {
		return Bounce{}, false
	}
	h := &mail.Header{Header: e.Header}
	var r reportWalk
	r.walk(e, 0)
	own := append(msgIDs(h, "In-Reply-To"), msgIDs(h, "References")...)
	if r.status != nil {
		b, ok = r.standard()
	} else if bounced, delay := looksBounced(h); bounced {
		b, ok = r.quoted(h, delay)
	}
	if !ok {
		return Bounce{}, false
	}
	b.IDs = uniqueIDs(append(append(append(b.IDs, r.returnedID...), own...), r.returnedRefs...))
	if len(b.IDs) == 0 {
		return Bounce{}, false
	}
	return b, true
}

// reportWalk gathers, from a report's parts, its delivery-status fields,
// the returned mail's header and its human-readable text.
type reportWalk struct {
	parts        int
	status       []map[string]string // the delivery-status groups: per message, then per recipient
	returnedID   []string
	returnedRefs []string
	text         string // the text parts, for the bounces that have nothing else
}

func (r *reportWalk) walk(e *message.Entity, depth int) {
	ct := parseContentType(e.Header.Get("Content-Type"))
	if mr := e.MultipartReader(); mr != nil {
		if depth >= maxDepth {
			return
		}
		for r.parts < maxParts {
			p, err := mr.NextPart()
			if p == nil || err == io.EOF {
				// A broken multipart ends here; what was read is kept.
				return
			}
			r.walk(p, depth+1)
		}
		return
	}
	r.parts++
	body, _ := io.ReadAll(io.LimitReader(e.Body, maxReportPart))
	switch ct.mediaType {
	case "message/delivery-status", "message/global-delivery-status":
		if r.status == nil {
			r.status = statusGroups(validUTF8(string(body)))
		}
	case "message/rfc822", "message/global", "text/rfc822-headers", "message/rfc822-headers":
		if r.returnedID == nil {
			r.returned(validUTF8(string(body)))
		}
	default:
		if strings.HasPrefix(ct.mediaType, "text/") && len(r.text) < maxReportPart {
			r.text += validUTF8(string(body)) + "\n"
		}
	}
}

// returned reads the header of the returned mail (or of its header alone).
func (r *reportWalk) returned(text string) {
	fields := headerFields(text)
	if id := idsOf(fields["message-id"]); len(id) > 0 {
		r.returnedID = id[:1]
	}
	r.returnedRefs = idsOf(fields["references"])
}

// standard is the bounce a delivery-status part says: the first recipient
// that failed, else the first delayed one; nothing for a report of success.
func (r *reportWalk) standard() (Bounce, bool) {
	var b Bounce
	var perMessage map[string]string
	if len(r.status) > 0 {
		perMessage = r.status[0]
	}
	var chosen map[string]string
	for _, g := range r.status {
		action := headerToken(g["action"])
		if action == "" && g["status"] != "" {
			// A report without Action still has a status class.
			action = map[byte]string{'5': "failed", '4': "delayed"}[g["status"][0]]
		}
		if action == "failed" {
			chosen, b.Failed = g, true
			break
		}
		if action == "delayed" && chosen == nil {
			chosen = g
		}
	}
	if chosen == nil {
		return Bounce{}, false
	}
	b.Status = statusCode(chosen["status"])
	b.Diagnostic = diagnostic(chosen["diagnostic-code"])
	if b.Diagnostic == "" {
		b.Diagnostic = smtpLine(r.text)
	}
	if d := statusInText.FindString(b.Diagnostic); d != "" && (b.Status == "" || strings.HasSuffix(b.Status, ".0.0")) {
		// Exim says 5.0.0 and leaves the detail to the remote server.
		b.Status = d
	}
	b.Recipient = typedAddress(chosen["final-recipient"])
	if b.Recipient == "" {
		b.Recipient = typedAddress(chosen["original-recipient"])
	}
	if b.Diagnostic == "" {
		b.Diagnostic = wordsAfter(r.text, b.Recipient)
	}
	if envid := strings.Trim(strings.TrimSpace(perMessage["original-envelope-id"]), "<>"); envid != "" && !strings.ContainsFunc(envid, isSpace) && len(envid) <= maxIDLen {
		b.IDs = []string{validUTF8(envid)}
	}
	// Gmail names the mail returned in the report itself.
	b.IDs = append(b.IDs, idsOf(perMessage["x-original-message-id"])...)
	return b, true
}

// quoted is the bounce of a report that only quotes the mail returned
// (qmail's, many hosted systems'): its Message-ID among the quoted header
// lines, the failure read from its words, a delay when its subject (delay)
// or its text says so.
func (r *reportWalk) quoted(h *mail.Header, delay bool) (Bounce, bool) {
	if r.returnedID == nil {
		for _, m := range quotedIDLine.FindAllStringSubmatch(r.text, 4) {
			if ids := tolerantIDs(m[1]); len(ids) > 0 {
				r.returnedID = ids[:1]
				break
			}
		}
	}
	if r.returnedID == nil {
		return Bounce{}, false
	}
	b := Bounce{Failed: !delay && !delayed(r.text)}
	b.Diagnostic = smtpLine(r.text)
	b.Status = statusCode(statusInText.FindString(b.Diagnostic))
	if b.Status == "" {
		b.Status = statusCode(statusInText.FindString(r.text))
	}
	if v := addressList(h, "X-Failed-Recipients"); len(v) > 0 {
		b.Recipient = v[0]
	} else if m := qmailRecipient.FindStringSubmatch(r.text); m != nil {
		b.Recipient = normalizeAddress(m[1])
	}
	return b, true
}

var (
	// quotedIDLine is a Message-ID field of the quoted mail, maybe indented
	// or quoted with "> ".
	quotedIDLine = regexp.MustCompile(`(?im)^[ \t>]*message-id:[ \t]*(\S.*)$`)
	// statusInText is an RFC 3463 status code in running text.
	statusInText = regexp.MustCompile(`\b[245]\.\d{1,3}\.\d{1,3}\b`)
	// smtpReply is an SMTP error reply quoted in a bounce's text.
	smtpReply = regexp.MustCompile(`(?m)(?:^|[\s:(])([45]\d\d[ -].*)$`)
	// qmailRecipient is qmail's "<ann@example.net>:" line heading a failure.
	qmailRecipient = regexp.MustCompile(`(?m)^<([^<>\s]+@[^<>\s]+)>:\s*$`)
)

// bounceSubjects are the subjects of bounces that are no DSN: a
// lower-cased beginning, one row per system or language, with an example
// the test reads.
var bounceSubjects = []struct {
	prefix, example string
	delay           bool // a warning that the mail is still being tried
}{
	{"undelivered mail returned to sender", "Undelivered Mail Returned to Sender", false}, // Postfix
	{"mail delivery failed", "Mail delivery failed: returning message to sender", false},  // Exim
	{"failure notice", "failure notice", false},                                           // qmail, Yahoo
	{"delivery status notification", "Delivery Status Notification (Failure)", false},     // Gmail, Exchange
	{"undeliverable:", "Undeliverable: [#1-abc] Amplitude, move 3", false},                // Outlook, Exchange
	{"undeliverable mail", "Undeliverable mail: [#1-abc] Amplitude", false},               // Yandex, some hosts
	{"returned mail:", "Returned mail: see transcript for details", false},                // Sendmail
	{"delivery failure", "Delivery Failure: [#1-abc] Amplitude", false},                   // Lotus Domino
	{"mail system error", "Mail System Error - Returned Mail", false},                     // older hosted systems
	{"delivery has failed", "Delivery has failed to these recipients or groups", false},   // old Exchange
	{"non remis :", "Non remis : [#1-abc] Amplitude", false},                              // French Outlook
	{"unzustellbar:", "Unzustellbar: [#1-abc] Amplitude", false},                          // German Outlook
	{"no se puede entregar:", "No se puede entregar: [#1-abc] Amplitude", false},          // Spanish Outlook
	{"warning: message", "Warning: message 1xYNrv-00039M-2g delayed 24 hours", true},      // Exim, Sendmail delay
	{"delayed mail", "Delayed Mail (still being retried)", true},                          // Postfix delay
}

// delayedPhrases tell, in a bounce's text, a warning that delivery goes on
// being tried rather than a failure: lower-cased, one row per system.
var delayedPhrases = []string{
	"has not yet been delivered", // Exim: "Message … has not yet been delivered"
	"not been delivered yet",
	"delivery is delayed",
	"delivery has been delayed", // Exchange
	"will continue trying",
	"will keep trying",
	"still being retried", // Postfix
	"will be retried",     // Postfix
	"temporarily deferred",
}

// delayed reports whether a bounce's text warns of a delay.
func delayed(text string) bool {
	text = strings.ToLower(text)
	for _, p := range delayedPhrases {
		if strings.Contains(text, p) {
			return true
		}
	}
	return false
}

// looksBounced reports whether a mail without a delivery-status part is a
// bounce: from a mail system's own address, or under a bounce's subject;
// delay when its subject says it is a warning of a delay. An auto-reply
// (a person's out-of-office) is neither.
func looksBounced(h *mail.Header) (bounced, delay bool) {
	var from string
	if a := addressList(h, "From"); len(a) > 0 {
		from = a[0]
	}
	s := strings.ToLower(strings.TrimSpace(subject(h)))
	for _, row := range bounceSubjects {
		if strings.HasPrefix(s, row.prefix) {
			return true, row.delay
		}
	}
	return daemonSender(from, h.Get("From")) != "", false
}
