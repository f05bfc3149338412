package mailer

import (
	"cmp"
	"context"
	"fmt"
	"hash/fnv"
	"runtime/debug"
	"slices"
	"strconv"
	"sync"
	"time"

	"github.com/emersion/go-imap/v2"
)

// Bounds on what one pass holds in memory at once.
const (
	chunkUIDs     = 100      // UIDs whose sizes are asked at once
	batchBytes    = 32 << 20 // bytes of mail fetched at once (at least one mail)
	oversizeBytes = 64 << 10 // what a header-only mail is counted as
)

// pending is a mail waiting in the mailbox.
type pending struct {
	uid  imap.UID
	size int64
}

// pass handles every mail past the stored last UID, in UID order, and
// returns how many it handled. A mail whose Handler fails stays in the
// mailbox, deferred (receiver_defer.go), with the mails after it in its
// lane; the error pass returns is the connection's or the store's.
func (s *session) pass(ctx context.Context) (int, error) {
	select {
	case <-s.newMail: // this pass sees whatever that announced
	default:
	}
	last, err := s.lastUID(ctx)
	if err != nil {
		return 0, err
	}
	uids, err := s.newUIDs(last)
	if err != nil {
		return 0, err
	}
	s.r.deferred.in(s.uidValidity)
	s.r.deferred.keep(uids)
	handled := 0
	for chunk := range slices.Chunk(uids, chunkUIDs) {
		mails, err := s.sizes(chunk)
		if err != nil {
			return handled, err
		}
		for len(mails) > 0 {
			n := batchLen(mails, s.r.MaxSize)
			k, err := s.batch(ctx, mails[:n])
			handled += k
			if err != nil {
				return handled, err
			}
			mails = mails[n:]
		}
	}
	return handled, nil
}

// lastUID is the last UID handled in the selected mailbox, 0 when it was
// never read or its UIDVALIDITY changed: its UIDs then name other mails, so
// everything in it is handed again (the Handler's dedupe makes that safe).
func (s *session) lastUID(ctx context.Context) (imap.UID, error) {
	validity, last, ok, err := s.r.Store.MailboxState(ctx, s.key)
	if err != nil {
		return 0, fmt.Errorf("imap: read progress: %w", err)
	}
	if ok && validity == s.uidValidity {
		return imap.UID(last), nil
	}
	if ok {
		s.r.Logger.Warn("UIDVALIDITY changed; reading the mailbox from its start", "was", validity, "now", s.uidValidity)
	}
	if err := s.r.Store.SetMailboxState(ctx, s.key, s.uidValidity, 0); err != nil {
		return 0, fmt.Errorf("imap: reset progress: %w", err)
	}
	return 0, nil
}

// newUIDs lists the UIDs above last, sorted. "UID last+1:*" also matches
// the highest UID when it is at most last, hence the filter.
func (s *session) newUIDs(last imap.UID) ([]imap.UID, error) {
	var set imap.UIDSet
	set.AddRange(last+1, 0)
	data, err := s.c.UIDSearch(&imap.SearchCriteria{UID: []imap.UIDSet{set}}, nil).Wait()
	if err != nil {
		return nil, fmt.Errorf("imap: search UIDs above %d: %w", last, err)
	}
	uids := slices.DeleteFunc(data.AllUIDs(), func(u imap.UID) bool { return u <= last })
	slices.Sort(uids)
	return uids, nil
}

// sizes asks the sizes of these mails; a mail expunged meanwhile is missing
// from the answer.
func (s *session) sizes(uids []imap.UID) ([]pending, error) {
	msgs, err := s.c.Fetch(imap.UIDSetNum(uids...), &imap.FetchOptions{UID: true, RFC822Size: true}).Collect()
	if err != nil {
		return nil, fmt.Errorf("imap: fetch sizes: %w", err)
	}
	out := make([]pending, 0, len(msgs))
	for _, m := range msgs {
		if slices.Contains(uids, m.UID) {
			out = append(out, pending{uid: m.UID, size: m.RFC822Size})
		}
	}
	slices.SortFunc(out, func(a, b pending) int { return cmp.Compare(a.uid, b.uid) })
	return out, nil
}

// batchLen is how many of mails (at least one) fit in batchBytes.
func batchLen(mails []pending, maxSize int64) int {
	var total int64
	for i, m := range mails {
		size := m.size
		if size > maxSize {
			size = oversizeBytes
		}
		total += size
		if total > batchBytes && i > 0 {
			return i
		}
	}
	return len(mails)
}

var (
	wholeMail  = &imap.FetchItemBodySection{Peek: true}
	headerOnly = &imap.FetchItemBodySection{Specifier: imap.PartSpecifierHeader, Peek: true}
)

// batch fetches these mails, hands them to the Handler in order, moves the
// handled ones, then records the last UID: the one before the first mail
// left in the mailbox (deferred, or waiting behind a deferred one), so
// that the next pass sees it again. Recording after the move means a crash
// between the two hands a mail again, never loses one.
func (s *session) batch(ctx context.Context, mails []pending) (int, error) {
	raws, err := s.fetch(mails)
	if err != nil {
		return 0, err
	}
	verdicts := s.handleAll(ctx, mails, raws)
	var accepted, rejected imap.UIDSet
	var done imap.UID
	handled, left := 0, false
	for _, m := range mails {
		v, ok := verdicts[m.uid]
		_, fetched := raws[m.uid]
		switch {
		case ok:
			handled++
			addVerdict(&accepted, &rejected, m.uid, v)
		case fetched: // left in the mailbox: the progress stops before it
			left = true
		}
		// A mail not fetched was expunged by someone else meanwhile.
		if !left {
			done = m.uid
		}
	}
	if err := s.move(accepted, s.processed); err != nil {
		return handled, err
	}
	if err := s.move(rejected, s.rejected); err != nil {
		return handled, err
	}
	if done != 0 {
		if err := s.r.Store.SetMailboxState(ctx, s.key, s.uidValidity, uint32(done)); err != nil {
			return handled, fmt.Errorf("imap: record progress: %w", err)
		}
	}
	return handled, nil
}

