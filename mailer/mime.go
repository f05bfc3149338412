package mailer

import (
	"encoding/base64"
	"io"

	"github.com/emersion/go-message"
	"github.com/emersion/go-message/textproto"
)

// The MIME tree of a mail, written with go-message's header and multipart
// writers (go-message/textproto) but not its message.Writer, which puts
// every part's body through an encoder of its own: its quoted-printable
// one, the standard library's, handles a byte at a time and was a tenth
// of composing a mail. The headers and the tree are the same, byte for
// byte, as message.Writer's (compose_reference_test.go holds it to that);
// the text parts are encoded by appendQP, the pictures by base64 in
// lines of 76, as go-message does.

// mimeEntity is a multipart entity being written.
type mimeEntity struct{ mw *textproto.MultipartWriter }

// multipartHeader readies h, a multipart entity's header, as
// message.Writer does: a new boundary in its Content-Type, and no
// Content-Transfer-Encoding. It returns the boundary.
func multipartHeader(h *message.Header) string {
	mediaType, params, _ := h.ContentType()
	if params == nil {
		params = map[string]string{}
	}
	boundary := textproto.NewMultipartWriter(io.Discard).Boundary()
	params["boundary"] = boundary
	h.SetContentType(mediaType, params)
	h.Del("Content-Transfer-Encoding")
	return boundary
}

// topHeader is a mail's header h as message.CreateWriter writes it: a
// copy, with MIME-Version.
func topHeader(h message.Header) message.Header {
	h = h.Copy()
	if !h.Has("Mime-Version") {
		h.Set("MIME-Version", "1.0")
	}
	return h
}

// newMultipartMail writes h, the header of a multipart mail, to w and
// returns the entity its parts go in.
func newMultipartMail(w io.Writer, h message.Header) (*mimeEntity, error) {
	h = topHeader(h)
	boundary := multipartHeader(&h)
	if err := textproto.WriteHeader(w, h.Header); err != nil {
		return nil, err
	}
	mw := textproto.NewMultipartWriter(w)
	if err := mw.SetBoundary(boundary); err != nil {
		return nil, err
	}
	return &mimeEntity{mw}, nil
}

// multipart starts a multipart part of header h in e.
func (e *mimeEntity) multipart(h message.Header) (*mimeEntity, error) {
	h = h.Copy()
	boundary := multipartHeader(&h)
	pw, err := e.mw.CreatePart(h.Header)
	if err != nil {
		return nil, err
	}
	mw := textproto.NewMultipartWriter(pw)
	if err := mw.SetBoundary(boundary); err != nil {
		return nil, err
	}
	return &mimeEntity{mw}, nil
}

// qpPart writes a part of header h (which says quoted-printable) with
// body, its line breaks made CRLF, encoded.
func (e *mimeEntity) qpPart(h message.Header, body string) error {
	pw, err := e.mw.CreatePart(h.Header)
	if err != nil {
		return err
	}
	_, err = pw.Write(qpBody(body))
	return err
}

// qpBody is body, its line breaks made CRLF, in quoted-printable. (The
// encoder takes a '\r' as a line break and the '\n' after it as part of
// it, even with an encoded byte between them: the line breaks are made
// CRLF first, as they always were.)
func qpBody(body string) []byte {
	b := crlf(body)
	return appendQP(make([]byte, 0, len(b)+len(b)/8+16), b)
}

// base64Part writes a part of header h (which says base64) with data
// encoded, in lines of 76 characters.
func (e *mimeEntity) base64Part(h message.Header, data []byte) error {
	pw, err := e.mw.CreatePart(h.Header)
	if err != nil {
		return err
	}
	_, err = pw.Write(base64Lines(data))
	return err
}

// base64Lines is data in base64, in lines of 76 characters joined by
// CRLF, the last one without: what go-message's base64 writer writes.
func base64Lines(data []byte) []byte {
	enc := base64.StdEncoding.EncodedLen(len(data))
	out := make([]byte, 0, enc+enc/76*2)
	encoded := base64.StdEncoding.AppendEncode(nil, data)
	for i := 0; i < len(encoded); i += 76 {
		if i > 0 {
			out = append(out, '\r', '\n')
		}
		out = append(out, encoded[i:min(i+76, len(encoded))]...)
	}
	return out
}

// close writes e's closing boundary.
func (e *mimeEntity) close() error { return e.mw.Close() }
