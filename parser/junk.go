package parser

import (
	"strings"

	"github.com/emersion/go-message/mail"
)

// automaticReason tells why a mail was sent by a program rather than typed by
// a person, or "" for a human mail. Answering such a mail risks a mail loop
// (two auto-responders answering each other forever) or mail to a list, so
// the server ignores it. The tests follow RFC 3834 (Auto-Submitted), RFC 3464
// (delivery reports), RFC 2369/2919 (list headers) and the de facto headers
// of common auto-responders; X-Auto-Response-Suppress is a request about
// answers to this mail, not a mark of automation, and does not count. The
// server's own address is checked by the caller, which knows it.
func automaticReason(h *mail.Header, from string) string {
	if parseContentType(h.Get("Content-Type")).mediaType == "multipart/report" {
		return "delivery report (multipart/report)"
	}
	if local := daemonSender(from, h.Get("From")); local != "" {
		return "sender is " + local
	}
	if h.Has("Auto-Submitted") {
		v := headerToken(h.Get("Auto-Submitted"))
		if v != "no" {
			return "Auto-Submitted: " + clip(v)
		}
	}
	for _, k := range []string{"X-Autoreply", "X-Autorespond"} {
		if h.Has(k) {
			return k + " header"
		}
	}
	switch v := headerToken(h.Get("Precedence")); v {
	case "bulk", "junk", "list", "auto_reply":
		return "Precedence: " + v
	}
	for _, k := range []string{"List-Id", "List-Unsubscribe"} {
		if h.Has(k) {
			return "mailing list (" + k + ")"
		}
	}
	if h.Has("Return-Path") {
		if rp, _ := returnPath(h); rp == "" {
			return "empty return path"
		}
	}
	return ""
}

// daemonSender returns the local part of the sender when it is a mail
// system's own (mailer-daemon or postmaster), else "". A bounce's From is
// often not a valid address ("MAILER-DAEMON" alone), so the raw header is
// searched when no address could be read.
func daemonSender(from, raw string) string {
	isDaemon := func(local string) bool {
		l := strings.ToLower(local)
		return l == "mailer-daemon" || l == "postmaster"
	}
	if from != "" {
		local := from
		if at := strings.LastIndexByte(from, '@'); at >= 0 {
			local = from[:at]
		}
		if isDaemon(local) {
			return strings.ToLower(local)
		}
		return ""
	}
	for _, tok := range strings.FieldsFunc(raw, isAddressSeparator) {
		local, _, _ := strings.Cut(tok, "@")
		if isDaemon(local) {
			return strings.ToLower(local)
		}
	}
	return ""
}

// headerToken is the first token of a structured header value, lower-cased:
// "auto-replied; owner-email=x" gives "auto-replied".
func headerToken(v string) string {
	v, _, _ = strings.Cut(v, ";")
	v, _, _ = strings.Cut(v, "(")
	return strings.ToLower(strings.TrimSpace(v))
}

// clip keeps a header value short and printable for a log line.
func clip(s string) string {
	if len(s) > 160 {
		s = s[:160]
	}
	s = validUTF8(s)
	s = strings.Map(func(r rune) rune {
		if r < ' ' || r == 0x7f {
			return -1
		}
		return r
	}, s)
	n := 0
	for i := range s {
		if n == 40 {
			return s[:i] + "…"
		}
		n++
	}
	return s
}