// fetch downloads the mails without setting \Seen: whole when at most
// MaxSize, else their header alone behind an OversizeHeader line.
func (s *session) fetch(mails []pending) (map[imap.UID][]byte, error) {
	var whole, header imap.UIDSet
	sizes := make(map[imap.UID]int64, len(mails))
	for _, m := range mails {
		sizes[m.uid] = m.size
		if m.size > s.r.MaxSize {
			header.AddNum(m.uid)
		} else {
			whole.AddNum(m.uid)
		}
	}
	raws := make(map[imap.UID][]byte, len(mails))
	for _, part := range []struct {
		set     imap.UIDSet
		section *imap.FetchItemBodySection
	}{{whole, wholeMail}, {header, headerOnly}} {
		if len(part.set) == 0 {
			continue
		}
		opts := &imap.FetchOptions{UID: true, BodySection: []*imap.FetchItemBodySection{part.section}}
		msgs, err := s.c.Fetch(part.set, opts).Collect()
		if err != nil {
			return nil, fmt.Errorf("imap: fetch mails %s: %w", part.set, err)
		}
		for _, m := range msgs {
			body := m.FindBodySection(part.section)
			if body == nil || !part.set.Contains(m.UID) {
				continue
			}
			if part.section == headerOnly {
				body = oversize(body, sizes[m.UID])
			}
			raws[m.UID] = body
		}
	}
	return raws, nil
}

func addVerdict(accepted, rejected *imap.UIDSet, uid imap.UID, v Verdict) {
	if v == Rejected {
		rejected.AddNum(uid)
	} else {
		accepted.AddNum(uid)
	}
}

// handleAll hands the fetched mails to the Handler: in UID order when
// Workers is 1; else spread over Workers goroutines by Lane, each lane's
// mails in UID order, so that mails about different games are handled at
// once and share the store's group commits. It returns the verdicts. A
// mail whose Handler fails, or that waits out an earlier failure, is
// deferred, and the mails after it in its lane wait for the next pass;
// the worker goes on with its other lanes.
func (s *session) handleAll(ctx context.Context, mails []pending, raws map[imap.UID][]byte) map[imap.UID]Verdict {
	workers := max(1, s.r.Workers)
	if s.r.Lane == nil {
		workers = 1
	}
	type laned struct {
		pending
		lane string
	}
	queues := make([][]laned, workers)
	for _, m := range mails {
		raw, ok := raws[m.uid]
		if !ok {
			continue
		}
		var lane string
		if s.r.Lane != nil {
			lane = s.r.Lane(raw)
		}
		w := 0
		if workers > 1 {
			h := fnv.New32a()
			h.Write([]byte(lane))
			w = int(h.Sum32() % uint32(workers))
		}
		queues[w] = append(queues[w], laned{m, lane})
	}
	var mu sync.Mutex
	verdicts := make(map[imap.UID]Verdict, len(mails))
	var wg sync.WaitGroup
	for _, q := range queues {
		wg.Add(1)
		go func() {
			defer wg.Done()
			waiting := map[string]bool{} // lanes behind a deferred mail
			for _, m := range q {
				if waiting[m.lane] || ctx.Err() != nil {
					continue
				}
				if s.r.deferred.waiting(m.uid, time.Now()) {
					waiting[m.lane] = true
					continue
				}
				v, err := s.handle(ctx, m.uid, raws[m.uid])
				if err != nil {
					waiting[m.lane] = true
					if ctx.Err() == nil {
						in := s.r.deferred.failed(m.uid, time.Now(), err)
						s.r.Logger.Warn("mail handler failed; the mail stays and is retried, the other games' mails go on",
							"uid", m.uid, "err", err, "in", in)
					}
					continue
				}
				s.r.deferred.done(m.uid)
				mu.Lock()
				verdicts[m.uid] = v
				mu.Unlock()
				s.r.Logger.Debug("handled mail", "uid", m.uid, "size", m.size, "verdict", v)
			}
		}()
	}
	wg.Wait()
	return verdicts
}

// oversize marks a header fetched alone.
func oversize(header []byte, size int64) []byte {
	line := OversizeHeader + ": " + strconv.FormatInt(size, 10) + "\r\n"
	return append([]byte(line), header...)
}

// handle calls the Handler. A panic is one bad mail, not a reason to stop
// every other: the mail is rejected and the panic logged.
func (s *session) handle(ctx context.Context, uid imap.UID, raw []byte) (v Verdict, err error) {
	defer func() {
		if p := recover(); p != nil {
			s.r.Logger.Error("mail handler panicked; the mail goes to the rejected mailbox",
				"uid", uid, "panic", p, "stack", string(debug.Stack()))
			v, err = Rejected, nil
		}
	}()
	return s.r.Handle(ctx, raw)
}

// move moves mails to a mailbox: UID MOVE where the server has MOVE, else
// COPY, STORE \Deleted and UID EXPUNGE (UIDPLUS) or EXPUNGE, as imapclient
// does. A plain EXPUNGE also removes other mails marked \Deleted in the
// mailbox: only servers without UIDPLUS, rare today, need it.
func (s *session) move(uids imap.UIDSet, mailbox string) error {
	if len(uids) == 0 {
		return nil
	}
	if _, err := s.c.Move(uids, mailbox).Wait(); err != nil {
		return fmt.Errorf("imap: move mails %s to %s: %w", uids, mailbox, err)
	}
	return nil
}
