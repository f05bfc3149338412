package server

import (
	"context"

	"pbem/lang"
	"pbem/parser"
)

// A newcomer who writes "inscription Zoé" expects French back, though
// they chose no language yet and the server's default may be English. The
// language their lobby mail is written in (parser.LobbyLanguage) is the
// language of the answers to them while it is handled, unless they chose
// one; a sign-up so written starts their account in it.

type writerLangKey struct{}

// writerLang is the language the writer of the mail in hand wrote in.
type writerLang struct {
	mailbox string // parser.MailboxKey of the writer's address
	tag     lang.Tag
}

// withWriterLang returns ctx telling that m's writer wrote in the
// language its lobby words are in, when they say one.
func withWriterLang(ctx context.Context, m parser.Mail) context.Context {
	tag, ok := parser.LobbyLanguage(m.Text)
	if !ok {
		return ctx
	}
	return withLangOf(ctx, m.From, tag)
}

// withLangOf returns ctx telling that the writer at address writes tag.
func withLangOf(ctx context.Context, address string, tag lang.Tag) context.Context {
	return context.WithValue(ctx, writerLangKey{}, writerLang{mailbox: parser.MailboxKey(address), tag: tag})
}

// readerLang is the language of the mails to the reader at address whose
// choice is chosen ("" for none): theirs, else the language they wrote the
// mail in hand in (withWriterLang), else the server's default.
func (s *Server) readerLang(ctx context.Context, address, chosen string) lang.Tag {
	if chosen != "" {
		return s.chosen(chosen)
	}
	if w, ok := ctx.Value(writerLangKey{}).(writerLang); ok && w.mailbox == parser.MailboxKey(address) {
		return w.tag
	}
	return s.defaultLang()
}

// writtenIn is the language the writer of the mail in hand wrote in, ""
// when ctx does not say.
func writtenIn(ctx context.Context) lang.Tag {
	w, _ := ctx.Value(writerLangKey{}).(writerLang)
	return w.tag
}
