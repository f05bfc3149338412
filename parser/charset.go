package parser

import (
	"io"
	"strings"
	"unicode/utf8"

	"github.com/emersion/go-message"
	_ "github.com/emersion/go-message/charset" // every charset golang.org/x/text knows
)

// The charsets players actually send besides UTF-8 are the Western ones:
// they are decoded here from two small tables, with windows-1252 read for
// ISO-8859-1 as browsers do. Every other charset goes to
// message.CharsetReader, which go-message's charset package sets up from
// golang.org/x/text, and a label nobody knows is read as best effort.

// charsetKind says how a charset label is decoded.
type charsetKind int

const (
	charsetUnknown charsetKind = iota
	charsetUTF8                // UTF-8 and its subset US-ASCII
	charsetCP1252              // windows-1252, and ISO-8859-1 read as windows-1252 (as browsers do)
	charsetLatin9              // ISO-8859-15
)

var charsetLabels = map[string]charsetKind{
	"utf-8": charsetUTF8, "utf8": charsetUTF8, "unicode-1-1-utf-8": charsetUTF8,
	"us-ascii": charsetUTF8, "ascii": charsetUTF8, "us": charsetUTF8, "ansi_x3.4-1968": charsetUTF8,
	"iso-ir-6": charsetUTF8, "iso646-us": charsetUTF8, "csascii": charsetUTF8, "": charsetUTF8,

	"windows-1252": charsetCP1252, "cp1252": charsetCP1252, "x-cp1252": charsetCP1252,
	"cswindows1252": charsetCP1252, "iso-8859-1": charsetCP1252, "iso8859-1": charsetCP1252,
	"iso_8859-1": charsetCP1252, "iso_8859-1:1987": charsetCP1252, "latin1": charsetCP1252,
	"latin-1": charsetCP1252, "l1": charsetCP1252, "cp819": charsetCP1252, "ibm819": charsetCP1252,
	"csisolatin1": charsetCP1252, "iso-ir-100": charsetCP1252, "ansi_x3.110-1983": charsetCP1252,

	"iso-8859-15": charsetLatin9, "iso8859-15": charsetLatin9, "iso_8859-15": charsetLatin9,
	"latin-9": charsetLatin9, "latin9": charsetLatin9, "l9": charsetLatin9, "csisolatin9": charsetLatin9,
}

// cp1252High maps the bytes 0x80–0x9F of windows-1252; the five bytes the
// charset leaves undefined map to the C1 control of the same value, as the
// WHATWG encoding standard says.
var cp1252High = [32]rune{
	'\u20ac', '\u0081', '\u201a', '\u0192', '\u201e', '\u2026', '\u2020', '\u2021',
	'\u02c6', '\u2030', '\u0160', '\u2039', '\u0152', '\u008d', '\u017d', '\u008f',
	'\u0090', '\u2018', '\u2019', '\u201c', '\u201d', '\u2022', '\u2013', '\u2014',
	'\u02dc', '\u2122', '\u0161', '\u203a', '\u0153', '\u009d', '\u017e', '\u0178',
}

// latin9Diff holds the eight code points where ISO-8859-15 differs from
// ISO-8859-1.
var latin9Diff = map[byte]rune{
	0xa4: '\u20ac', 0xa6: '\u0160', 0xa8: '\u0161', 0xb4: '\u017d',
	0xb8: '\u017e', 0xbc: '\u0152', 0xbd: '\u0153', 0xbe: '\u0178',
}

func normCharset(label string) string {
	return strings.ToLower(strings.Trim(label, " \t\"'"))
}

// decodeCharset turns b, written in the charset label, into valid UTF-8. It
// never fails: an unknown charset is read as best effort (see bestEffort).
func decodeCharset(label string, b []byte) string {
	label = normCharset(label)
	switch charsetLabels[label] {
	case charsetCP1252:
		return decodeSingleByte(b, nil)
	case charsetLatin9:
		return decodeSingleByte(b, latin9Diff)
	case charsetUnknown:
		if message.CharsetReader != nil {
			if r, err := message.CharsetReader(label, strings.NewReader(string(b))); err == nil && r != nil {
				if out, err := io.ReadAll(io.LimitReader(r, 4*int64(len(b))+16)); err == nil {
					return validUTF8(string(out))
				}
			}
		}
	}
	return bestEffort(b)
}

// bestEffort reads bytes whose charset is UTF-8, undeclared or unknown: valid
// UTF-8 is kept as it is (most mislabelled mail today is UTF-8), anything
// else is read as windows-1252, which maps every byte to a character and so
// keeps every ASCII command intact.
func bestEffort(b []byte) string {
	if utf8.Valid(b) {
		return string(b)
	}
	return decodeSingleByte(b, nil)
}

// bestEffortString is bestEffort for a string.
func bestEffortString(s string) string {
	if utf8.ValidString(s) {
		return s
	}
	return decodeSingleByte([]byte(s), nil)
}

// decodeSingleByte decodes windows-1252, or ISO-8859-15 when diff is
// latin9Diff.
func decodeSingleByte(b []byte, diff map[byte]rune) string {
	var sb strings.Builder
	sb.Grow(len(b) + len(b)/8)
	for _, c := range b {
		switch {
		case c < 0x80:
			sb.WriteByte(c)
		case diff != nil:
			if r, ok := diff[c]; ok {
				sb.WriteRune(r)
			} else {
				sb.WriteRune(rune(c))
			}
		case c < 0xa0:
			sb.WriteRune(cp1252High[c-0x80])
		default:
			sb.WriteRune(rune(c))
		}
	}
	return sb.String()
}

// wordCharsetReader decodes the charsets of RFC 2047 encoded words (the
// Subject) with the same rules as bodies, so an unknown charset yields its
// bytes rather than an error that would lose the whole header.
func wordCharsetReader(label string, input io.Reader) (io.Reader, error) {
	b, err := io.ReadAll(input)
	if err != nil {
		return nil, err
	}
	return strings.NewReader(decodeCharset(label, b)), nil
}

// validUTF8 replaces invalid UTF-8 with U+FFFD, without copying s in the
// common case where it is valid.
func validUTF8(s string) string {
	if utf8.ValidString(s) {
		return s
	}
	return strings.ToValidUTF8(s, "\uFFFD")
}
