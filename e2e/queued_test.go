package e2e

import "testing"

// queuedWhere is every mail queued in e's outbox that where (an SQL
// condition on the outbox row, with args) selects, oldest first, as its
// recipient would read it: for the mails about no one game, which the
// game helpers do not list; its pictures drawn in (finished).
func queuedWhere(t testing.TB, e *env, where string, args ...any) []received {
	t.Helper()
	var out []received
	for _, row := range outboxWhere(t, openDB(t, e.db), where, args...) {
		m, err := readMail(row.Raw)
		if err != nil {
			t.Fatalf("a queued mail: %v", err)
		}
		out = append(out, m)
	}
	return out
}

// lobbyMailsTo is every mail about no game queued for email: the
// lobby's answers, confirmations and invitations to challenges.
func lobbyMailsTo(t testing.TB, e *env, email string) []received {
	t.Helper()
	return queuedWhere(t, e, `recipient = ? AND game_id IS NULL`, email)
}

// digestsTo is every digest queued for email.
func digestsTo(t testing.TB, e *env, email string) []received {
	t.Helper()
	return queuedWhere(t, e, `recipient = ? AND message_id LIKE 'pbem.digest.%'`, email)
}
