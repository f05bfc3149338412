package server

import (
	"pbem/server/core"

	"context"

	"pbem/lang"
)

// A newcomer who writes "inscription Zoé" expects French back, though
// they chose no language yet and the server's default may be English. The
// language their lobby mail is written in (parser.LobbyLanguage) is the
// language of the answers to them while it is handled, unless they chose
// one; a sign-up so written starts their account in it.

// readerLang is the language of the mails to the reader at address whose
// choice is chosen ("" for none): theirs, else the language they wrote the
// mail in hand in (withWriterLang), else the server's default.
func (c *composer) readerLang(ctx context.Context, address, chosen string) lang.Tag {
	if chosen != "" {
		return c.chosen(chosen)
	}
	if tag, ok := core.WriterLangOf(ctx, address); ok {
		return tag
	}
	return c.defaultLang()
}
