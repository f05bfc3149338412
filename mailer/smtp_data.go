package mailer

import (
	"bufio"
	"bytes"
)

// withCRLF is raw with SMTP's line ends, as go-smtp's DATA writer
// (net/textproto's) made them: a LF not after a CR made CRLF, and the last
// line ended. A mail pbem composed already is so, and comes back as it
// is, uncopied.
func withCRLF(raw []byte) []byte {
	if canonical(raw) {
		return raw
	}
	out := make([]byte, 0, len(raw)+len(raw)/32+2)
	afterCR, lineBegun := false, false
	for _, b := range raw {
		switch {
		case afterCR:
			// textproto's rule: the byte after a CR is taken as it is.
			afterCR = false
		case b == '\r':
			afterCR = true
		case b == '\n':
			out = append(out, '\r')
		}
		out = append(out, b)
		lineBegun = b != '\n'
	}
	switch {
	case afterCR:
		out = append(out, '\n')
	case lineBegun || len(raw) == 0:
		out = append(out, '\r', '\n')
	}
	return out
}

// canonical tells raw that needs no change for SMTP: not empty, every LF
// after a CR, no two CRs together (whose second textproto did not take
// for a line's end), the last line ended.
func canonical(raw []byte) bool {
	if !bytes.HasSuffix(raw, []byte("\r\n")) || bytes.Contains(raw, []byte("\r\r")) {
		return false
	}
	for i := 0; ; {
		j := bytes.IndexByte(raw[i:], '\n')
		if j < 0 {
			return true
		}
		if i+j == 0 || raw[i+j-1] != '\r' {
			return false
		}
		i += j + 1
	}
}

// writeDotStuffed writes raw, in SMTP's line ends, as DATA carries it
// (RFC 5321 4.5.2): a line that begins with a dot gets a second one, which
// the server takes away. raw is written in runs between such lines, not a
// byte at a time.
func writeDotStuffed(w *bufio.Writer, raw []byte) {
	if len(raw) > 0 && raw[0] == '.' {
		w.WriteByte('.')
	}
	for {
		i := bytes.Index(raw, []byte("\n."))
		if i < 0 {
			w.Write(raw)
			return
		}
		w.Write(raw[:i+1])
		w.WriteByte('.')
		raw = raw[i+1:]
	}
}
