package server

import (
	"crypto/sha256"
	"sync"

	"pbem/parser"
)

// A mail is read once. The daemon's receiver asks MailLane for the lane of
// every mail of a fetched batch, then hands each to HandleMail, and reading
// a mail (its MIME parts, the reply's text) is the dearest part of both;
// so MailLane keeps what it read, by a digest of the bytes, and
// HandleMail takes it back instead of reading the mail again. The mails
// kept are bounded: one laned and never handled (its lane stopped at an
// earlier failure) is forgotten once newer ones come, and read again if it
// comes back.

// maxReadMails bounds the mails kept between MailLane and HandleMail: more
// than a receiver's batch (100).
const maxReadMails = 256

// readMails is what MailLane read, for HandleMail; its zero value is
// empty and ready.
type readMails struct {
	mu    sync.Mutex
	mails map[[sha256.Size]byte]parser.Mail
	order [][sha256.Size]byte // oldest first
}

// keep remembers m, read from raw whose digest is sum.
func (r *readMails) keep(sum [sha256.Size]byte, m parser.Mail) {
	r.mu.Lock()
	defer r.mu.Unlock()
	if r.mails == nil {
		r.mails = map[[sha256.Size]byte]parser.Mail{}
	}
	if _, ok := r.mails[sum]; ok {
		return
	}
	if len(r.order) >= maxReadMails {
		delete(r.mails, r.order[0])
		r.order = r.order[1:]
	}
	r.mails[sum] = m
	r.order = append(r.order, sum)
}

// take gives back and forgets the mail read from raw, if kept.
func (r *readMails) take(raw []byte) (parser.Mail, bool) {
	sum := sha256.Sum256(raw)
	r.mu.Lock()
	defer r.mu.Unlock()
	m, ok := r.mails[sum]
	if ok {
		delete(r.mails, sum)
		for i, s := range r.order {
			if s == sum {
				r.order = append(r.order[:i], r.order[i+1:]...)
				break
			}
		}
	}
	return m, ok
}

// readMail is parser.ReadMail of raw, or what MailLane read of it.
func (it *intake) readMail(raw []byte) (parser.Mail, error) {
	if m, ok := it.read.take(raw); ok {
		return m, nil
	}
	return parser.ReadMail(raw)
}
