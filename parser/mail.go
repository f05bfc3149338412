package parser

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"strings"
	"time"

	"github.com/emersion/go-message"
	"github.com/emersion/go-message/mail"
)

// Mail is an inbound mail as the server reads it: the few header fields that
// decide who sent it, which game and move it answers and whether it may be
// answered at all, and the text the player wrote. Every string is valid
// UTF-8, so it can be stored, logged and quoted back without more checks.
type Mail struct {
	// MessageID, without <>, records the mail exactly once; "" when the mail
	// has none (the server then uses a hash of the bytes).
	MessageID string
	// From is the sender's bare address with its domain lower-cased (domains
	// are case-insensitive, local parts in principle are not), read by RFC
	// 5322 (a quoted local part is kept quoted: `"ann@x.org"@y.org` is an
	// address at y.org); "" when no address could be read, or when the mail
	// names its sender ambiguously (FromProblem).
	From string
	// FromProblem, "" for most mails, says why a mail that names a sender
	// has none pbem may trust: two From fields, or two addresses in From.
	// The operator's mail server checked one of them, which one is not
	// known, so the mail is from no player and gets no answer.
	FromProblem string
	// ReturnPath is the envelope sender from Return-Path, without <>. The
	// null sender "<>" of bounces gives "" with HasReturnPath true, which
	// tells it apart from a mail whose Return-Path was never added.
	ReturnPath    string
	HasReturnPath bool
	// To and Cc are bare addresses: the reply address, which carries the
	// game's token, may be in either.
	To, Cc []string
	// Subject is decoded from RFC 2047; it may carry the game's [#id] tag.
	Subject string
	// InReplyTo and References, without <>, thread the mail to the game's
	// mails, whose Message-IDs carry the token too.
	InReplyTo  string
	References []string
	// Date is the sender's claim, zero when missing or unreadable: for
	// display only, never for deadlines.
	Date time.Time
	// Text is the new text the player wrote (see ReplyText), from the
	// first text/plain part or else the first text/html part.
	Text string
	// Body is that part's whole text, quotes and signature included: what
	// the server reads again when it knows the mail a reply quotes
	// (StripQuoted, then ReplyText).
	Body string
	// sender are the words From names the sender with, which a signature
	// repeats (senderWords).
	sender senderWords
	// Automatic says why the mail was sent by a program and must get no
	// answer (auto-replies, bounces, lists), "" for a human mail.
	Automatic string
	// AuthResults are the mail's Authentication-Results fields, topmost
	// first: what the receiving servers found of its sender.
	AuthResults []AuthResults
}

// Limits that bound the work on a huge or hostile mail. The caller caps the
// mail's size; these keep a mail under that cap from costing more than a
// reading of its bytes.
const (
	maxTextBytes = 1 << 20 // bytes of the chosen body part that are read
	maxParts     = 100     // MIME parts looked at
	maxDepth     = 10      // multipart nesting
	maxAddresses = 100     // addresses kept per header
	maxIDs       = 100     // message ids kept from References
	maxIDLen     = 998     // a message id longer than a header line is junk
)

var errNoHeader = errors.New("no header fields")

// ReadMail reads one raw RFC 5322 mail. It is lenient where mail in the wild
// is broken (unknown charsets and transfer encodings, malformed addresses and
// message ids, stray lines in the header, an mbox "From " line, LF line
// ends) because a player's move must not be lost to their client's bugs; it
// returns an error only when no header field at all can be read, and the
// server then records the mail as rejected. The text is the first text/plain
// part that is neither an attachment nor blank, else the first text/html
// part through HTMLText, then through ReplyText. It never panics, and the
// work stays about linear in the size of raw, which the caller caps.
func ReadMail(raw []byte) (Mail, error) {
	e, entErr, err := readEntity(raw)
	if err != nil {
		return Mail{}, fmt.Errorf("read mail: %w", err)
	}
	h := &mail.Header{Header: e.Header}
	var m Mail
	m.MessageID = firstID(h, "Message-Id")
	m.From, m.FromProblem = fromAddress(h)
	m.To = addressList(h, "To")
	m.Cc = addressList(h, "Cc")
	m.ReturnPath, m.HasReturnPath = returnPath(h)
	m.Subject = subject(h)
	m.InReplyTo = firstID(h, "In-Reply-To")
	m.References = msgIDs(h, "References")
	m.Date = date(h)
	m.Automatic = automaticReason(h, m.From)
	m.AuthResults = ReadAuthResults(h.Values("Authentication-Results"))

	var f bodyFinder
	f.find(e, entErr, 0)
	var body string
	switch {
	case f.text != nil:
		body = *f.text
	case f.html != nil:
		body = HTMLText(*f.html)
	}
	if f.report && m.Automatic == "" {
		m.Automatic = "delivery report (multipart/report inside the mail)"
	}
	m.sender = senderOf(h)
	m.Body, m.Text = body, replyText(body, m.sender)
	return m, nil
}

