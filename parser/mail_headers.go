package parser

import (
	"mime"
	"strings"
	"time"

	"github.com/emersion/go-message/mail"
)

// date reads the Date field, trying the one layout nearly every client
// writes before net/mail's slower list of obsolete forms.
func date(h *mail.Header) time.Time {
	v := strings.TrimSpace(h.Get("Date"))
	if v == "" {
		return time.Time{}
	}
	if d, err := time.Parse(time.RFC1123Z, v); err == nil {
		return d
	}
	if d, err := h.Date(); err == nil {
		return d
	}
	return time.Time{}
}

// subject decodes RFC 2047 words with the package's charset rules; a value
// that cannot be decoded is kept raw rather than lost.
func subject(h *mail.Header) string {
	raw := h.Get("Subject")
	dec := mime.WordDecoder{CharsetReader: wordCharsetReader}
	s, err := dec.DecodeHeader(raw)
	if err != nil {
		s = raw
	}
	return bestEffortString(s)
}

// returnPath reads the envelope sender. Return-Path is added by the final
// MTA on delivery, so the first field is the one that counts.
func returnPath(h *mail.Header) (string, bool) {
	if !h.Has("Return-Path") {
		return "", false
	}
	v := strings.TrimSpace(h.Get("Return-Path"))
	if strings.HasPrefix(v, "<") {
		v = v[1:]
		if i := strings.IndexByte(v, '>'); i >= 0 {
			v = v[:i]
		}
	}
	return bestEffortString(strings.TrimSpace(v)), true
}
