package watch

import (
	"context"
	"fmt"
	"strconv"
	"strings"

	"pbem/engine"
	"pbem/mailer"
	"pbem/parser"
	"pbem/server/core"
	"pbem/store"
)

// Control handles the commands anyone may send (watch N, unwatch [N],
// stop), in a mail that is about no seat of the sender's. Other lines are
// not read: such a mail acts for no seat. Unless the mail proves its
// sender (vouched), they wait for a confirmation from the From address
// (the lobby's proof); a stop from an address silenced already needs none.
func (w Watchers) Control(ctx context.Context, in store.Inbound, m parser.Mail, cmds []parser.Command, vouched bool) (mailer.Verdict, int64, error) {
	from := parser.CanonicalAddress(m.From)
	if !vouched {
		if silenced, err := w.Store.Silenced(ctx, parser.BaseAddress(from)); err != nil || silenced {
			if err != nil {
				return mailer.Rejected, 0, err
			}
			in.Outcome, in.Detail = store.Ignored, "from an address silenced already: nothing to do"
			return mailer.Accepted, 0, w.Core.Ignore(ctx, in, 0)
		}
		lines := make([]string, len(cmds))
		for i, c := range cmds {
			lines[i] = c.Written
		}
		return mailer.Accepted, 0, w.Core.AskCommand(ctx, in, m, strings.Join(lines, "\n"))
	}
	var done []string
	for _, c := range cmds {
		switch c.Verb {
		case parser.Stop:
			in.Outcome, in.Detail = store.Applied, "stop: every mail to "+parser.BaseAddress(from)+" silenced"
			return mailer.Accepted, 0, w.Store.Silence(ctx, parser.BaseAddress(from), &in)
		case parser.Unwatch:
			id, _ := strconv.ParseInt(c.Text, 10, 64)
			games, err := w.Store.RemoveWatcher(ctx, id, from, nil)
			if err != nil {
				return mailer.Rejected, 0, err
			}
			done = append(done, "unwatched "+core.Count(len(games), "game")) // the record's, for the operator
		case parser.Watch:
			id, err := strconv.ParseInt(c.Text, 10, 64)
			if err != nil || id <= 0 {
				done = append(done, "watch needs a game number")
				continue
			}
			record := in
			record.Outcome, record.Detail = store.Applied, fmt.Sprintf("watch %d", id)
			_, err = w.watch(ctx, id, from, &record, m, false)
			switch {
			case engine.IsRefusal(err):
				return mailer.Rejected, 0, w.Core.Stranger(ctx, in, m, id, err.Error(), core.RefusalSentence(err))
			case err != nil:
				return mailer.Rejected, 0, err
			}
			return mailer.Accepted, 0, nil
		}
	}
	in.Outcome, in.Detail = store.Applied, strings.Join(done, "; ")
	return mailer.Accepted, 0, w.Core.Ignore(ctx, in, 0)
}

// Command finds a command anyone may send among cmds, if any.
func Command(cmds []parser.Command) (parser.Command, bool) {
	for _, c := range cmds {
		if c.Verb == parser.Watch || c.Verb == parser.Unwatch || c.Verb == parser.Stop {
			return c, true
		}
	}
	return parser.Command{}, false
}
