package mailer

import (
	"bytes"
	"context"
	"crypto/rand"
	"encoding/base32"
	"fmt"
	"strings"
	"time"

	"github.com/emersion/go-imap/v2"
	"github.com/emersion/go-imap/v2/imapclient"
)

// PlusProbe is what ProbePlus checks: that mail to the server's address
// with a "+" suffix, as every reply address has, reaches the mailbox.
type PlusProbe struct {
	IMAP  IMAPProbe
	SMTP  SMTPProbe     // its From is the server's address, LOCAL@DOMAIN
	Wait  time.Duration // how long to wait for the mail; 0 means 30s
	Every time.Duration // how often to look; 0 means 500ms
	Token string        // the suffix's random part; "" means a fresh one
}

// DoctorHeader marks the mail ProbePlus sends, whose value is its token:
// the daemon ignores it (it is Auto-Submitted and from the server's own
// address), and ProbePlus finds it by it.
const DoctorHeader = "X-Pbem-Doctor"

// ProbePlus sends a mail to LOCAL+doctor-TOKEN@DOMAIN over SMTP, waits for
// it in the mailbox (or in the folders, should pbem serve have filed it
// meanwhile), and deletes it. It needs both servers to work: run it after
// ProbeIMAP and ProbeSMTP passed.
func ProbePlus(ctx context.Context, p PlusProbe) Check {
	const name = "plus addressing"
	local, domain, ok := strings.Cut(p.SMTP.From, "@")
	if !ok || local == "" || domain == "" {
		return fail(name, "server.address (PBEM_ADDRESS) %q is not LOCAL@DOMAIN", p.SMTP.From)
	}
	if p.Token == "" {
		b := make([]byte, 10)
		rand.Read(b)
		p.Token = strings.ToLower(base32.StdEncoding.WithPadding(base32.NoPadding).EncodeToString(b))
	}
	if p.Wait <= 0 {
		p.Wait = 30 * time.Second
	}
	if p.Every <= 0 {
		p.Every = 500 * time.Millisecond
	}
	to := fmt.Sprintf("%s+doctor-%s@%s", local, p.Token, domain)

	c, checks := p.SMTP.connect(ctx, probeTimeout)
	if c == nil {
		return fail(name, "cannot send the test mail: %s", checks[len(checks)-1].Detail)
	}
	err := c.SendMail(p.SMTP.From, []string{to}, bytes.NewReader(doctorMail(p.SMTP.From, to, p.Token, domain)))
	c.Quit()
	c.Close()
	if err != nil {
		return fail(name, "the SMTP server refused a mail to %s (%s): the provider may not take plus addresses; "+
			"turn on plus addressing (subaddressing), or see docs/operators.md for the MTA's settings", to, smtpAnswer(err))
	}
	sent := time.Now()

	ic, checks := p.IMAP.login(ctx, p.Wait+probeTimeout)
	if ic == nil {
		return fail(name, "sent a mail to %s, but cannot look for it: %s", to, checks[len(checks)-1].Detail)
	}
	defer ic.Close()
	defer ic.Logout()
	places := []string{p.IMAP.mailbox()}
	if ns, err := namespace(ic); err == nil {
		places = append(places, ns.Folder(orDefault(p.IMAP.Processed, DefaultProcessed)), ns.Folder(orDefault(p.IMAP.Rejected, DefaultRejected)))
	}
	deadline := time.NewTimer(p.Wait)
	defer deadline.Stop()
	for {
		for i, box := range places {
			found, err := findAndDelete(ic, box, p.Token)
			switch {
			case found:
				where := box
				if i > 0 {
					where += ", where pbem serve had already filed it"
				}
				after := max(time.Since(sent), time.Millisecond).Round(time.Millisecond)
				if err != nil {
					return warn(name, "a mail to %s arrived in %s after %s, but could not be deleted (%v): delete it by hand", to, where, after, err)
				}
				return pass(name, "a mail to %s arrived in %s after %s, and was deleted", to, where, after)
			case err != nil && i == 0:
				return fail(name, "sent a mail to %s, but cannot look for it in %s: %v", to, box, err)
			}
		}
		select {
		case <-ctx.Done():
			return fail(name, "stopped while waiting for the mail to %s: %v", to, ctx.Err())
		case <-deadline.C:
			return fail(name, "a mail to %s did not reach %s within %s: the mail server does not deliver plus addresses "+
				"(LOCAL+anything@DOMAIN) to this mailbox, or filed it as spam; turn on plus addressing (subaddressing) "+
				"at the provider, or see docs/operators.md for the MTA's settings", to, p.IMAP.mailbox(), p.Wait)
		case <-time.After(p.Every):
		}
	}
}

func orDefault(s, def string) string {
	if s == "" {
		return def
	}
	return s
}

// doctorMail is the test mail: automatic, so that no one answers it.
func doctorMail(from, to, token, domain string) []byte {
	return fmt.Appendf(nil, "From: <%s>\r\nTo: <%s>\r\nSubject: pbem doctor %s\r\nDate: %s\r\n"+
		"Message-ID: <doctor-%s@%s>\r\nAuto-Submitted: auto-generated\r\n%s: %s\r\n"+
		"Content-Type: text/plain; charset=us-ascii\r\n\r\n"+
		"pbem doctor checks that mail to %s reaches the mailbox pbem reads.\r\n"+
		"It deletes this mail itself once found: if you read it, it was not found in time.\r\n",
		from, to, token, time.Now().UTC().Format(time.RFC1123Z), token, domain, DoctorHeader, token, to)
}

// findAndDelete looks for the doctor's mail in box and deletes it: UID
// EXPUNGE with UIDPLUS, else EXPUNGE.
func findAndDelete(c *imapclient.Client, box, token string) (bool, error) {
	if _, err := c.Select(box, nil).Wait(); err != nil {
		return false, fmt.Errorf("select %s: %w", box, err)
	}
	data, err := c.UIDSearch(&imap.SearchCriteria{Header: []imap.SearchCriteriaHeaderField{{Key: DoctorHeader, Value: token}}}, nil).Wait()
	if err != nil {
		return false, fmt.Errorf("search %s: %w", box, err)
	}
	uids := data.AllUIDs()
	if len(uids) == 0 {
		return false, nil
	}
	set := imap.UIDSetNum(uids...)
	if err := c.Store(set, &imap.StoreFlags{Op: imap.StoreFlagsAdd, Silent: true, Flags: []imap.Flag{imap.FlagDeleted}}, nil).Close(); err != nil {
		return true, fmt.Errorf("mark the test mail deleted: %w", err)
	}
	if c.Caps().Has(imap.CapUIDPlus) || c.Caps().Has(imap.CapIMAP4rev2) {
		err = c.UIDExpunge(set).Close()
	} else {
		err = c.Expunge().Close()
	}
	return true, err
}
