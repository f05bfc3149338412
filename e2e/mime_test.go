package e2e

import (
	"bytes"
	"fmt"
	"io"
	"strings"

	"github.com/emersion/go-message"
)

// mimePart is one leaf part of a mail, its transfer encoding undone.
type mimePart struct {
	Type        string // the media type, lower case: "text/plain"
	Disposition string // "inline", "attachment" or ""
	ContentID   string // without <>
	Body        []byte
}

// mimeParts is every leaf part of raw, in the order the mail holds them,
// however deep its multiparts nest: the one walk of a mail's parts that
// the tests read text, HTML and pictures from.
func mimeParts(raw []byte) ([]mimePart, error) {
	e, err := message.Read(bytes.NewReader(raw))
	if err != nil {
		return nil, fmt.Errorf("unreadable mail: %w", err)
	}
	var parts []mimePart
	err = e.Walk(func(_ []int, part *message.Entity, err error) error {
		if err != nil {
			return err
		}
		kind, _, _ := part.Header.ContentType()
		if strings.HasPrefix(kind, "multipart/") {
			return nil
		}
		body, err := io.ReadAll(part.Body)
		if err != nil {
			return fmt.Errorf("read a %s part: %w", kind, err)
		}
		disp, _, _ := part.Header.ContentDisposition()
		parts = append(parts, mimePart{Type: kind, Disposition: disp, ContentID: strings.Trim(part.Header.Get("Content-ID"), "<>"), Body: body})
		return nil
	})
	if err != nil {
		return nil, fmt.Errorf("walk the mail's parts: %w", err)
	}
	return parts, nil
}
