package bounce

import (
	"context"
	"errors"

	"pbem/parser"
	"pbem/store"
)

// Report is a delivery report about one of the server's mails
// (parser.ReadBounce), matched to the outbox by the IDs it names.
type Report struct {
	Bounce parser.Bounce
	Sent   store.ReportedMail
	// MailSystem says the report came as mail systems send theirs: with
	// the null envelope sender (Return-Path: <>), or with none recorded.
	// A report from someone's mailbox (any other Return-Path) is recorded,
	// but stops no clock (Record).
	MailSystem bool
}

// Finder finds the mail a report names.
type Finder interface {
	FindReported(ctx context.Context, ids ...string) (store.ReportedMail, error)
}

// Read reads raw, an automatic mail, as a delivery report about one of
// the server's mails; ok is false for any other mail, a report about a
// mail that is not the server's included: it goes on its way (an automatic
// mail, ignored).
func Read(ctx context.Context, st Finder, raw []byte) (r Report, ok bool, err error) {
	b, ok := parser.ReadBounce(raw)
	if !ok {
		return r, false, nil
	}
	sent, err := st.FindReported(ctx, b.IDs...)
	if errors.Is(err, store.ErrNotFound) {
		return r, false, nil
	}
	if err != nil {
		return r, false, err
	}
	return Report{Bounce: b, Sent: sent}, true, nil
}
