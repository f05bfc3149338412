package core

import (
	"pbem/lang"
	"pbem/parser"
	"pbem/store"
)

// NoticeOf composes a notice from the lobby to a reader read beforehand
// (Lobby.NoticeLater), reading nothing: for a notice composed inside a
// store transaction.
type NoticeOf func(topic, text lang.Msg, answered parser.Mail) (store.OutMail, error)
