package core

import (
	"context"

	"pbem/lang"
	"pbem/parser"
)

type writerLangKey struct{}

// writerLang is the language the writer of the mail in hand wrote in.
type writerLang struct {
	mailbox string // parser.MailboxKey of the writer's address
	tag     lang.Tag
}

// WithWriterLang returns ctx telling that m's writer wrote in the
// language its lobby words are in, when they say one.
func WithWriterLang(ctx context.Context, m parser.Mail) context.Context {
	tag, ok := parser.LobbyLanguage(m.Text)
	if !ok {
		return ctx
	}
	return WithLangOf(ctx, m.From, tag)
}

// WithLangOf returns ctx telling that the writer at address writes tag.
func WithLangOf(ctx context.Context, address string, tag lang.Tag) context.Context {
	return context.WithValue(ctx, writerLangKey{}, writerLang{mailbox: parser.MailboxKey(address), tag: tag})
}

// WrittenIn is the language the writer of the mail in hand wrote in, ""
// when ctx does not say.
func WrittenIn(ctx context.Context) lang.Tag {
	w, _ := ctx.Value(writerLangKey{}).(writerLang)
	return w.tag
}

// WriterLangOf is the language the writer at address wrote the mail in
// hand in, when ctx says it (WithWriterLang).
func WriterLangOf(ctx context.Context, address string) (lang.Tag, bool) {
	w, ok := ctx.Value(writerLangKey{}).(writerLang)
	if !ok || w.mailbox != parser.MailboxKey(address) {
		return "", false
	}
	return w.tag, true
}
