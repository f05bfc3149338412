package mailer

import (
	"bytes"
	"encoding/base64"
	"fmt"
	"regexp"
)

// A picture drawn later travels in the queued mail as a placeholder: the
// bytes whose base64 form, the part's whole body on one line, is
// laterPrefix, the picture's Ref and laterSuffix. Finish finds that line
// and writes the picture's base64 in its place, so the mail's structure
// and every other byte stay as Compose wrote them. No other part can hold
// such a line, whatever a player writes: Compose writes all text
// quoted-printable, where a line never ends in "==" (a "=" is written
// "=3D"), and a header never holds an empty line.
const (
	laterPrefix = "pbemPicture0"
	laterSuffix = "AA==" // one zero byte: the padding no quoted-printable line has
)

// laterLine finds placeholders in a composed mail, each the whole body of
// its part, the Ref as its group: a match is one when a line break
// follows it (see placeholders).
var laterLine = regexp.MustCompile(`\r\n\r\n` + laterPrefix + `([0-9a-f]{16})` + laterSuffix)

// placeholders are the places in raw of the placeholders it holds, as
// laterLine's submatch indexes.
func placeholders(raw []byte) [][]int {
	var out [][]int
	for _, m := range laterLine.FindAllSubmatchIndex(raw, -1) {
		if bytes.HasPrefix(raw[m[1]:], []byte("\r\n")) {
			out = append(out, m)
		}
	}
	return out
}

// placeholder is the body of a part whose picture ref names: 22 bytes
// whose base64 is laterPrefix, ref and laterSuffix.
func placeholder(ref string) ([]byte, error) {
	if !validRef(ref) {
		return nil, fmt.Errorf("a picture drawn later needs a Ref of 16 lower-case hex digits, not %q", ref)
	}
	return base64.StdEncoding.DecodeString(laterPrefix + ref + laterSuffix)
}

// validRef reports whether ref is 16 lower-case hex digits.
func validRef(ref string) bool {
	if len(ref) != 16 {
		return false
	}
	for _, c := range ref {
		if !('0' <= c && c <= '9' || 'a' <= c && c <= 'f') {
			return false
		}
	}
	return true
}

// Later lists the Refs of the pictures raw still waits for, in order,
// each once.
func Later(raw []byte) []string {
	var refs []string
	seen := map[string]bool{}
	for _, m := range placeholders(raw) {
		if ref := string(raw[m[2]:m[3]]); !seen[ref] {
			seen[ref] = true
			refs = append(refs, ref)
		}
	}
	return refs
}

// Finish is raw, a mail Compose wrote, with each picture it waits for
// filled in by picture(ref), base64 in lines of 76 characters as Compose
// writes every base64 part; raw itself when it waits for none. An error
// of picture leaves the mail unfinished.
func Finish(raw []byte, picture func(ref string) ([]byte, error)) ([]byte, error) {
	found := placeholders(raw)
	if found == nil {
		return raw, nil
	}
	drawn := map[string][]byte{}
	var out bytes.Buffer
	last := 0
	for _, m := range found {
		ref := string(raw[m[2]:m[3]])
		enc, ok := drawn[ref]
		if !ok {
			data, err := picture(ref)
			if err != nil {
				return nil, fmt.Errorf("the picture %s: %w", ref, err)
			}
			enc = wrapBase64(data)
			drawn[ref] = enc
		}
		if out.Len() == 0 {
			out.Grow(len(raw) + len(enc)*len(found))
		}
		out.Write(raw[last : m[0]+4]) // up to and with the blank line before
		out.Write(enc)
		last = m[1] // from the line break after
	}
	out.Write(raw[last:])
	return out.Bytes(), nil
}

// wrapBase64 is data in base64, in lines of 76 characters joined by CRLF,
// with no line break at the end.
func wrapBase64(data []byte) []byte {
	enc := base64.StdEncoding.EncodeToString(data)
	out := make([]byte, 0, len(enc)+len(enc)/76*2+2)
	for len(enc) > 76 {
		out = append(out, enc[:76]...)
		out = append(out, '\r', '\n')
		enc = enc[76:]
	}
	return append(out, enc...)
}
