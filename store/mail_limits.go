package store

import (
	"context"
	"database/sql"
	"fmt"
)

// MailLimits gives the limits a mail about game (0 for none) is held to:
// queued only while each allows one more, as a LimitedMail's are.
type MailLimits func(game int64, m OutMail) []Limit

type mailLimitsKey struct{}

// WithMailLimits returns ctx carrying limits, which every mail queued
// under it, by whichever call of the store, is held to; a mail held back
// is not queued, and the inbound mail that caused it notes so. The server
// sets it while it handles a mail that may make it write to someone who
// did not ask (the lobby's answers, confirmations, invitations), so that
// one rule caps them all.
func WithMailLimits(ctx context.Context, limits MailLimits) context.Context {
	return context.WithValue(ctx, mailLimitsKey{}, limits)
}

// heldByLimits reports whether the limits of ctx hold m back, counting it
// under each when they do not; the inbound mail cause (0 for none) notes
// a mail held back.
func heldByLimits(ctx context.Context, tx *sql.Tx, game, cause int64, m OutMail, now string) (bool, error) {
	limits, _ := ctx.Value(mailLimitsKey{}).(MailLimits)
	if limits == nil {
		return false, nil
	}
	ls := limits(game, m)
	if len(ls) == 0 {
		return false, nil
	}
	held, err := replyHeldAt(ctx, tx, parseTime(now), ls)
	if err != nil || held == "" {
		return false, err
	}
	if cause != 0 {
		more := fmt.Sprintf("; a mail to %s held back by the limit %s", m.Recipient, held)
		if _, err := tx.ExecContext(ctx, `UPDATE inbound_mails SET detail = detail || ? WHERE id = ?`, more, cause); err != nil {
			return false, err
		}
		noteMore(ctx, more)
	}
	return true, nil
}
