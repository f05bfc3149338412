package server

import (
	"context"

	"pbem/parser"
)

// The server knows what it sent. A reply names the mail it answers in
// In-Reply-To and References; while that mail is kept in the outbox
// (server.outbox_keep), its texts — the text part and the HTML part's — are
// taken out of the reply wherever and however they are quoted, with the
// attribution above them (parser.StripQuoted), before the general reader
// reads what is left. So no client's way of quoting, in no language, leaves
// a line of the server's mail — an example of its notation guide above all
// — to be read as the player's. When the mail is no longer kept, the
// general reader decides alone.

// maxQuotedLookups is how many of a reply's References are looked for in
// the outbox: the mail answered is the last, or near it.
const maxQuotedLookups = 10

// withoutOwnQuote is m with its text read again without the server's own
// mail it quotes, when that mail is still kept; m as it is otherwise.
func (it *intake) withoutOwnQuote(ctx context.Context, m parser.Mail) (parser.Mail, error) {
	ids := answered(m)
	if len(ids) == 0 || m.Body == "" {
		return m, nil
	}
	raw, ok, err := it.store.SentMail(ctx, ids)
	if err != nil || !ok {
		return m, err
	}
	if rest, removed := parser.StripSent(m.Body, raw); removed {
		m.Text = m.ReplyText(rest)
	}
	return m, nil
}

// answered are the Message-IDs of the mails m may answer, the likeliest
// first: In-Reply-To, then References from the last.
func answered(m parser.Mail) []string {
	var ids []string
	if m.InReplyTo != "" {
		ids = append(ids, m.InReplyTo)
	}
	for i := len(m.References) - 1; i >= 0 && len(ids) < maxQuotedLookups; i-- {
		if r := m.References[i]; r != m.InReplyTo {
			ids = append(ids, r)
		}
	}
	return ids
}
