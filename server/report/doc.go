// Package report is the operator's view of the server (pbem status, mail
// list and show, outbox list and retry): the figures the database keeps,
// the mails read and queued, and one mail as the server read it.
//
// It may call the store and, to read a mail as it was handled, the
// server's core (Core); it imports no other feature package.
package report
