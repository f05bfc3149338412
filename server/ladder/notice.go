package ladder

import (
	"context"

	"pbem/lang"
	"pbem/parser"
	"pbem/store"
	"pbem/templates"
)

// notice is a "notice" mail to address (its player named name), in their
// language, answering answered (parser.Mail{} for none): text, and board
// (a table in the reader's language, nil for none) under it.
func (ls Ladders) notice(ctx context.Context, address, name string, topic, text lang.Msg, board func(lang.Tag) string, answered parser.Mail) (store.OutMail, error) {
	who, tag, err := ls.Core.Greeting(ctx, address, name)
	if err != nil {
		return store.OutMail{}, err
	}
	data := templates.Notice{Player: who, Text: text.In(tag)}
	if board != nil {
		data.Board = board(tag)
	}
	return ls.Core.ComposeTo(ctx, tag, address, "notice", lang.T("pbem: %s", topic), data, answered)
}
