package mailer

import (
	"fmt"
	"io"
	"strings"

	"github.com/emersion/go-message"
	"github.com/emersion/go-message/mail"
)

// InlinePart is a picture an HTML part shows as <img src="cid:...">: a
// board drawn for the mail, which a mail client shows without asking to
// load anything from the network. Parts of one Message with the same
// ContentID are the same picture, written once.
type InlinePart struct {
	// ContentID is the part's Content-ID without <>, what the HTML's
	// cid: URL names (RFC 2392): unique, with an @domain.
	ContentID   string
	ContentType string // "image/png"
	Filename    string // what a client that saves the picture names it
	// Data is the picture's bytes. When it is nil the part is written with
	// a placeholder naming Ref, filled in by Finish when the mail is sent:
	// a picture drawn once for every mail that shows it, after the
	// transaction that queued them, and stored once beside them.
	Data []byte
	// Ref names a picture drawn later (see Data): 16 lower-case hex digits.
	Ref string
}

// writeRelated writes m, which has an HTML part and inline parts, as
// multipart/alternative{text/plain, multipart/related{text/html,
// image/...}}: the text part first, as the plainest, then the HTML part
// with the pictures it shows (RFC 2046 and 2387), so that a client that
// reads text alone shows no attachment.
func writeRelated(w io.Writer, h mail.Header, m Message) error {
	h = h.Copy()
	h.Set("Content-Type", "multipart/alternative")
	alt, err := newMultipartMail(w, h.Header)
	if err != nil {
		return err
	}
	if err := textPart(alt, "text/plain", m.Text); err != nil {
		return err
	}
	var rh message.Header
	rh.SetContentType("multipart/related", map[string]string{"type": "text/html"})
	rel, err := alt.multipart(rh)
	if err != nil {
		return err
	}
	if err := textPart(rel, "text/html", m.HTML); err != nil {
		return err
	}
	written := map[string]bool{}
	for _, p := range m.Inline {
		if written[p.ContentID] {
			continue // the same picture twice (two games of a digest at the same board): one part
		}
		written[p.ContentID] = true
		if err := inlinePart(rel, p); err != nil {
			return err
		}
	}
	if err := rel.close(); err != nil {
		return err
	}
	return alt.close()
}

// textPart writes one quoted-printable UTF-8 part of kind into e.
func textPart(e *mimeEntity, kind, body string) error {
	var ph message.Header
	ph.SetContentType(kind, map[string]string{"charset": "utf-8"})
	ph.Set("Content-Transfer-Encoding", "quoted-printable")
	ph.Set("Content-Disposition", "inline")
	return e.qpPart(ph, body)
}

// inlinePart writes p into e, base64, named by its Content-ID.
func inlinePart(e *mimeEntity, p InlinePart) error {
	if p.ContentID == "" || strings.ContainsAny(p.ContentID, "<> \r\n") {
		return fmt.Errorf("inline part %q: a Content-ID is a non-empty id without <>, spaces or line breaks", p.ContentID)
	}
	var ph message.Header
	ph.SetContentType(p.ContentType, nil)
	ph.Set("Content-Transfer-Encoding", "base64")
	ph.Set("Content-ID", "<"+p.ContentID+">")
	ph.SetContentDisposition("inline", map[string]string{"filename": p.Filename})
	data := p.Data
	if data == nil {
		var err error
		if data, err = placeholder(p.Ref); err != nil {
			return fmt.Errorf("inline part %s: %w", p.ContentID, err)
		}
	}
	return e.base64Part(ph, data)
}