// ReplyText is the new text of body, a part of m's text (its Body with
// some of it taken out), read as ReadMail reads m's: knowing its sender's
// name, which a signature repeats.
func (m Mail) ReplyText(body string) string { return replyText(body, m.sender) }

// MailTexts are the texts a mail shows its reader: its text/plain part's
// and its text/html part's (through HTMLText), those it has — for the
// server's own mails, which replies quote in either form.
func MailTexts(raw []byte) []string {
	text, html := mailParts(raw, true)
	var out []string
	if text != nil {
		out = append(out, *text)
	}
	if html != nil {
		out = append(out, HTMLText(*html))
	}
	return out
}

// StripSent is StripQuoted with the texts of sent, a raw mail the reply
// body answers: its text part's first, its HTML part's (dearer to read)
// only when quoted runs may be left — what the text part did not take
// out still holds a line of many words.
func StripSent(body string, sent []byte) (rest string, removed bool) {
	text, html, ok := ownParts(sent)
	if !ok {
		text, html = mailParts(sent, true)
	}
	rest = body
	if text != nil {
		rest, removed = StripQuoted(rest, *text)
	}
	if html == nil || !mayHoldQuote(rest) {
		return rest, removed
	}
	rest, more := StripQuoted(rest, HTMLText(*html))
	return rest, removed || more
}

// mayHoldQuote reports whether text has a run of quoted words left:
// enough words for StripQuoted to take any out.
func mayHoldQuote(text string) bool {
	n := 0
	for line := range strings.SplitSeq(text, "\n") {
		eachWord(line, func(string) { n++ })
		if n >= minQuotedWords*2 {
			return true
		}
	}
	return false
}

// mailParts are a mail's text/plain part and, with both, its text/html
// part too, nil when it has none (or, without both, the html when the
// text comes first).
func mailParts(raw []byte, both bool) (text, html *string) {
	e, entErr, err := readEntity(raw)
	if err != nil {
		return nil, nil
	}
	f := bodyFinder{both: both}
	f.find(e, entErr, 0)
	return f.text, f.html
}

// readEntity reads the header, and on a header go-message refuses (a stray
// line, a first line that is a continuation, no blank line before the body)
// tries once more with the header repaired. entErr is go-message's
// non-fatal complaint about the body's charset or transfer encoding.
func readEntity(raw []byte) (e *message.Entity, entErr, err error) {
	if bytes.HasPrefix(raw, []byte("From ")) {
		// The mbox envelope line an MTA pipe may put first.
		if i := bytes.IndexByte(raw, '\n'); i >= 0 {
			raw = raw[i+1:]
		} else {
			raw = nil
		}
	}
	e, err = message.Read(bytes.NewReader(raw))
	if e != nil && e.Header.Len() > 0 {
		return e, err, nil
	}
	e2, err2 := message.Read(bytes.NewReader(repairHeader(raw)))
	if e2 != nil && e2.Header.Len() > 0 {
		return e2, err2, nil
	}
	if e != nil || err == nil || errors.Is(err, io.EOF) {
		err = errNoHeader
	}
	return nil, nil, err
}

// repairHeader keeps, from the header block, only the lines that are
// "Name: value" fields or their continuations, and ends the block with a
// blank line; the body is left as it is.
func repairHeader(raw []byte) []byte {
	raw = bytes.TrimLeft(raw, "\r\n")
	var out bytes.Buffer
	out.Grow(len(raw) + 4)
	kept := false
	for len(raw) > 0 {
		line := raw
		next := []byte(nil)
		if i := bytes.IndexByte(raw, '\n'); i >= 0 {
			line, next = raw[:i+1], raw[i+1:]
		}
		content := bytes.TrimRight(line, "\r\n")
		if len(content) == 0 {
			break
		}
		raw = next
		switch {
		case content[0] == ' ' || content[0] == '\t':
			if !kept {
				continue
			}
		case isHeaderField(content):
			kept = true
		default:
			kept = false
			continue
		}
		out.Write(content)
		out.WriteString("\r\n")
	}
	out.WriteString("\r\n")
	raw = bytes.TrimPrefix(raw, []byte("\r"))
	raw = bytes.TrimPrefix(raw, []byte("\n"))
	out.Write(raw)
	return out.Bytes()
}

// isHeaderField reports whether line starts with a valid field name and a
// colon (RFC 5322: printable ASCII but the colon).
func isHeaderField(line []byte) bool {
	i := bytes.IndexByte(line, ':')
	if i <= 0 {
		return false
	}
	name := bytes.TrimRight(line[:i], " \t")
	if len(name) == 0 {
		return false
	}
	for _, c := range name {
		if c < 33 || c > 126 {
			return false
		}
	}
	return true
}
