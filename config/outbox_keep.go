package config

import (
	"fmt"
	"strconv"
	"strings"
	"time"
)

// DefaultOutboxKeep is how long serve keeps the mails it sent when
// server.outbox_keep is not set: long enough for every bounce and every
// question about a mail, short enough that sent mail does not fill the
// disk.
const DefaultOutboxKeep = 30 * 24 * time.Hour

// MinOutboxKeep is the shortest server.outbox_keep taken: the hourly and
// daily limits count the mails of the last day, and a bounce must find the
// mail it reports on.
const MinOutboxKeep = 24 * time.Hour

// readKeep reads server.outbox_keep: a Go duration (720h) or days (30d);
// 0 or "forever" keeps the mails for ever (0 returned); "" is the
// default.
func readKeep(v string) (time.Duration, error) {
	v = strings.ToLower(strings.TrimSpace(v))
	switch v {
	case "":
		return DefaultOutboxKeep, nil
	case "0", "forever":
		return 0, nil
	}
	bad := fmt.Errorf("server.outbox_keep (PBEM_OUTBOX_KEEP) is how long sent mail is kept, a duration of a day or more such as 30d or 720h, or forever, not %q", v)
	var d time.Duration
	if days, ok := strings.CutSuffix(v, "d"); ok {
		n, err := strconv.ParseFloat(days, 64)
		if err != nil || n > 100*365 {
			return 0, bad
		}
		d = time.Duration(n * float64(24*time.Hour))
	} else {
		var err error
		if d, err = time.ParseDuration(v); err != nil {
			return 0, bad
		}
	}
	if d < MinOutboxKeep {
		return 0, bad
	}
	return d, nil
}
