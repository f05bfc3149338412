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
	d, err := readDays(v)
	if err != nil || d < MinOutboxKeep {
		return 0, fmt.Errorf("server.outbox_keep (PBEM_OUTBOX_KEEP) is how long sent mail is kept, a duration of a day or more such as 30d or 720h, or forever, not %q", v)
	}
	return d, nil
}

// readDays reads a duration written as days (30d, up to a century) or as
// a Go duration (720h).
func readDays(v string) (time.Duration, error) {
	if days, ok := strings.CutSuffix(v, "d"); ok {
		n, err := strconv.ParseFloat(days, 64)
		if err != nil || n < 0 || n > 100*365 {
			return 0, fmt.Errorf("not a number of days: %q", v)
		}
		return time.Duration(n * float64(24*time.Hour)), nil
	}
	return time.ParseDuration(v)
}
