package lobby

import (
	"context"

	"pbem/lang"
	"pbem/parser"
	"pbem/server/core"
	"pbem/store"
	"pbem/templates"
)

// NoticeLater reads what a Notice to address needs — how it greets its
// reader, in which language, the lobby's reply address for them — and
// returns the composing of it, which reads nothing: for a notice whose
// text is known only inside a store transaction (the number of what it
// creates), which must read nothing.
func (lb Lobby) NoticeLater(ctx context.Context, address string) (core.NoticeOf, error) {
	who, tag, err := lb.Core.Greeting(ctx, address, "")
	if err != nil {
		return nil, err
	}
	gen, err := lb.Core.TokenGenOf(ctx, address)
	if err != nil {
		return nil, err
	}
	reply, id, err := lb.Core.LobbyReply(ctx, address, gen)
	if err != nil {
		return nil, err
	}
	return func(topic, text lang.Msg, answered parser.Mail) (store.OutMail, error) {
		return lb.Core.ComposeLobby(tag, address, reply, id, "notice", lang.T("pbem: %s", topic), templates.Notice{Player: who, Text: text.In(tag)}, answered)
	}, nil
}
