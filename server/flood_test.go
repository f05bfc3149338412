package server

import (
	"fmt"
	"testing"

	"github.com/stretchr/testify/assert"

	"pbem/mailer"
)

// TestMailFloods: answers to mails that keep coming — an auto-responder
// without the automatic headers, forged strangers — stop at their caps,
// and the last refusal before its cap says so.
func TestMailFloods(t *testing.T) {
	g := newMailGame(t)
	email, _ := g.toMove()
	to, thread := g.reply(email)

	before := len(g.mailsTo(email))
	for i := range 10 {
		g.handle(raw(email, to, fmt.Sprintf("away%d@x", i), thread, "I am out of the office until 2026-12-10."))
	}
	assert.Len(t, g.mailsTo(email), before+1, "one status answer an hour")

	before = len(g.mailsTo(email))
	for i := range 10 {
		g.handle(raw(email, to, fmt.Sprintf("typo%d@x", i), thread, "H8 rihgt 34251"))
	}
	mails := g.mailsTo(email)
	assert.Len(t, mails, before+DefaultAnswersPerHour, "refusals capped for the seat")
	last := "This is the last answer to a refused mail that this hour allows: mails refused after it get none until "
	assert.Contains(t, flat(mails[len(mails)-1]), last, "the last refusal says the next ones are held")
	assert.NotContains(t, flat(mails[len(mails)-2]), last, "the one before does not")

	queued := g.queued()
	for i := range 5 {
		g.handle(raw(fmt.Sprintf("victim+%d@example.org", i), "pbem@localhost", fmt.Sprintf("plus%d@x", i), "", "hello?"))
	}
	assert.Equal(t, queued+1, g.queued(), "plus-tag variants are one address: one explanation a day")

	queued = g.queued()
	for i := range 100 {
		v := g.handle(raw(fmt.Sprintf("forged%d@example.net", i), "pbem@localhost", fmt.Sprintf("forged%d@x", i), "", "hello?"))
		assert.Equal(t, mailer.Rejected, v)
	}
	assert.Equal(t, queued+DefaultStrangersPerHour-1, g.queued(), "explanations to strangers capped an hour (one went to the victim)")
}
