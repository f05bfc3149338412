package config

import (
	"fmt"
	"strings"
	"time"
)

// DefaultCheckEvery is how often serve checks the whole database for
// damage when server.check_every is not set: once a day, besides the check
// at its start, costs seconds a GB of reading.
const DefaultCheckEvery = 24 * time.Hour

// MinCheckEvery is the shortest server.check_every taken: each check reads
// the whole file.
const MinCheckEvery = time.Hour

// readCheckEvery reads server.check_every: a Go duration (12h) or days
// (7d) of an hour or more; "off" or 0 has serve check nothing, neither at
// its start nor later (0 returned), for an operator who runs pbem check
// from cron; "" is the default.
func readCheckEvery(v string) (time.Duration, error) {
	v = strings.ToLower(strings.TrimSpace(v))
	switch v {
	case "":
		return DefaultCheckEvery, nil
	case "0", "off":
		return 0, nil
	}
	d, err := readDays(v)
	if err != nil || d < MinCheckEvery {
		return 0, fmt.Errorf("server.check_every (PBEM_CHECK_EVERY) is how often serve checks the whole database, a duration of an hour or more such as 24h or 7d, or off, not %q", v)
	}
	return d, nil
}
